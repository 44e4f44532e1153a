/**
 * The Markets port on libSQL: creating markets and events, limits, suspend / reopen, recording a
 * market's result, and the bets on a market. Each change is one batch with its audit record; the
 * conditions are re-checked inside the write (assertions and conditional updates), not only by the
 * use case's earlier read.
 */
import { inReach } from "./reach.ts";
import type { Reach } from "../../domain/shared/reach.ts";
import type { Client, InStatement, Row } from "@libsql/client";
import type { ApprovalClaim, MarketRecord, Markets, MarketUnderReview, NewEventPlan, NewMarketPlan } from "../../domain/ports/index.ts";
import type { AuditEntry, BetRecord, EventStatus, MarketStatus, MarketType, SportCode } from "../../domain/shared/types.ts";
import { auditStatement } from "./audit.ts";
import { writeLiabilityLimit } from "./approvals.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";
import { LibsqlBets } from "./bets.ts";

const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Has this libSQL error the trigger message `code`? (constraintOf only knows the foundation's prefixes.) */
export const raised = (e: unknown, code: string): boolean => (e instanceof Error ? e.message : String(e)).includes(code);

/**
 * The ids of the bets with a leg on a market (args: the market id twice), `more` a further condition
 * on the leg `l`. Found through the legs' event index: bet_legs has no index by market, and without
 * one every read scanned every bet ever placed (a settlement reads each market of an event, most with
 * no bets). A leg's event is its market's: the price guard checks both at placement.
 */
const betIdsOnMarket = (more: string) =>
  `SELECT l.bet_id FROM bet_legs l WHERE l.event_id = (SELECT m.event_id FROM markets m WHERE m.id = ?) AND l.market_id = ? ${more}`;

function marketStatements(plan: NewMarketPlan): InStatement[] {
  const m = plan.market;
  return [
    {
      sql: `INSERT INTO markets (id, event_id, type, name, description, status, sort_order, updated_at, line, ew_fraction_num, ew_fraction_den, ew_places)
            VALUES (?, ?, ?, ?, ?, 'open', (SELECT COALESCE(MAX(sort_order) + 1, 0) FROM markets WHERE event_id = ?), ?, ?, ?, ?, ?)`,
      args: [m.id, m.eventId, m.type, m.name, m.description, m.eventId, m.createdAt.getTime(), m.line ?? null,
        m.eachWay?.fractionNum ?? null, m.eachWay?.fractionDen ?? null, m.eachWay?.places ?? null],
    },
    ...plan.outcomes.map((o, i) => ({
      sql: "INSERT INTO outcomes (id, market_id, name, price_milli, sort_order, updated_at, code) VALUES (?, ?, ?, ?, ?, ?, ?)",
      args: [o.id, m.id, o.name, o.priceMilli, i, m.createdAt.getTime(), o.code ?? null],
    })),
  ];
}

export class LibsqlMarkets implements Markets {
  private readonly client: Client;
  private readonly bets: LibsqlBets;
  constructor(client: Client) {
    this.client = client;
    this.bets = new LibsqlBets(client);
  }

  async findById(id: string): Promise<MarketRecord | null> {
    const rs = await this.client.execute({
      sql: `SELECT m.*, e.name AS event_name, e.status AS event_status, e.sport AS event_sport,
                   r.opened_at AS review_at, r.opened_by AS review_by, r.reason AS review_reason
            FROM markets m JOIN events e ON e.id = m.event_id LEFT JOIN market_reviews r ON r.market_id = m.id WHERE m.id = ?`,
      args: [id],
    });
    if (rs.rows.length === 0) return null;
    const r = rs.rows[0];
    const outs = await this.client.execute({
      sql: "SELECT id, name, price_milli, code, result, dead_heat_num, dead_heat_den FROM outcomes WHERE market_id = ? ORDER BY sort_order, id",
      args: [id],
    });
    // Rule 4 (migration 0035): the runners withdrawn from this race.
    const gone = await this.client.execute({
      sql: "SELECT outcome_id, price_milli, deduction, withdrawn_at FROM runner_withdrawals WHERE market_id = ? ORDER BY withdrawn_at, outcome_id",
      args: [id],
    });
    const reforms = await this.client.execute({
      sql: "SELECT outcome_id, reformed_at, deduction FROM race_reform_prices WHERE market_id = ? ORDER BY reformed_at, outcome_id",
      args: [id],
    });
    return {
      id: String(r.id),
      sport: String(r.event_sport) as SportCode,
      reformPrices: reforms.rows.map((x: Row) => ({ outcomeId: String(x.outcome_id), reformedAt: new Date(Number(x.reformed_at)), deduction: Number(x.deduction) })),
      reformedAt: r.reformed_at === null || r.reformed_at === undefined ? null : new Date(Number(r.reformed_at)),
      withdrawn: gone.rows.map((w: Row) => ({ outcomeId: String(w.outcome_id), priceMilli: Number(w.price_milli), deduction: Number(w.deduction), withdrawnAt: new Date(Number(w.withdrawn_at)) })),
      eventId: String(r.event_id),
      eventName: String(r.event_name),
      eventStatus: r.event_status as EventStatus,
      type: r.type as MarketType,
      name: String(r.name),
      description: r.description === null ? null : String(r.description),
      status: r.status as MarketStatus,
      suspendedReason: r.suspended_reason === "price_too_short" ? "price_too_short" : null,
      liabilityLimit: Number(r.liability_limit),
      resultKind: (r.result_kind as MarketRecord["resultKind"]) ?? null,
      winningOutcomeId: r.winning_outcome_id === null ? null : String(r.winning_outcome_id),
      settledAt: n(r.settled_at) === null ? null : new Date(Number(r.settled_at)),
      line: r.line === null || r.line === undefined ? null : Number(r.line),
      placed: typeof r.placed_result === "string" ? (JSON.parse(r.placed_result) as MarketRecord["placed"]) : null,
      eachWay: r.ew_places === null || r.ew_places === undefined ? null : { fractionNum: Number(r.ew_fraction_num), fractionDen: Number(r.ew_fraction_den), places: Number(r.ew_places) },
      underReview: r.review_at === null || r.review_at === undefined ? null : { since: new Date(Number(r.review_at)), by: String(r.review_by), reason: String(r.review_reason) },
      outcomes: outs.rows.map((o: Row) => ({
        id: String(o.id),
        name: String(o.name),
        priceMilli: Number(o.price_milli),
        code: o.code === null ? null : String(o.code),
        result: (o.result ?? null) as "won" | "lost" | "void" | null,
        deadHeat: o.dead_heat_num === null || o.dead_heat_num === undefined ? null : { num: Number(o.dead_heat_num), den: Number(o.dead_heat_den) },
      })),
    };
  }

  async sport(code: SportCode) {
    const rs = await this.client.execute({ sql: "SELECT code, name, has_draw FROM sports WHERE code = ?", args: [code] });
    const r = rs.rows[0];
    return r ? { code: r.code as SportCode, name: String(r.name), hasDraw: Number(r.has_draw) === 1 } : null;
  }

  async create(plan: NewMarketPlan, audit: AuditEntry) {
    const m = plan.market;
    const pre = await this.client.execute({ sql: "SELECT status FROM events WHERE id = ?", args: [m.eventId] });
    if (pre.rows.length === 0) return "event_not_found" as const;
    try {
      await this.client.batch(
        [
          // Inside the write: the event has not finished and has no market of that name.
          assertStatement("EXISTS (SELECT 1 FROM events WHERE id = ? AND status <> 'finished')", [m.eventId]),
          assertStatement("NOT EXISTS (SELECT 1 FROM markets WHERE event_id = ? AND lower(name) = lower(?))", [m.eventId, m.name]),
          ...marketStatements(plan),
          auditStatement(audit),
        ],
        "write",
      );
      return "created" as const;
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED) {
        const now = await this.client.execute({ sql: "SELECT status FROM events WHERE id = ?", args: [m.eventId] });
        if (now.rows.length === 0) return "event_not_found" as const;
        return now.rows[0].status === "finished" ? ("event_finished" as const) : ("duplicate_name" as const);
      }
      throw e;
    }
  }

  async createEvent(plan: NewEventPlan, audit: AuditEntry) {
    const e = plan.event;
    try {
      await this.client.batch(
        [
          {
            sql: `INSERT INTO events (id, sport, league, home_team, away_team, name, description, start_time, status, minute, home_score, away_score, featured, updated_at)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'upcoming', NULL, NULL, NULL, ?, ?)`,
            args: [e.id, e.sport, e.league, e.homeTeam, e.awayTeam, e.name, e.description, e.startTime.getTime(), e.featured ? 1 : 0, e.createdAt.getTime()],
          },
          ...marketStatements(plan.market),
          auditStatement(audit),
        ],
        "write",
      );
      return "created" as const;
    } catch (err) {
      if (constraintOf(err)?.startsWith("UNIQUE constraint failed")) return "duplicate" as const;
      throw err;
    }
  }

  setLimit(change: { marketId: string; limit: number; at: Date; approval?: ApprovalClaim | null }, audit: AuditEntry) {
    return writeLiabilityLimit(this.client, "markets", { id: change.marketId, limit: change.limit, approval: change.approval }, audit);
  }

  async changeStatus(change: { marketId: string; from: MarketStatus; to: MarketStatus; at: Date }, audit: AuditEntry): Promise<boolean> {
    try {
      await this.client.batch(
        [
          // Only from the expected status, and never on a finished event; a market the feed took
          // down as too short is reopened by the feed alone (when its price lengthens).
          assertStatement(
            `EXISTS (SELECT 1 FROM markets m JOIN events e ON e.id = m.event_id WHERE m.id = ? AND m.status = ? AND e.status <> 'finished'
               AND (? <> 'open' OR m.suspended_reason IS NULL))`,
            [change.marketId, change.from, change.to],
          ),
          {
            sql: "UPDATE markets SET status = ?, updated_at = ? WHERE id = ? AND status = ?",
            args: [change.to, change.at.getTime(), change.marketId, change.from],
          },
          auditStatement(audit),
        ],
        "write",
      );
      return true;
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED || raised(e, "MARKET.CLOSED")) return false;
      throw e;
    }
  }

  async recordResult(
    result: {
      marketId: string; kind: "winner" | "void"; winningOutcomeId: string | null; at: Date; by: string;
      outcomeResults?: { outcomeId: string; result: "won" | "lost" | "void"; deadHeat?: { num: number; den: number } | null }[];
      placed?: readonly { outcomeId: string; deadHeat?: { num: number; den: number } | null }[];
    },
    audit: AuditEntry,
  ) {
    try {
      await this.client.batch(
        [
          assertStatement("EXISTS (SELECT 1 FROM markets WHERE id = ?)", [result.marketId]),
          // The markets_result_once trigger aborts this write if a result is already recorded.
          {
            sql: `UPDATE markets SET result_kind = ?, winning_outcome_id = ?, settled_at = ?, settled_by = ?, status = 'closed', updated_at = ?
                  WHERE id = ?`,
            args: [result.kind, result.winningOutcomeId, result.at.getTime(), result.by, result.at.getTime(), result.marketId],
          },
          // A result recorded by a person ends a review (the system's is refused by markets_review_holds_system).
          { sql: "DELETE FROM market_reviews WHERE market_id = ?", args: [result.marketId] },
          // Each way: the placed runners (migration 0035).
          ...(result.placed && result.placed.length > 0
            ? [{ sql: "UPDATE markets SET placed_result = ? WHERE id = ?", args: [JSON.stringify(result.placed), result.marketId] }]
            : []),
          // Every outcome's result as settled (migration 0028: a dead heat is 'won' with its factor).
          ...(result.outcomeResults ?? []).map((o) => ({
            sql: "UPDATE outcomes SET result = ?, dead_heat_num = ?, dead_heat_den = ? WHERE id = ? AND market_id = ?",
            args: [o.result, o.deadHeat?.num ?? null, o.deadHeat?.den ?? null, o.outcomeId, result.marketId],
          })),
          auditStatement(audit),
        ],
        "write",
      );
      return "recorded" as const;
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED) return "not_found" as const;
      if (raised(e, "MARKET.ALREADY_SETTLED")) return "already_settled" as const;
      if (raised(e, "MARKET.UNDER_REVIEW")) return "under_review" as const;
      throw e;
    }
  }

  async pendingBetsOn(marketId: string): Promise<BetRecord[]> {
    // `+b.status`: found by the market's legs, not by scanning every pending bet of the book.
    return this.bets.listWhere(`+b.status = 'pending' AND b.id IN (${betIdsOnMarket("AND l.result = 'pending'")})`, [marketId, marketId], 1_000_000);
  }

  async decidedUnsettled(limit: number): Promise<string[]> {
    const rs = await this.client.execute({
      sql: `SELECT m.id FROM markets m
            WHERE m.result_kind IS NULL AND m.status = 'closed'
              AND NOT EXISTS (SELECT 1 FROM market_reviews r WHERE r.market_id = m.id)
              AND EXISTS (SELECT 1 FROM outcomes o WHERE o.market_id = m.id)
              AND NOT EXISTS (SELECT 1 FROM outcomes o WHERE o.market_id = m.id AND o.result IS NULL)
            ORDER BY m.updated_at, m.id LIMIT ?`,
      args: [limit],
    });
    return rs.rows.map((r) => String(r.id));
  }

  async underReview(limit: number): Promise<MarketUnderReview[]> {
    const rs = await this.client.execute({
      sql: `SELECT m.id, m.name, m.event_id, e.name AS event_name, e.status AS event_status, r.opened_at, r.opened_by, r.reason,
                   u.first_name, u.last_name, u.email,
                   (SELECT COUNT(*) FROM bets b WHERE b.status = 'pending'
                      AND EXISTS (SELECT 1 FROM bet_legs l WHERE l.bet_id = b.id AND l.market_id = m.id)) AS pending_bets,
                   (SELECT COUNT(*) FROM outcomes o WHERE o.market_id = m.id AND o.result IS NULL) AS undecided
            FROM market_reviews r JOIN markets m ON m.id = r.market_id JOIN events e ON e.id = m.event_id
            LEFT JOIN users u ON u.id = r.opened_by
            ORDER BY r.opened_at, m.id LIMIT ?`,
      args: [limit],
    });
    return rs.rows.map((r) => ({
      marketId: String(r.id),
      marketName: String(r.name),
      eventId: String(r.event_id),
      eventName: String(r.event_name),
      eventStatus: r.event_status as EventStatus,
      since: new Date(Number(r.opened_at)),
      by: String(r.opened_by),
      byName: r.first_name ? `${String(r.first_name)} ${String(r.last_name ?? "")}`.trim() : r.email ? String(r.email) : null,
      reason: String(r.reason),
      pendingBets: Number(r.pending_bets),
      decided: Number(r.undecided) === 0,
    }));
  }

  async releaseReview(marketId: string, audit: AuditEntry): Promise<"released" | "not_under_review"> {
    try {
      await this.client.batch(
        [
          assertStatement("EXISTS (SELECT 1 FROM market_reviews WHERE market_id = ?)", [marketId]),
          { sql: "DELETE FROM market_reviews WHERE market_id = ?", args: [marketId] },
          auditStatement(audit),
        ],
        "write",
      );
      return "released";
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED) return "not_under_review";
      throw e;
    }
  }

  async betsOn(marketId: string, limit: number, reach: Reach | "everyone") {
    return this.bets.listWhere(
      `b.id IN (${betIdsOnMarket("")})${reach === "everyone" ? "" : ` AND ${inReach(reach, "b.user_id")}`}`,
      [marketId, marketId],
      limit,
    );
  }
}
