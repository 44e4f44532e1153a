/**
 * Row mappers and statement builders shared by the parts of the fantasy adapter (catalogue, contests,
 * entries, lifecycle): one place that knows how a fantasy row reads and how a batch is written.
 */
import type { Client, InArgs, InStatement, Row } from "@libsql/client";
import type {
  ContestRecord, EntryRecord, FantasyLeagueRecord, FantasyPlayerRecord, FantasySportRecord,
} from "../../../domain/fantasy/types.ts";

export const POOL_NOT_EMPTY = "CHECK constraint failed: fantasy_pool_must_be_empty";
export const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
export const json = (v: unknown) => JSON.stringify(v);
const parse = <T>(v: unknown, fallback: T): T => {
  try {
    return v === null || v === undefined ? fallback : (JSON.parse(String(v)) as T);
  } catch {
    return fallback;
  }
};
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(Number(v)));
/** A column of epoch milliseconds as a Date. */
const dateOf = (v: unknown) => new Date(Number(v));
/** A nullable column as text or null, and as a number or null. */
const textOrNull = (v: unknown) => (v === null ? null : String(v));
const numberOrNull = (v: unknown) => (v === null ? null : Number(v));
/** When and by whom a catalogue row (sport, league) was created. */
const created = (r: Row) => ({ createdAt: dateOf(r.created_at), createdBy: textOrNull(r.created_by) });
export const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(",");
/** Which statement of a batch failed, when the driver says (LibsqlBatchError.statementIndex). */
export const failedStatement = (e: unknown): number | null => {
  const i = (e as { statementIndex?: unknown } | null)?.statementIndex;
  return typeof i === "number" ? i : null;
};

export function toSport(r: Row): FantasySportRecord {
  return {
    id: String(r.id),
    name: String(r.name),
    season: String(r.season),
    status: r.status as FantasySportRecord["status"],
    settings: parse(r.settings, {}),
    roster: parse(r.roster, []),
    salaryCap: Number(r.salary_cap),
    ...created(r),
  };
}

export function toLeague(r: Row): FantasyLeagueRecord {
  return {
    id: String(r.id),
    sportId: String(r.sport_id),
    sportName: String(r.sport_name),
    name: String(r.name),
    type: String(r.type),
    format: String(r.format),
    maxTeams: Number(r.max_teams),
    entryFee: Number(r.entry_fee),
    prizePool: Number(r.prize_pool),
    seasonStart: textOrNull(r.season_start),
    seasonEnd: textOrNull(r.season_end),
    status: r.status as FantasyLeagueRecord["status"],
    settings: parse(r.settings, {}),
    ...created(r),
  };
}

export function toPlayer(r: Row): FantasyPlayerRecord {
  return {
    id: String(r.id),
    sportId: String(r.sport_id),
    name: String(r.name),
    team: String(r.team),
    position: String(r.position),
    salary: Number(r.salary),
    projectedX100: numberOrNull(r.projected_x100),
    injuryStatus: r.injury_status as FantasyPlayerRecord["injuryStatus"],
    createdAt: dateOf(r.created_at),
  };
}

export const CONTEST_SELECT = `SELECT c.*, s.name AS sport_name FROM fantasy_contests c JOIN fantasy_sports s ON s.id = c.sport_id`;

export function toContest(r: Row): ContestRecord {
  return {
    id: String(r.id),
    sportId: String(r.sport_id),
    sportName: String(r.sport_name),
    name: String(r.name),
    type: String(r.type),
    entryFee: Number(r.entry_fee),
    guaranteedPrize: Number(r.guaranteed_prize),
    guaranteeFunded: Number(r.guarantee_funded ?? 0),
    maxEntries: Number(r.max_entries),
    maxEntriesPerUser: Number(r.max_entries_per_user ?? 1),
    minEntries: Number(r.min_entries),
    currentEntries: Number(r.current_entries),
    rakePercent: Number(r.rake_percent),
    payoutTable: parse(r.payout_table, [10_000]),
    roster: parse(r.roster, []),
    salaryCap: Number(r.salary_cap),
    startTime: dateOf(r.start_time),
    endTime: dateOf(r.end_time),
    status: r.status as ContestRecord["status"],
    settings: parse(r.settings, {}),
    isPrivate: Boolean(Number(r.is_private)),
    inviteCode: textOrNull(r.invite_code),
    createdBy: textOrNull(r.created_by),
    createdAt: dateOf(r.created_at),
    scoredAt: dateOrNull(r.scored_at),
    resolvedAt: dateOrNull(r.resolved_at),
  };
}

export function toEntry(r: Row): EntryRecord {
  return {
    id: String(r.id),
    contestId: String(r.contest_id),
    userId: String(r.user_id),
    lineup: parse(r.lineup, []),
    salaryUsed: Number(r.salary_used),
    fee: Number(r.fee),
    pointsX100: Number(r.points_x100),
    rank: numberOrNull(r.rank),
    payout: numberOrNull(r.payout),
    status: r.status as EntryRecord["status"],
    enteredAt: dateOf(r.entered_at),
    updatedAt: dateOf(r.updated_at),
  };
}

export function entryInsert(e: EntryRecord): InStatement {
  return {
    sql: `INSERT INTO fantasy_entries (id, contest_id, user_id, lineup, salary_used, fee, points_x100, rank, payout, status, entered_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, 0, NULL, NULL, 'active', ?, ?)`,
    args: [e.id, e.contestId, e.userId, json(e.lineup), e.salaryUsed, e.fee, e.enteredAt.getTime(), e.updatedAt.getTime()],
  };
}

/** Rows in chunks, as multi-row VALUES statements. */
export function chunked<T>(rows: readonly T[], size: number, build: (chunk: readonly T[]) => InStatement): InStatement[] {
  const out: InStatement[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(build(rows.slice(i, i + size)));
  return out;
}

export function pointsUpsert(contestId: string, points: ReadonlyMap<string, number>, at: number): InStatement[] {
  return chunked([...points], 300, (chunk) => ({
    sql: `INSERT INTO fantasy_contest_player_points (contest_id, player_id, points_x100, updated_at)
          VALUES ${chunk.map(() => "(?, ?, ?, ?)").join(", ")}
          ON CONFLICT (contest_id, player_id) DO UPDATE SET points_x100 = excluded.points_x100, updated_at = excluded.updated_at`,
    args: chunk.flatMap(([playerId, pts]) => [contestId, playerId, pts, at]),
  }));
}

/** What every part of the fantasy adapter shares: the client, and rows of one read. */
export class FantasySql {
  protected readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  protected async rows(sql: string, args: InArgs = []): Promise<Row[]> {
    return (await this.client.execute({ sql, args })).rows;
  }
}
