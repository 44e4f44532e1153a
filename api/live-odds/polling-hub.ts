/**
 * One poller, many listeners: while anyone is subscribed, `poll()` runs every `intervalMs` (never
 * two at once) and the items each poll returns go to every subscriber as one batch (a poll that
 * finds nothing sends nothing). The first subscriber starts it (`start()` runs before the first
 * poll, e.g. to begin at the newest change); when the last one leaves, it stops, and the next
 * subscriber starts it afresh. A failing poll is reported and retried on the next tick; a throwing
 * subscriber does not stop the others.
 *
 * The hub holds no shared state of its own: what it sends comes from `poll()` (the database), so
 * every server process runs its own hub and they all send the same changes.
 */
export interface PollingHubOptions<T> {
  intervalMs: number;
  start(): Promise<void>;
  poll(): Promise<T[]>;
  onError?(e: unknown): void;
  /**
   * Arms and clears the wait between polls: setTimeout by default. A test passes its own to fire
   * each tick itself, so "nothing was polled" is a fact (no tick armed, the loop ended) rather than
   * a sleep that a slow machine would make pass for the wrong reason.
   */
  timer?: Timer;
}

export interface Timer {
  set(fire: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimer: Timer = {
  set: (fire, ms) => setTimeout(fire, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Receives the items of one poll, in order (never an empty list). */
export type Listener<T> = (items: T[]) => void;

export class PollingHub<T> {
  private readonly opts: PollingHubOptions<T>;
  private readonly listeners = new Set<Listener<T>>();
  private readonly timer: Timer;
  /** The current run's loop: it settles once that run has stopped. */
  private loopDone: Promise<void> = Promise.resolve();
  /** Bumped on every start and stop, so a loop from an earlier run ends by itself. */
  private generation = 0;
  private running = false;
  private started = false;
  private firstAttempt: Promise<void> | null = null;
  private armed: unknown = null;
  private wakeSleeper: (() => void) | null = null;
  private polls = 0;
  private pollWaiters: { n: number; resolve: () => void }[] = [];

  constructor(opts: PollingHubOptions<T>) {
    this.opts = opts;
    this.timer = opts.timer ?? realTimer;
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /**
   * Resolves once the current run has ended (after the last subscriber left): from then on nothing
   * polls until the next subscriber starts a new run.
   */
  whenStopped(): Promise<void> {
    return this.loopDone;
  }

  /** Polls finished so far (their items, if any, already handed to the listeners). */
  get pollsFinished(): number {
    return this.polls;
  }

  /**
   * Resolves once `n` polls have finished in all: a test that expects nothing more to be sent waits
   * for polls to have run and found nothing, rather than for time to pass.
   */
  whenPolled(n: number): Promise<void> {
    if (this.polls >= n) return Promise.resolve();
    return new Promise((resolve) => this.pollWaiters.push({ n, resolve }));
  }

  private pollFinished() {
    this.polls++;
    if (this.pollWaiters.length === 0) return;
    const due = this.pollWaiters.filter((w) => w.n <= this.polls);
    this.pollWaiters = this.pollWaiters.filter((w) => w.n > this.polls);
    for (const w of due) w.resolve();
  }

  /**
   * Add a listener; resolves once the poller has made its first attempt to start (so changes from
   * then on reach the listener). Returns the function that removes it (safe to call twice).
   */
  async subscribe(listener: Listener<T>): Promise<() => void> {
    this.listeners.add(listener);
    if (!this.running) this.run();
    await this.firstAttempt;
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.halt();
    };
  }

  private run() {
    this.running = true;
    this.started = false;
    const generation = ++this.generation;
    let signalFirst!: () => void;
    this.firstAttempt = new Promise<void>((resolve) => (signalFirst = resolve));
    this.loopDone = this.loop(generation, signalFirst);
  }

  private halt() {
    this.running = false;
    this.generation++;
    if (this.armed !== null) this.timer.clear(this.armed);
    this.armed = null;
    this.wakeSleeper?.();
  }

  private async loop(generation: number, signalFirst: () => void) {
    while (generation === this.generation) {
      try {
        if (!this.started) {
          await this.opts.start();
          this.started = true;
        } else {
          const items = await this.opts.poll();
          if (generation !== this.generation) break;
          if (items.length > 0) {
            for (const listener of [...this.listeners]) {
              try {
                listener(items);
              } catch (e) {
                this.opts.onError?.(e);
              }
            }
          }
          this.pollFinished();
        }
      } catch (e) {
        this.opts.onError?.(e);
      }
      signalFirst();
      if (generation !== this.generation) break;
      let wake!: () => void;
      let handle: unknown = null;
      await new Promise<void>((resolve) => {
        wake = resolve;
        this.wakeSleeper = resolve;
        handle = this.armed = this.timer.set(resolve, this.opts.intervalMs);
      });
      if (this.armed === handle) this.armed = null;
      if (this.wakeSleeper === wake) this.wakeSleeper = null;
    }
    signalFirst();
  }
}
