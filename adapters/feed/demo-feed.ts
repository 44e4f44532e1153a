/**
 * The demo odds feed: a server-side simulator that, every few seconds, moves the match-winner
 * prices of live events (at most 0.10 a step, never below 1.01), advances their match minute and
 * now and then the score, and stores it all in the database. The price a customer sees is
 * therefore the price placement checks.
 */
import type { Client, InStatement } from "@libsql/client";
import type { Leadership } from "../libsql/lease.ts";
import { nextPrice, randomStep } from "../../domain/betting/price-move.ts";

/** Match length in minutes; the clock stops there until an operator finishes the event. */
const DURATION: Record<string, number> = {
  soccer: 90, basketball: 48, tennis: 180, nfl: 60, hockey: 60, mlb: 180, afl: 80, nrl: 80, golf: 300, cricket: 420, racing: 2,
};
/** Chance per tick that a side scores, and how much. */
const SCORING: Record<string, { p: number; points: number[] }> = {
  soccer: { p: 0.02, points: [1] },
  hockey: { p: 0.03, points: [1] },
  basketball: { p: 0.6, points: [1, 2, 2, 3] },
  nfl: { p: 0.06, points: [3, 7] },
  afl: { p: 0.25, points: [1, 6] },
  nrl: { p: 0.05, points: [2, 4, 6] },
  mlb: { p: 0.04, points: [1] },
  tennis: { p: 0.05, points: [1] },
  cricket: { p: 0.5, points: [1, 1, 2, 4, 6] },
  golf: { p: 0.05, points: [1] },
  racing: { p: 0, points: [0] },
};

export interface FeedStatus {
  running: boolean;
  lastTickAt: Date | null;
  /** Whether this process currently moves the prices (holds the feed lease). */
  leader: boolean;
}

export interface FeedOptions {
  intervalMs: number;
  random?: () => number;
  now?: () => Date;
  /** Present when several instances share the database: only the lease holder ticks. */
  leadership?: Leadership;
}

export class DemoFeed {
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastTickAt: Date | null = null;
  private ticking = false;

  private leading = false;
  private readonly client: Client;
  private readonly opts: FeedOptions;

  constructor(client: Client, opts: FeedOptions = { intervalMs: 3000 }) {
    this.client = client;
    this.opts = opts;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick().catch((e) => console.error("demo feed tick failed", e)), this.opts.intervalMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.leading) void this.opts.leadership?.release().catch(() => {});
    this.leading = false;
  }

  status(): FeedStatus {
    return { running: this.timer !== null, lastTickAt: this.lastTickAt, leader: this.opts.leadership ? this.leading : true };
  }

  /** One step of the simulation, written in one batch. Returns how many prices moved. */
  async tick(): Promise<number> {
    if (this.ticking) return 0;
    this.ticking = true;
    try {
      // With several instances on one database only the lease holder moves prices; the others
      // stand by and take over when the holder stops renewing.
      if (this.opts.leadership) {
        this.leading = await this.opts.leadership.tryAcquire();
        if (!this.leading) return 0;
      }
      const random = this.opts.random ?? Math.random;
      const now = (this.opts.now ?? (() => new Date()))().getTime();
      const live = await this.client.execute(
        "SELECT id, sport, minute, home_score, away_score FROM events WHERE status = 'live'",
      );
      const prices = await this.client.execute(`
        SELECT o.id, o.price_milli, m.id AS market_id FROM outcomes o
        JOIN markets m ON m.id = o.market_id JOIN events e ON e.id = m.event_id
        WHERE e.status = 'live' AND m.status = 'open' AND m.type = 'full_time_result'`);
      const statements: InStatement[] = [];
      for (const e of live.rows) {
        const sport = String(e.sport);
        const minute = Math.min(DURATION[sport] ?? 90, Number(e.minute ?? 0) + 1);
        let home = Number(e.home_score ?? 0);
        let away = Number(e.away_score ?? 0);
        const s = SCORING[sport] ?? SCORING.soccer;
        if (random() < s.p) {
          const pts = s.points[Math.floor(random() * s.points.length)];
          if (random() < 0.5) home += pts;
          else away += pts;
        }
        statements.push({
          sql: "UPDATE events SET minute = ?, home_score = ?, away_score = ?, updated_at = ? WHERE id = ? AND status = 'live'",
          args: [minute, home, away, now, String(e.id)],
        });
      }
      // Move about half the live markets each tick, every outcome of a moving market by its own step.
      const moving = new Map<string, boolean>();
      let moved = 0;
      for (const o of prices.rows) {
        const marketId = String(o.market_id);
        if (!moving.has(marketId)) moving.set(marketId, random() < 0.5);
        if (!moving.get(marketId)) continue;
        const current = Number(o.price_milli);
        const next = nextPrice(current, randomStep(random()));
        if (next === current) continue;
        moved++;
        statements.push({
          sql: "UPDATE outcomes SET price_milli = ?, updated_at = ? WHERE id = ?",
          args: [next, now, String(o.id)],
        });
      }
      if (statements.length > 0) await this.client.batch(statements, "write");
      this.lastTickAt = new Date(now);
      return moved;
    } finally {
      this.ticking = false;
    }
  }
}
