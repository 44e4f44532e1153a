/**
 * The operator's lists over libSQL: events by start time, bets newest first, each a page at a time
 * with keyset cursors (the last row's sort key), so rows arriving while an operator pages never
 * shift or repeat a later page; the total is counted with the same filter.
 */
import type { Client, InValue, Row } from "@libsql/client";
import type { AdminBetFilter, AdminBetRow, AdminEventFilter, AdminEventRow, AdminLists, ListPage } from "../../domain/ports/admin-lists.ts";
import type { BetLegRecord, EventStatus, SportCode } from "../../domain/shared/types.ts";
import { decodeCursor, encodeCursor } from "../../domain/shared/cursor.ts";
import { DEFAULT_LARGE_STAKE_CENTS } from "../../domain/risk/ticker.ts";
import { InMemoryBetTicker } from "../system/bet-ticker.ts";
import { LibsqlTrading } from "./trading.ts";
import { BET_COLUMNS, legsOfBets, toBet } from "./bets.ts";
import { inReach } from "./reach.ts";

/** `text` anywhere, with LIKE's wildcards taken literally. */
const contains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const startsWith = (text: string): string => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export class LibsqlAdminLists implements AdminLists {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async events(f: AdminEventFilter): Promise<ListPage<AdminEventRow> | "bad_cursor"> {
    const where: string[] = [];
    const args: InValue[] = [];
    if (f.q) {
      const like = contains(f.q);
      where.push(`(e.name LIKE ? ESCAPE '\\' OR e.home_team LIKE ? ESCAPE '\\' OR e.away_team LIKE ? ESCAPE '\\' OR e.league LIKE ? ESCAPE '\\')`);
      args.push(like, like, like, like);
    }
    if (f.sport) (where.push("e.sport = ?"), args.push(f.sport));
    if (f.status === "open") where.push("e.status IN ('upcoming','live')");
    else if (f.status && f.status !== "all") (where.push("e.status = ?"), args.push(f.status));
    if (f.from) (where.push("e.start_time >= ?"), args.push(f.from.getTime()));
    if (f.to) (where.push("e.start_time < ?"), args.push(f.to.getTime()));
    return keysetPage(this.client, {
      select: `e.id, e.name, e.sport, s.name AS sport_name, e.league, e.home_team, e.away_team, e.start_time, e.status,
               e.minute, e.home_score, e.away_score, (SELECT COUNT(*) FROM markets m WHERE m.event_id = e.id) AS market_count`,
      from: "events e JOIN sports s ON s.code = e.sport",
      countFrom: "events e",
      where,
      args,
      key: { at: "e.start_time", id: "e.id", order: "ASC" },
      cursor: f.cursor,
      limit: f.limit,
      rows: (rows) => rows.map(toEventRow),
      keyOf: (e) => [e.startTime.getTime(), e.id],
    });
  }

  async bets(f: AdminBetFilter): Promise<ListPage<AdminBetRow> | "bad_cursor"> {
    // Whose bets: real staff never see demo bets; demo staff see demo and sample customers' only.
    const where: string[] = [inReach(f.reach, "b.user_id")];
    const args: InValue[] = [];
    if (f.betId) (where.push("b.id LIKE ? ESCAPE '\\'"), args.push(startsWith(f.betId)));
    if (f.customer) {
      const like = contains(f.customer);
      where.push(
        `(u.email LIKE ? ESCAPE '\\' OR u.first_name LIKE ? ESCAPE '\\' OR u.last_name LIKE ? ESCAPE '\\' OR (u.first_name || ' ' || u.last_name) LIKE ? ESCAPE '\\')`,
      );
      args.push(like, like, like, like);
    }
    if (f.event) {
      where.push("EXISTS (SELECT 1 FROM bet_legs l WHERE l.bet_id = b.id AND (l.event_id = ? OR l.event_name LIKE ? ESCAPE '\\'))");
      args.push(f.event, contains(f.event));
    }
    if (f.sport) {
      where.push("EXISTS (SELECT 1 FROM bet_legs l JOIN events e ON e.id = l.event_id WHERE l.bet_id = b.id AND e.sport = ?)");
      args.push(f.sport);
    }
    if (f.status === "settled") where.push("b.status <> 'pending'");
    else if (f.status && f.status !== "all") (where.push("b.status = ?"), args.push(f.status));
    if (f.betType) (where.push("b.bet_type = ?"), args.push(f.betType));
    if (f.minStake !== undefined) (where.push("b.stake >= ?"), args.push(f.minStake));
    if (f.maxStake !== undefined) (where.push("b.stake <= ?"), args.push(f.maxStake));
    return keysetPage(this.client, {
      select: `${BET_COLUMNS}, u.first_name, u.last_name, u.email, u.is_demo`,
      from: "bets b JOIN users u ON u.id = b.user_id",
      countFrom: "bets b JOIN users u ON u.id = b.user_id",
      where,
      args,
      key: { at: "b.placed_at", id: "b.id", order: "DESC" },
      cursor: f.cursor,
      limit: f.limit,
      rows: async (rows) => {
        const legs = await this.legsFor(rows.map((r) => String(r.id)));
        return rows.map((r) => toBetRow(r, legs.get(String(r.id)) ?? []));
      },
      keyOf: (b) => [b.placedAt.getTime(), b.id],
    });
  }

  private legsFor(betIds: string[]): Promise<Map<string, BetLegRecord[]>> {
    return legsOfBets(this.client, betIds);
  }
}

/**
 * One page of a keyset-paged list: the rows after the cursor (the last row's sort key and id) in the
 * key's order, one more than the limit to know whether there is a next page, and the total under the
 * same filter (without the cursor).
 */
async function keysetPage<T>(
  client: Client,
  q: {
    select: string;
    from: string;
    countFrom: string;
    where: string[];
    args: InValue[];
    key: { at: string; id: string; order: "ASC" | "DESC" };
    cursor?: string;
    limit: number;
    rows: (rows: Row[]) => T[] | Promise<T[]>;
    keyOf: (item: T) => [number, string];
  },
): Promise<ListPage<T> | "bad_cursor"> {
  const page = [...q.where];
  const pageArgs = [...q.args];
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    if (!c) return "bad_cursor";
    const after = q.key.order === "ASC" ? ">" : "<";
    page.push(`(${q.key.at} ${after} ? OR (${q.key.at} = ? AND ${q.key.id} ${after} ?))`);
    pageArgs.push(c.at, c.at, c.id);
  }
  const whereOf = (w: string[]) => (w.length ? `WHERE ${w.join(" AND ")}` : "");
  const [rows, count] = await Promise.all([
    client.execute({
      sql: `SELECT ${q.select} FROM ${q.from} ${whereOf(page)} ORDER BY ${q.key.at} ${q.key.order}, ${q.key.id} ${q.key.order} LIMIT ?`,
      args: [...pageArgs, q.limit + 1],
    }),
    client.execute({ sql: `SELECT COUNT(*) AS n FROM ${q.countFrom} ${whereOf(q.where)}`, args: q.args }),
  ]);
  const items = await q.rows(rows.rows.slice(0, q.limit));
  const last = items[items.length - 1];
  return {
    items,
    total: Number(count.rows[0].n),
    nextCursor: rows.rows.length > q.limit && last ? encodeCursor(...q.keyOf(last)) : null,
  };
}

function toEventRow(r: Row): AdminEventRow {
  return {
    id: String(r.id),
    name: String(r.name),
    sport: r.sport as SportCode,
    sportName: String(r.sport_name),
    league: String(r.league),
    homeTeam: String(r.home_team),
    awayTeam: String(r.away_team),
    startTime: new Date(Number(r.start_time)),
    status: r.status as EventStatus,
    minute: n(r.minute),
    homeScore: n(r.home_score),
    awayScore: n(r.away_score),
    marketCount: Number(r.market_count),
  };
}

function toBetRow(r: Row, legs: BetLegRecord[]): AdminBetRow {
  return {
    ...toBet(r, legs),
    customer: { firstName: String(r.first_name), lastName: String(r.last_name), email: String(r.email), isDemo: Number(r.is_demo) === 1 },
  };
}

/** risk_settings `ticker_large_stake` (cents), or 500.00 when it is not set. */
export async function largeStakeThreshold(client: Client): Promise<number> {
  const rs = await client.execute("SELECT value FROM risk_settings WHERE key = 'ticker_large_stake'");
  return rs.rows.length === 0 ? DEFAULT_LARGE_STAKE_CENTS : Number(rs.rows[0].value);
}

/** This process's bet ticker over the database: stake factors (sharp flag) and the threshold read lazily. */
export function libsqlBetTicker(client: Client): InMemoryBetTicker {
  const trading = new LibsqlTrading(client);
  return new InMemoryBetTicker({
    stakeFactorOf: (userId) => trading.stakeFactorOf(userId),
    largeStakeOver: () => largeStakeThreshold(client),
    nowMs: () => Date.now(),
    onError: (e) => console.error(JSON.stringify({ level: "error", where: "bet-ticker", error: String(e) })),
  });
}
