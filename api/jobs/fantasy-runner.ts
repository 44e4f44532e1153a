/**
 * Runs the fantasy contest lifecycle every few seconds (FANTASY_INTERVAL_MS): locks contests at
 * their start time (or cancels and refunds those short of their minimum entries), scores live
 * contests from the stats feed and settles them at their end time. Each pass is
 * domain/fantasy/advance-contests.ts; every step is one guarded write, so passes are idempotent
 * and two processes running the runner at once still settle each contest once.
 */
import type { Ports, FantasyStatsFeed } from "../../domain/ports/index.ts";
import type { Clock, Ids } from "../../domain/shared/clock.ts";
import { advanceContests, type PassReport } from "../../domain/fantasy/advance-contests.ts";

export interface FantasyRunnerStatus {
  running: boolean;
  lastPassAt: Date | null;
  lastError: string | null;
}

export class FantasyRunner {
  private timer: ReturnType<typeof setInterval> | null = null;
  private passing = false;
  private lastPassAt: Date | null = null;
  private lastError: string | null = null;
  private readonly deps: { ports: Ports; clock: Clock; ids: Ids; feed: FantasyStatsFeed };
  private readonly intervalMs: number;
  private readonly log: (line: string) => void;

  constructor(
    deps: { ports: Ports; clock: Clock; ids: Ids; feed: FantasyStatsFeed },
    opts: { intervalMs: number; log?: (line: string) => void },
  ) {
    this.deps = deps;
    this.intervalMs = opts.intervalMs;
    this.log = opts.log ?? ((line) => console.log(line));
  }

  start(): void {
    if (this.timer || this.intervalMs <= 0) return;
    this.timer = setInterval(() => void this.pass(), this.intervalMs);
    void this.pass();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  status(): FantasyRunnerStatus {
    return { running: this.timer !== null, lastPassAt: this.lastPassAt, lastError: this.lastError };
  }

  /** One pass; a pass still running (slow database) is not overlapped by the next tick. */
  async pass(): Promise<PassReport | null> {
    if (this.passing) return null;
    this.passing = true;
    try {
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
    } finally {
      this.passing = false;
    }
  }
}
