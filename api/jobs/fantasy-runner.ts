/**
 * Runs the fantasy contest lifecycle every few seconds (FANTASY_INTERVAL_MS): locks contests at
 * their start time (or cancels and refunds those short of their minimum entries), scores live
 * contests from the stats feed and settles them at their end time. Each pass is
 * domain/fantasy/advance-contests.ts; every step is one guarded write, so passes are idempotent
 * and two processes running the runner at once still settle each contest once.
 *
 * With several instances on one database, give it a `leadership` (a DatabaseLease of its own
 * name, like the demo feed's): each pass first acquires or renews the lease and only the holder
 * does the work; the others stand by and take over when the holder stops renewing (crash) or
 * releases it (stop). So the work is not doubled and the instances do not race for the same
 * contests.
 */
import type { Ports, FantasyStatsFeed } from "../../domain/ports/index.ts";
import type { Clock, Ids } from "../../domain/shared/clock.ts";
import { advanceContests, type PassReport } from "../../domain/fantasy/advance-contests.ts";
import type { Leadership } from "../../domain/ports/leadership.ts";

export interface FantasyRunnerStatus {
  running: boolean;
  lastPassAt: Date | null;
  lastError: string | null;
  /** Whether this instance runs the lifecycle (holds the runner's lease; always, without one). */
  leader: boolean;
}

/** The lease name of the fantasy runner (one holder among the instances sharing a database). */
export const FANTASY_RUNNER_LEASE = "fantasy-runner";

export class FantasyRunner {
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The pass running now, if any. */
  private current: Promise<PassReport | null> | null = null;
  private lastPassAt: Date | null = null;
  private lastError: string | null = null;
  private readonly deps: { ports: Ports; clock: Clock; ids: Ids; feed: FantasyStatsFeed };
  private readonly intervalMs: number;
  private readonly log: (line: string) => void;
  private readonly leadership: Leadership | null;
  private leading = false;

  constructor(
    deps: { ports: Ports; clock: Clock; ids: Ids; feed: FantasyStatsFeed },
    opts: { intervalMs: number; log?: (line: string) => void; leadership?: Leadership },
  ) {
    this.deps = deps;
    this.intervalMs = opts.intervalMs;
    this.log = opts.log ?? ((line) => console.log(line));
    this.leadership = opts.leadership ?? null;
  }

  start(): void {
    if (this.timer || this.intervalMs <= 0) return;
    this.timer = setInterval(() => void this.pass(), this.intervalMs);
    void this.pass();
  }

  /** Stop the timer and hand the lease over at once (another instance takes over on its next pass). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.leadership && this.leading) {
      this.leading = false;
      await this.leadership.release().catch(() => {});
    }
  }

  status(): FantasyRunnerStatus {
    return {
      running: this.timer !== null,
      lastPassAt: this.lastPassAt,
      lastError: this.lastError,
      leader: this.leadership ? this.leading : true,
    };
  }

  /**
   * One pass; a pass still running (slow database) is not overlapped by the next tick. Null when
   * another pass is running, when another instance holds the lease, or on an error.
   */
  pass(): Promise<PassReport | null> {
    if (this.current) return Promise.resolve(null);
    const run = this.passOnce().finally(() => {
      this.current = null;
    });
    this.current = run;
    return run;
  }

  /** Resolves once no pass is running: the one started with the runner included (tests wait on it). */
  async idle(): Promise<void> {
    await this.current;
  }

  private async passOnce(): Promise<PassReport | null> {
    try {
      if (this.leadership) {
        // Acquire or renew; a failed renewal (database unreachable) counts as not leading.
        this.leading = await this.leadership.tryAcquire().catch((e: unknown) => {
          this.leading = false;
          throw e;
        });
        if (!this.leading) return null;
      }
      const report = await advanceContests(this.deps, this.deps.feed);
      this.lastPassAt = this.deps.clock.now();
      this.lastError = null;
      const changed = { locked: report.locked, cancelled: report.cancelled, live: report.live, settled: report.settled };
      for (const f of report.failed) console.error(JSON.stringify({ level: "error", job: "fantasy-runner", ...f }));
      if (Object.values(changed).some((ids) => ids.length > 0))
        this.log(JSON.stringify({ level: "info", job: "fantasy-runner", ...changed }));
      return report;
    } catch (e) {
      this.lastError = String(e);
      console.error(JSON.stringify({ level: "error", job: "fantasy-runner", error: String(e), stack: (e as Error)?.stack }));
      return null;
    }
  }
}
