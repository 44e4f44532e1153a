/**
 * Admission control in front of the single writer: a queued write is refused at once when the wait
 * it would have exceeds a budget, instead of being answered (and written, at the price it carried)
 * long after the customer gave up.
 *
 * The wait a new write would have is estimated as Little's law suggests: the writes already
 * admitted and not yet answered, times the mean time the server has recently needed per answered
 * write while it had work (busy time / completions, an exponentially weighted moving average over
 * about `tauMs` of busy time, so a burst of group-committed answers arriving together does not
 * swing it). If nothing in flight has been answered for a while, that stall is a lower bound on the
 * wait too (the writer lock held by another process, a long checkpoint).
 *
 * What that estimate cannot see is a backlog in front of the gate: under overload the requests wait
 * unread in their sockets (or in the clients, for a free connection) while the one thread is busy.
 * Two signals show it. The thread's lag (how late a short timer fires): a new write is refused while
 * it exceeds the budget. And the thread's busy share (event-loop utilisation): a thread busy more
 * than `maxBusy` of its time cannot take more writes without every request, read or write, waiting
 * longer (and, on a shared machine, without taking the CPU its neighbours need). So while it is
 * that busy, a window of `windowMs` admits the first `minQueue` writes to arrive (a lone write on a
 * busy thread, a start-up or a settlement running, is never refused) and refuses the rest.
 * Measured, the writes in flight stayed under `minQueue` at three times capacity offered (the
 * thread, not the writer, was the bottleneck) and admitted bets were answered 8-10 s late; with the
 * busy share, within 200 ms. Pacing admissions by the previous window's answers instead kept the
 * thread saturated and the tail at 1.4-6.6 s (docs/benchmarks.md, "Admission control").
 *
 * Pure: every call is given the time (and the lag), so tests drive it with a fake clock.
 */

export interface AdmissionOptions {
  /** The longest wait a new write may be given, in ms. */
  budgetMs: number;
  /** Time constant of the moving average, in ms of busy time. */
  tauMs?: number;
  /** A sample of the rate closes after at least this much busy time (and one completion). */
  sampleMs?: number;
  /** Fewer writes than this in flight are never a queue worth refusing for. */
  minQueue?: number;
  /** The busy share of the thread (0-1) above which arriving writes are refused (default 0.9). */
  maxBusy?: number;
  /** While the thread is busy, `minQueue` writes are admitted per window this long, in ms (default 100). */
  windowMs?: number;
}

export type AdmissionDecision = { admitted: true } | { admitted: false; waitMs: number; retryAfterSeconds: number };

export class AdmissionEstimator {
  readonly budgetMs: number;
  private readonly tauMs: number;
  private readonly sampleMs: number;
  private readonly minQueue: number;
  private readonly maxBusy: number;
  private readonly windowMs: number;
  private inFlight = 0;
  /** The current window: when it began and the writes that arrived in it (admitted or not). */
  private windowStart = -Infinity;
  private arrivedInWindow = 0;
  /** Where busy time has been counted up to (meaningful while something is in flight). */
  private busyCursor = 0;
  private busySinceSample = 0;
  private completedSinceSample = 0;
  /** Mean busy ms per answered write; undefined until the first sample closes. */
  private perWriteMs: number | undefined;
  /**
   * Busy time observed so far: the estimate is trusted once it covers a time constant, so the first
   * writes of a cold process (compiling, filling caches, tens of ms each) do not refuse a load the
   * warm process serves in a fraction of a millisecond per write.
   */
  private warmBusyMs = 0;
  /** The last answer, or the start of the current busy period if later. */
  private lastProgress = 0;

  constructor(opts: AdmissionOptions) {
    this.budgetMs = opts.budgetMs;
    this.tauMs = opts.tauMs ?? 500;
    this.sampleMs = opts.sampleMs ?? 20;
    this.minQueue = opts.minQueue ?? 32;
    this.maxBusy = opts.maxBusy ?? 0.9;
    this.windowMs = opts.windowMs ?? 100;
  }

  /** The estimated wait of a write arriving now, in ms. */
  waitMs(now: number): number {
    if (this.inFlight === 0) return 0;
    const queued = this.perWriteMs === undefined || this.warmBusyMs < this.tauMs ? 0 : this.inFlight * this.perWriteMs;
    return Math.max(queued, now - this.lastProgress);
  }

  /**
   * Whether a write arriving now would be admitted, without counting it. `lagMs`: how late the
   * thread currently runs its timers (the wait of a request not yet read), 0 when unknown. `busy`:
   * the share of recent time the thread was busy (0-1), 0 when unknown.
   */
  check(now: number, lagMs = 0, busy = 0): AdmissionDecision {
    const waitMs = Math.max(this.waitMs(now), lagMs);
    if (this.inFlight >= this.minQueue && waitMs > this.budgetMs)
      return { admitted: false, waitMs, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    if (busy > this.maxBusy && this.arrivedRecently(now) > this.minQueue) return { admitted: false, waitMs, retryAfterSeconds: 1 };
    return { admitted: true };
  }

  /** Admit (and count as in flight) or refuse a write arriving now; either way it counts as arrived. */
  admit(now: number, lagMs = 0, busy = 0): AdmissionDecision {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.arrivedInWindow = 0;
    }
    this.arrivedInWindow++;
    const decision = this.check(now, lagMs, busy);
    if (decision.admitted) this.enter(now);
    return decision;
  }

  /** Writes that arrived in the current window (none once it is over). */
  private arrivedRecently(now: number): number {
    return now - this.windowStart >= this.windowMs ? 0 : this.arrivedInWindow;
  }

  /** An admitted write was answered (whatever the answer). */
  finished(now: number): void {
    this.leave(now);
    this.completedSinceSample++;
    this.lastProgress = now;
  }

  /** An admitted write stops waiting for the writer (it waits for something else, e.g. an in-play delay). */
  suspend(now: number): void {
    this.leave(now);
  }

  /** A suspended write queues for the writer again. */
  resume(now: number): void {
    this.enter(now);
  }

  /** Writes in flight (for tests and the health figures). */
  get queued(): number {
    return this.inFlight;
  }

  /** The current mean ms per answered write while busy, if known. */
  get meanPerWriteMs(): number | undefined {
    return this.perWriteMs;
  }

  private enter(now: number) {
    if (this.inFlight === 0) {
      this.busyCursor = now;
      this.lastProgress = Math.max(this.lastProgress, now);
    }
    this.inFlight++;
  }

  private leave(now: number) {
    this.countBusy(now);
    this.inFlight = Math.max(0, this.inFlight - 1);
  }

  private countBusy(now: number) {
    if (this.inFlight > 0 && now > this.busyCursor) {
      // A sample closes only when time moves on, so answers given together (one group commit)
      // all fall in the same sample.
      this.closeSample();
      this.busySinceSample += now - this.busyCursor;
      this.busyCursor = now;
    }
  }

  private closeSample() {
    if (this.completedSinceSample === 0 || this.busySinceSample < this.sampleMs) return;
    const sample = this.busySinceSample / this.completedSinceSample;
    const weight = 1 - Math.exp(-this.busySinceSample / this.tauMs);
    this.warmBusyMs += this.busySinceSample;
    this.perWriteMs = this.perWriteMs === undefined ? sample : this.perWriteMs + weight * (sample - this.perWriteMs);
    this.busySinceSample = 0;
    this.completedSinceSample = 0;
  }
}
