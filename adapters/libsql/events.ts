import type { Client, InStatement, Row } from "@libsql/client";
import type { EventListStatus, EventUpdate, Events, PricedAsOf } from "../../domain/ports/index.ts";
import type { AuditEntry, EventStatus, EventView, MarketView, OutcomeView, PricedOutcome, SportCode, MatchState } from "../../domain/shared/types.ts";
import { auditStatement } from "./audit.ts";
import type { PricedOutcomeCache } from "./pricing-cache.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";

const EVENT_COLUMNS = `e.id, e.sport, s.name AS sport_name, e.league, e.home_team, e.away_team, e.name, e.description,
  e.start_time, e.status, e.minute, e.home_score, e.away_score, e.featured, e.updated_at, e.suspended_until, e.state`;

const ORDER: Record<EventListStatus, string> = {
  upcoming: "e.start_time ASC, e.id",
  live: "e.start_time ASC, e.id",
  finished: "e.start_time DESC, e.id",
  open: "CASE e.status WHEN 'live' THEN 0 ELSE 1 END, e.start_time ASC, e.id",
  all: "CASE e.status WHEN 'live' THEN 0 WHEN 'upcoming' THEN 1 ELSE 2 END, e.start_time ASC, e.id",
};

const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toEvent(r: Row, markets: MarketView[]): EventView {
  return {
    id: String(r.id),
    sport: r.sport as SportCode,
    sportName: String(r.sport_name),
    league: String(r.league),
    homeTeam: String(r.home_team),
    awayTeam: String(r.away_team),
    name: String(r.name),
    description: String(r.description),
    startTime: new Date(Number(r.start_time)),
    status: r.status as EventStatus,
    minute: n(r.minute),
    homeScore: n(r.home_score),
    awayScore: n(r.away_score),
    featured: Number(r.featured) === 1,
    updatedAt: new Date(Number(r.updated_at)),
    suspendedUntil: r.suspended_until === null || r.suspended_until === undefined ? null : new Date(Number(r.suspended_until)),
    state: r.state ? (JSON.parse(String(r.state)) as MatchState) : null,
    markets,
  };
}

/**
 * What placement prices a bet from, with the pricing counter read in the same statement
 * (pricing-cache.ts). Every column read here must move the counter when it changes (migration 0064;
 * tests/api/pricing-cache.test.ts checks each one against the triggers).
 */
export const PRICED_OUTCOMES_SELECT = `SELECT (SELECT n FROM pricing_version WHERE id = 1) AS pricing_version, o.id, o.name, o.price_milli, o.result, o.updated_at AS outcome_updated_at, m.id AS market_id, m.name AS market_name, m.status AS market_status,
                   m.ew_fraction_num, m.ew_fraction_den, m.ew_places, m.reformed_at,
                   e.id AS event_id, e.name AS event_name, e.status AS event_status, e.sport, e.start_time, e.suspended_until
            FROM outcomes o JOIN markets m ON m.id = o.market_id JOIN events e ON e.id = m.event_id`;

export class LibsqlEvents implements Events {
  private readonly client: Client;
  private readonly priced: PricedOutcomeCache | null;
  /** With `priced`, a read as of the session lookup may come from what is kept (pricing-cache.ts). */
  constructor(client: Client, priced: PricedOutcomeCache | null = null) {
    this.client = client;
    this.priced = priced;
  }

  async list(filter: { status: EventListStatus; limit: number; sport?: SportCode }): Promise<EventView[]> {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (filter.status === "open") where.push("e.status IN ('upcoming','live')");
    else if (filter.status !== "all") (where.push("e.status = ?"), args.push(filter.status));
    if (filter.sport) (where.push("e.sport = ?"), args.push(filter.sport));
    const rs = await this.client.execute({
      sql: `SELECT ${EVENT_COLUMNS} FROM events e JOIN sports s ON s.code = e.sport
            ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY ${ORDER[filter.status]} LIMIT ?`,
      args: [...args, filter.limit],
    });
    return this.withMarkets(rs.rows);
  }

  async findById(id: string): Promise<EventView | null> {
    const rs = await this.client.execute({
      sql: `SELECT ${EVENT_COLUMNS} FROM events e JOIN sports s ON s.code = e.sport WHERE e.id = ?`,
      args: [id],
    });
    const [event] = await this.withMarkets(rs.rows);
    return event ?? null;
  }

  private async withMarkets(rows: Row[]): Promise<EventView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => String(r.id));
    const rs = await this.client.execute({
      sql: `SELECT m.id AS market_id, m.event_id, m.type, m.name AS market_name, m.status AS market_status, m.suspended_reason, m.line, m.result_kind,
                   m.ew_fraction_num, m.ew_fraction_den, m.ew_places, m.reformed_at,
                   o.id AS outcome_id, o.name AS outcome_name, o.price_milli, o.updated_at AS outcome_updated, o.code, o.result,
                   EXISTS (SELECT 1 FROM runner_withdrawals w WHERE w.outcome_id = o.id) AS withdrawn
            FROM markets m JOIN outcomes o ON o.market_id = m.id
            WHERE m.event_id IN (${ids.map(() => "?").join(",")})
            ORDER BY m.event_id, m.sort_order, o.sort_order`,
      args: ids,
    });
    const byEvent = new Map<string, Map<string, MarketView>>();
    for (const r of rs.rows) {
      const eventId = String(r.event_id);
      const markets = byEvent.get(eventId) ?? new Map<string, MarketView>();
      byEvent.set(eventId, markets);
      const marketId = String(r.market_id);
      let market = markets.get(marketId);
      if (!market) {
        market = {
          id: marketId,
          eventId,
          type: r.type as MarketView["type"],
          name: String(r.market_name),
          status: r.market_status as MarketView["status"],
          ...(r.suspended_reason === "price_too_short" ? { suspendedReason: "price_too_short" as const } : {}),
          line: r.line === null || r.line === undefined ? null : Number(r.line),
          eachWay: r.ew_places === null || r.ew_places === undefined ? null : { fractionNum: Number(r.ew_fraction_num), fractionDen: Number(r.ew_fraction_den), places: Number(r.ew_places) },
          settled: r.result_kind !== null && r.result_kind !== undefined,
          reformedAt: r.reformed_at === null || r.reformed_at === undefined ? null : new Date(Number(r.reformed_at)),
          outcomes: [],
        };
        markets.set(marketId, market);
      }
      market.outcomes.push({
        id: String(r.outcome_id),
        name: String(r.outcome_name),
        priceMilli: Number(r.price_milli),
        updatedAt: new Date(Number(r.outcome_updated)),
        code: r.code === null || r.code === undefined ? null : String(r.code),
        result: (r.result ?? null) as OutcomeView["result"],
        ...(Number(r.withdrawn ?? 0) > 0 ? { withdrawn: true } : {}),
      });
    }
    return rows.map((r) => toEvent(r, [...(byEvent.get(String(r.id))?.values() ?? [])]));
  }

  async pricedOutcomes(outcomeIds: readonly string[], asOf: PricedAsOf = "now"): Promise<PricedOutcome[]> {
    if (outcomeIds.length === 0) return [];
    if (asOf === "session" && this.priced) {
      const kept = this.priced.get(outcomeIds);
      if (kept) return kept;
    }
    const rs = await this.client.execute({
      sql: `${PRICED_OUTCOMES_SELECT} WHERE o.id IN (${outcomeIds.map(() => "?").join(",")})`,
      args: [...outcomeIds],
    });
    const rows = rs.rows.map((r): PricedOutcome => ({
      outcomeId: String(r.id),
      outcomeName: String(r.name),
      priceMilli: Number(r.price_milli),
      marketId: String(r.market_id),
      marketName: String(r.market_name),
      marketStatus: r.market_status as PricedOutcome["marketStatus"],
      eventId: String(r.event_id),
      eventName: String(r.event_name),
      eventStatus: r.event_status as EventStatus,
      sport: r.sport as SportCode,
      eventStartTime: new Date(Number(r.start_time)),
      eventSuspendedUntil: r.suspended_until === null ? null : new Date(Number(r.suspended_until)),
      outcomeResult: (r.result ?? null) as PricedOutcome["outcomeResult"],
      eachWay: r.ew_places === null || r.ew_places === undefined ? null : { fractionNum: Number(r.ew_fraction_num), fractionDen: Number(r.ew_fraction_den), places: Number(r.ew_places) },
      marketReformedAt: r.reformed_at === null || r.reformed_at === undefined ? null : new Date(Number(r.reformed_at)),
      outcomeUpdatedAt: new Date(Number(r.outcome_updated_at)),
    }));
    if (this.priced && rs.rows.length > 0) this.priced.set(Number(rs.rows[0].pricing_version), rows);
    return rows;
  }

  async volumes(eventIds: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (eventIds.length === 0) return out;
    const rs = await this.client.execute({
      // A bet counts once per event, however many of its legs are on it.
      sql: `SELECT event_id, SUM(stake) AS volume FROM (
              SELECT DISTINCT l.event_id, b.id, b.stake FROM bet_legs l JOIN bets b ON b.id = l.bet_id
              WHERE l.event_id IN (${eventIds.map(() => "?").join(",")})
            ) GROUP BY event_id`,
      args: [...eventIds],
    });
    for (const r of rs.rows) out.set(String(r.event_id), Number(r.volume));
    return out;
  }

  async changeStatus(
    change: { eventId: string; to: EventStatus; at: Date; minute: number | null; homeScore: number | null; awayScore: number | null },
    audit: AuditEntry,
  ): Promise<boolean> {
    try {
      await this.client.batch(
        [
          assertStatement("EXISTS (SELECT 1 FROM events WHERE id = ?)", [change.eventId]),
          {
            sql: `UPDATE events SET status = ?, minute = ?, home_score = ?, away_score = ?, updated_at = ? WHERE id = ?`,
            args: [change.to, change.minute, change.homeScore, change.awayScore, change.at.getTime(), change.eventId],
          },
          auditStatement(audit),
        ],
        "write",
      );
      return true;
    } catch (e) {
      const c = constraintOf(e);
      if (c === "EVENT.INVALID_TRANSITION" || c === ASSERTION_FAILED) return false;
      throw e;
    }
  }

  async update(change: EventUpdate, audit: AuditEntry): Promise<boolean> {
    const at = change.at.getTime();
    const sets: string[] = [];
    const args: (string | number | null)[] = [];
    const set = (column: string, value: string | number | null) => (sets.push(`${column} = ?`), args.push(value));
    if (change.startTime) set("start_time", change.startTime.getTime());
    if (change.homeScore !== undefined) set("home_score", change.homeScore);
    if (change.awayScore !== undefined) set("away_score", change.awayScore);
    if (change.minute !== undefined) set("minute", change.minute);
    if (change.state) set("state", JSON.stringify(change.state));
    if (change.state) set("state_at", at);
    if (change.suspendedUntil !== undefined) set("suspended_until", change.suspendedUntil ? change.suspendedUntil.getTime() : null);
    set("updated_at", at);
    const statements: InStatement[] = [
      // The status as read: a concurrent change (the feed finishing it, another admin) refuses this one.
      assertStatement("EXISTS (SELECT 1 FROM events WHERE id = ? AND status = ?)", [change.eventId, change.fromStatus]),
      { sql: `UPDATE events SET ${sets.join(", ")} WHERE id = ?`, args: [...args, change.eventId] },
      ...change.outcomeResults.map((r) => ({
        sql: "UPDATE outcomes SET result = ?, updated_at = ? WHERE id = ? AND market_id IN (SELECT id FROM markets WHERE event_id = ? AND result_kind IS NULL)",
        args: [r.result, at, r.outcomeId, change.eventId],
      })),
      ...change.reopenMarkets.map((id) => ({
        sql: "UPDATE markets SET status = 'open', updated_at = ? WHERE id = ? AND event_id = ? AND status = 'closed' AND result_kind IS NULL",
        args: [at, id, change.eventId],
      })),
      ...change.closeMarkets.map((id) => ({
        sql: "UPDATE markets SET status = 'closed', updated_at = ? WHERE id = ? AND event_id = ? AND status <> 'closed'",
        args: [at, id, change.eventId],
      })),
    ];
    // Last: finishing closes every market (trigger events_finished_closes_markets).
    if (change.status && change.status !== change.fromStatus)
      statements.push({ sql: "UPDATE events SET status = ?, updated_at = ? WHERE id = ?", args: [change.status, at, change.eventId] });
    statements.push(auditStatement(audit));
    try {
      await this.client.batch(statements, "write");
      return true;
    } catch (e) {
      const c = constraintOf(e);
      if (c === "EVENT.INVALID_TRANSITION" || c === ASSERTION_FAILED) return false;
      throw e;
    }
  }

  async counts(): Promise<Record<EventStatus, number>> {
    const rs = await this.client.execute("SELECT status, COUNT(*) AS n FROM events GROUP BY status");
    const out: Record<EventStatus, number> = { upcoming: 0, live: 0, finished: 0 };
    for (const r of rs.rows) out[r.status as EventStatus] = Number(r.n);
    return out;
  }
}
