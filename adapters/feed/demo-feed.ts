/**
 * The demo feed: plays every live event forward with the match engine (adapters/feed/engine) and
 * prices its markets from the state with a margin (domain/pricing), writing it all in one batch a
 * tick. What it does each tick, per event:
 * - an upcoming event at its start time kicks off (turns live) and is priced in play; a race jumps
 *   and is suspended while it runs (no betting in running);
 * - the state advances by the real time since the last tick x MATCH_CLOCK_SPEED (sim seconds per
 *   real second);
 * - a score change suspends the event's markets for SCORE_SUSPEND_MS (bets refused inside the
 *   placement write), after which they reopen at the new prices;
 * - outcomes the state decides get their result at once (Over 2.5 at the third goal, correct scores
 *   that can no longer happen), a market whose every outcome is decided closes, and at full time the
 *   event finishes with every market graded; the results job then settles them (settle-decided.ts);
 * - open outcomes are repriced; a market's prices are published only when one of them moved by
 *   PUBLISH_STEP or more, or the book on show fell below its target overround, so prices do not
 *   flicker with every second of the clock (and in-play bets are not refused for nothing);
 * - a market whose price would be 1.02 or shorter is taken down: suspended with the reason
 *   "price_too_short" (its short prices are never written), and reopened at fresh prices once its
 *   shortest price is back at REOPEN_SHORTEST_MILLI or longer (so it does not flicker at the edge).
 *   A market a trader suspended is repriced but never reopened here.
 * With several instances on one database only the lease holder ticks.
 */
import type { Client, InStatement, Row } from "@libsql/client";
import type { Leadership } from "../libsql/lease.ts";
import type { MarketType, SportCode, MatchModel, MatchState, MarketSpec, OutcomeResult } from "../../domain/shared/types.ts";
import { gradeMarket, minuteOf, quoteMarket, REOPEN_SHORTEST_MILLI, targetOverround } from "../../domain/pricing/index.ts";
import { advance, initialState, kickOff, modelFor } from "./engine/index.ts";
import { withoutRunners } from "./engine/racing.ts";

/** A published price moves when the fair price has moved this much (relative), or the book needs it. */
export const PUBLISH_STEP = 0.02;
/** While a race runs, its suspension is renewed this far ahead each tick. */
const RACE_SUSPENSION_MS = 120_000;

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
  /** Sim seconds per real second (MATCH_CLOCK_SPEED, default 1). */
  clockSpeed?: number;
  /** How long a score change suspends the event's markets (SCORE_SUSPEND_MS, default 5000). */
  scoreSuspendMs?: number;
  /** Present when several instances share the database: only the lease holder ticks. */
  leadership?: Leadership;
}

interface OutcomeRow {
  id: string;
  code: string | null;
  priceMilli: number;
  result: OutcomeResult;
}
interface MarketRow {
  id: string;
  type: MarketType;
  line: number | null;
  status: string;
  /** Why the feed suspended it ("price_too_short"), or null. */
  suspendedReason: string | null;
  settled: boolean;
  outcomes: OutcomeRow[];
}

/** What one tick decided for one event: the statements that write it, and whether it scored or finished. */
export interface EventTick {
  statements: InStatement[];
  scored: boolean;
  finished: boolean;
  moved: number;
}

/** The model an event without one is played from: the stored match-result prices say who is stronger. */
function derivedModel(sport: SportCode, league: string, markets: MarketRow[], random: () => number): MatchModel {
  const result = markets.find((m) => m.type === "full_time_result");
  const price = (code: string) => result?.outcomes.find((o) => o.code === code)?.priceMilli;
  const home = price("home");
  const away = price("away");
  const homeShare = home && away ? 1 / home / (1 / home + 1 / away) : 0.5;
  const runners = result?.outcomes.filter((o) => o.code?.startsWith("r")).length ?? 0;
  return modelFor(sport, { homeShare, league, runners: runners || undefined, random });
}

const spec = (m: MarketRow): MarketSpec | null =>
  m.outcomes.every((o) => o.code) ? { type: m.type, line: m.line, codes: m.outcomes.map((o) => o.code!) } : null;

/**
 * The writes for one market at `state`: results the state decides, closing when all are decided,
 * and new prices for the open outcomes when they moved enough (or the book on show is short).
 */
export function marketWrites(m: MarketRow, state: MatchState, model: MatchModel, at: number, force: boolean): { statements: InStatement[]; moved: number } {
  const statements: InStatement[] = [];
  const s = spec(m);
  if (!s || m.settled || m.status === "closed") return { statements, moved: 0 };
  // A withdrawn runner's outcome stays void: the race is graded without it (a null "not decided
  // yet" from the running race must not reopen it, nor a finish grade it).
  const results = gradeMarket(s, state).map((r, i) => (state.sport === "racing" && m.outcomes[i].result === "void" ? "void" : r));
  m.outcomes.forEach((o, i) => {
    if (results[i] !== o.result)
      statements.push({ sql: "UPDATE outcomes SET result = ?, updated_at = ? WHERE id = ?", args: [results[i], at, o.id] });
  });
  if (results.every((r) => r !== null)) {
    statements.push({ sql: "UPDATE markets SET status = 'closed', updated_at = ? WHERE id = ? AND status <> 'closed'", args: [at, m.id] });
    return { statements, moved: 0 };
  }
  const quote = quoteMarket(s, state, model);
  const prices = quote.prices;
  const open = m.outcomes.map((o, i) => ({ o, price: results[i] === null ? prices[i] : null })).filter((x) => x.price !== null);
  if (open.length === 0) return { statements, moved: 0 };
  const heldShort = m.status === "suspended" && m.suspendedReason === "price_too_short";
  const shortest = Math.min(...open.map((x) => x.price!));
  if (quote.tooShort || (heldShort && shortest < REOPEN_SHORTEST_MILLI)) {
    // Taken down, not offered at 1.01 against a capped other side: its short prices are not written.
    if (m.status === "open")
      statements.push({
        sql: "UPDATE markets SET status = 'suspended', suspended_reason = 'price_too_short', updated_at = ? WHERE id = ? AND status = 'open'",
        args: [at, m.id],
      });
    return { statements, moved: 0 };
  }
  if (heldShort) {
    force = true; // reopens at the prices of now
    statements.push({
      sql: "UPDATE markets SET status = 'open', updated_at = ? WHERE id = ? AND status = 'suspended' AND suspended_reason = 'price_too_short'",
      args: [at, m.id],
    });
  }
  const shownBook = open.reduce((sum, x) => sum + 1000 / x.o.priceMilli, 0);
  const movedEnough = open.some((x) => Math.abs(x.price! - x.o.priceMilli) / x.o.priceMilli >= PUBLISH_STEP);
  const decidedNow = results.some((r, i) => r !== m.outcomes[i].result);
  if (!force && !movedEnough && !decidedNow && shownBook >= targetOverround(s, state.sport)) return { statements, moved: 0 };
  let moved = 0;
  for (const x of open) {
    if (x.price === x.o.priceMilli) continue;
    moved++;
    statements.push({ sql: "UPDATE outcomes SET price_milli = ?, updated_at = ? WHERE id = ?", args: [x.price!, at, x.o.id] });
  }
  return { statements, moved };
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

  /** One step of every live (or due) event, written in one batch. Returns how many events it advanced. */
  async tick(): Promise<number> {
    if (this.ticking) return 0;
    this.ticking = true;
    try {
      if (this.opts.leadership) {
        this.leading = await this.opts.leadership.tryAcquire();
        if (!this.leading) return 0;
      }
      const random = this.opts.random ?? Math.random;
      const now = (this.opts.now ?? (() => new Date()))().getTime();
      const events = await this.client.execute({
        sql: `SELECT id, sport, league, status, start_time, state, model, state_at, suspended_until, home_score, away_score
              FROM events WHERE status = 'live' OR (status = 'upcoming' AND start_time <= ?)`,
        args: [now],
      });
      if (events.rows.length === 0) {
        this.lastTickAt = new Date(now);
        return 0;
      }
      const markets = await this.marketsOf(events.rows.map((r) => String(r.id)));
      const statements: InStatement[] = [];
      for (const e of events.rows) statements.push(...this.eventTick(e, markets.get(String(e.id)) ?? [], now, random).statements);
      if (statements.length > 0) await this.client.batch(statements, "write");
      this.lastTickAt = new Date(now);
      return events.rows.length;
    } finally {
      this.ticking = false;
    }
  }

  private async marketsOf(eventIds: string[]): Promise<Map<string, MarketRow[]>> {
    const rs = await this.client.execute({
      sql: `SELECT m.event_id, m.id AS market_id, m.type, m.line, m.status, m.suspended_reason, m.result_kind, o.id, o.code, o.price_milli, o.result
            FROM markets m JOIN outcomes o ON o.market_id = m.id
            WHERE m.event_id IN (${eventIds.map(() => "?").join(",")})
            ORDER BY m.event_id, m.sort_order, m.id, o.sort_order, o.id`,
      args: eventIds,
    });
    const out = new Map<string, MarketRow[]>();
    let current: MarketRow | null = null;
    for (const r of rs.rows) {
      const eventId = String(r.event_id);
      if (!current || current.id !== String(r.market_id)) {
        current = {
          id: String(r.market_id),
          type: r.type as MarketType,
          line: r.line === null ? null : Number(r.line),
          status: String(r.status),
          suspendedReason: r.suspended_reason === null || r.suspended_reason === undefined ? null : String(r.suspended_reason),
          settled: r.result_kind !== null,
          outcomes: [],
        };
        out.set(eventId, [...(out.get(eventId) ?? []), current]);
      }
      current.outcomes.push({ id: String(r.id), code: r.code === null ? null : String(r.code), priceMilli: Number(r.price_milli), result: (r.result ?? null) as OutcomeResult });
    }
    return out;
  }

  /** One event's tick: kick off when due, advance, suspend on a score, decide and reprice its markets, finish. */
  private eventTick(e: Row, markets: MarketRow[], now: number, random: () => number): EventTick {
    const id = String(e.id);
    const sport = e.sport as SportCode;
    const league = String(e.league);
    const model: MatchModel = e.model ? JSON.parse(String(e.model)) : derivedModel(sport, league, markets, random);
    let state: MatchState = e.state ? JSON.parse(String(e.state)) : initialState(sport, model, { league, runners: model.runnerProbs?.length });
    const speed = this.opts.clockSpeed ?? 1;
    const startedAt = Number(e.start_time);
    let since = e.state_at === null ? now : Number(e.state_at);
    const statements: InStatement[] = [];
    const goingLive = e.status === "upcoming";
    if (goingLive) {
      if (state.phase === "pre") state = kickOff(state);
      // Played from the start time, so a server that was down catches up on what it missed.
      since = startedAt;
    }
    const before = { home: state.home, away: state.away };
    // A race is run without its non-runners (their outcomes are void once withdrawn): a withdrawn
    // runner never wins or places, whatever the model drawn before the withdrawal says.
    const running = sport === "racing" && state.racing ? withoutRunners(model, withdrawnRunners(markets), state.racing.runners) : model;
    const stepped = advance(state, running, Math.max(0, ((now - since) / 1000) * speed), random);
    state = stepped.state;
    const scored = stepped.scored || before.home !== state.home || before.away !== state.away;
    const finished = state.phase === "finished";
    const racing = sport === "racing";
    let suspendedUntil: number | null = e.suspended_until === null ? null : Number(e.suspended_until);
    if (suspendedUntil !== null && suspendedUntil <= now) suspendedUntil = null;
    if (scored && !finished) suspendedUntil = now + (this.opts.scoreSuspendMs ?? 5000);
    if (racing && !finished) suspendedUntil = now + RACE_SUSPENSION_MS;
    if (finished) suspendedUntil = null;
    let moved = 0;
    // Prices of a suspended event are written all the same: they are what it reopens at.
    for (const m of markets) {
      const w = marketWrites(m, state, model, now, goingLive || scored);
      statements.push(...w.statements);
      moved += w.moved;
    }
    statements.push({
      sql: `UPDATE events SET minute = ?, home_score = ?, away_score = ?, state = ?, model = ?, state_at = ?, suspended_until = ?, updated_at = ?
            WHERE id = ? AND status IN ('upcoming','live')`,
      args: [minuteOf(state), state.home, state.away, JSON.stringify(state), JSON.stringify(model), now, suspendedUntil, now, id],
    });
    const to = finished ? "finished" : "live";
    if (to !== e.status) statements.push({ sql: "UPDATE events SET status = ?, updated_at = ? WHERE id = ?", args: [to, now, id] });
    return { statements, scored, finished, moved };
  }
}

/** Runner numbers (1-based, from the outcome codes "r1", "r2" ...) whose outcome is void: withdrawn. */
function withdrawnRunners(markets: readonly MarketRow[]): Set<number> {
  const out = new Set<number>();
  for (const m of markets)
    for (const o of m.outcomes) {
      const n = o.code === null ? null : /^r(\d+)$/.exec(o.code);
      if (n && o.result === "void") out.add(Number(n[1]));
    }
  return out;
}
