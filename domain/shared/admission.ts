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
 * unread in their sockets while the one thread is busy, and only the thread's lag (how late a
 * short timer fires) shows it. So a new write is also refused while the lag exceeds the budget,
 * meant to let the thread catch up with the backlog. Measured, it is not enough on its own: with
 * the load generator on the same two cores, a refusal still costs the whole HTTP read and reply,
 * and at three times capacity offered the admitted writes were still answered seconds late
 * (docs/benchmarks.md, "Admission control").
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
}

export type AdmissionDecision = { admitted: true } | { admitted: false; waitMs: number; retryAfterSeconds: number };

export class AdmissionEstimator {
  readonly budgetMs: number;
  private readonly tauMs: number;
  private readonly sampleMs: number;
  private readonly minQueue: number;
  private inFlight = 0;
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
  }

  /** The estimated wait of a write arriving now, in ms. */
  waitMs(now: number): number {
    if (this.inFlight === 0) return 0;
    const queued = this.perWriteMs === undefined || this.warmBusyMs < this.tauMs ? 0 : this.inFlight * this.perWriteMs;
    return Math.max(queued, now - this.lastProgress);
  }

  /**
   * Whether a write arriving now would be admitted, without counting it. `lagMs`: how late the
   * thread currently runs its timers (the wait of a request not yet read), 0 when unknown.
   */
  check(now: number, lagMs = 0): AdmissionDecision {
    const waitMs = Math.max(this.waitMs(now), lagMs);
    if (this.inFlight >= this.minQueue && waitMs > this.budgetMs)
      return { admitted: false, waitMs, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    return { admitted: true };
  }

  /** Admit (and count as in flight) or refuse a write arriving now. */
  admit(now: number, lagMs = 0): AdmissionDecision {
    const decision = this.check(now, lagMs);
    if (decision.admitted) this.enter(now);
    return decision;
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
