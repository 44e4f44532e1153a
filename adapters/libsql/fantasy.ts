/**
 * The Fantasy port on libSQL. Every write is one `client.batch([...], "write")`: guards are
 * statements inside the write (assertStatement, CHECKs, triggers of migration 0015), never a read
 * followed by a write in JavaScript.
 */
import type { Client, InArgs, InStatement, Row } from "@libsql/client";
import type {
  ContestFilter, EntryOutcome, EntryPlan, EntryWithEntrant, Fantasy, LineupChange, NewContestOutcome, NewContestPlan,
  ResolutionPlan, ScorePlan,
} from "../../domain/ports/index.ts";
import type { AuditEntry } from "../../domain/shared/types.ts";
import type {
  ContestRecord, EntryRecord, FantasyLeagueRecord, FantasyPlayerRecord, FantasySportRecord, FantasySportStatus,
  FantasySportWithCounts,
} from "../../domain/fantasy/types.ts";
import { auditStatement } from "./audit.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";
import { ledgerStatements } from "./ledger-statements.ts";
import { wagerGuardStatements } from "./wager-guards.ts";

const POOL_NOT_EMPTY = "CHECK constraint failed: fantasy_pool_must_be_empty";
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const json = (v: unknown) => JSON.stringify(v);
const parse = <T>(v: unknown, fallback: T): T => {
  try {
    return v === null || v === undefined ? fallback : (JSON.parse(String(v)) as T);
  } catch {
    return fallback;
  }
};
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(Number(v)));
const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(",");
/** Which statement of a batch failed, when the driver says (LibsqlBatchError.statementIndex). */
const failedStatement = (e: unknown): number | null => {
  const i = (e as { statementIndex?: unknown } | null)?.statementIndex;
  return typeof i === "number" ? i : null;
};

function toSport(r: Row): FantasySportRecord {
  return {
    id: String(r.id),
    name: String(r.name),
    season: String(r.season),
    status: r.status as FantasySportRecord["status"],
    settings: parse(r.settings, {}),
    roster: parse(r.roster, []),
    salaryCap: Number(r.salary_cap),
    createdAt: new Date(Number(r.created_at)),
    createdBy: r.created_by === null ? null : String(r.created_by),
  };
}

function toLeague(r: Row): FantasyLeagueRecord {
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
    seasonStart: r.season_start === null ? null : String(r.season_start),
    seasonEnd: r.season_end === null ? null : String(r.season_end),
    status: r.status as FantasyLeagueRecord["status"],
    settings: parse(r.settings, {}),
    createdAt: new Date(Number(r.created_at)),
    createdBy: r.created_by === null ? null : String(r.created_by),
  };
}

function toPlayer(r: Row): FantasyPlayerRecord {
  return {
    id: String(r.id),
    sportId: String(r.sport_id),
    name: String(r.name),
    team: String(r.team),
    position: String(r.position),
    salary: Number(r.salary),
    projectedX100: r.projected_x100 === null ? null : Number(r.projected_x100),
    injuryStatus: r.injury_status as FantasyPlayerRecord["injuryStatus"],
    createdAt: new Date(Number(r.created_at)),
  };
}

const CONTEST_SELECT = `SELECT c.*, s.name AS sport_name FROM fantasy_contests c JOIN fantasy_sports s ON s.id = c.sport_id`;

function toContest(r: Row): ContestRecord {
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
    startTime: new Date(Number(r.start_time)),
    endTime: new Date(Number(r.end_time)),
    status: r.status as ContestRecord["status"],
    settings: parse(r.settings, {}),
    isPrivate: Boolean(Number(r.is_private)),
    inviteCode: r.invite_code === null ? null : String(r.invite_code),
    createdBy: r.created_by === null ? null : String(r.created_by),
    createdAt: new Date(Number(r.created_at)),
    scoredAt: dateOrNull(r.scored_at),
    resolvedAt: dateOrNull(r.resolved_at),
  };
}

function toEntry(r: Row): EntryRecord {
  return {
    id: String(r.id),
    contestId: String(r.contest_id),
    userId: String(r.user_id),
    lineup: parse(r.lineup, []),
    salaryUsed: Number(r.salary_used),
    fee: Number(r.fee),
    pointsX100: Number(r.points_x100),
    rank: r.rank === null ? null : Number(r.rank),
    payout: r.payout === null ? null : Number(r.payout),
    status: r.status as EntryRecord["status"],
    enteredAt: new Date(Number(r.entered_at)),
    updatedAt: new Date(Number(r.updated_at)),
  };
}

function entryInsert(e: EntryRecord): InStatement {
  return {
    sql: `INSERT INTO fantasy_entries (id, contest_id, user_id, lineup, salary_used, fee, points_x100, rank, payout, status, entered_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, 0, NULL, NULL, 'active', ?, ?)`,
    args: [e.id, e.contestId, e.userId, json(e.lineup), e.salaryUsed, e.fee, e.enteredAt.getTime(), e.updatedAt.getTime()],
  };
}

/** Rows in chunks, as multi-row VALUES statements. */
function chunked<T>(rows: readonly T[], size: number, build: (chunk: readonly T[]) => InStatement): InStatement[] {
  const out: InStatement[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(build(rows.slice(i, i + size)));
  return out;
}

function pointsUpsert(contestId: string, points: ReadonlyMap<string, number>, at: number): InStatement[] {
  return chunked([...points], 300, (chunk) => ({
    sql: `INSERT INTO fantasy_contest_player_points (contest_id, player_id, points_x100, updated_at)
          VALUES ${chunk.map(() => "(?, ?, ?, ?)").join(", ")}
          ON CONFLICT (contest_id, player_id) DO UPDATE SET points_x100 = excluded.points_x100, updated_at = excluded.updated_at`,
    args: chunk.flatMap(([playerId, pts]) => [contestId, playerId, pts, at]),
  }));
}

export class LibsqlFantasy implements Fantasy {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  private async rows(sql: string, args: InArgs = []): Promise<Row[]> {
    return (await this.client.execute({ sql, args })).rows;
  }

  // ---------- sports ----------

  async listSports(filter: { status?: FantasySportStatus }): Promise<FantasySportWithCounts[]> {
    const rows = await this.rows(
      `SELECT s.*,
         (SELECT COUNT(*) FROM fantasy_leagues l WHERE l.sport_id = s.id) AS league_count,
         (SELECT COUNT(*) FROM fantasy_contests c WHERE c.sport_id = s.id) AS contest_count,
         (SELECT COUNT(*) FROM fantasy_players p WHERE p.sport_id = s.id) AS player_count
       FROM fantasy_sports s ${filter.status ? "WHERE s.status = ?" : ""}
       ORDER BY s.created_at, s.name`,
      filter.status ? [filter.status] : [],
    );
    return rows.map((r) => ({
      ...toSport(r),
      leagueCount: Number(r.league_count),
      contestCount: Number(r.contest_count),
      playerCount: Number(r.player_count),
    }));
  }

  async findSport(id: string): Promise<FantasySportRecord | null> {
    const [r] = await this.rows("SELECT * FROM fantasy_sports WHERE id = ?", [id]);
    return r ? toSport(r) : null;
  }

  async createSport(sport: FantasySportRecord, audit: AuditEntry): Promise<"created" | "duplicate"> {
    try {
      await this.client.batch(
        [
          {
            sql: `INSERT INTO fantasy_sports (id, name, season, status, settings, roster, salary_cap, created_at, created_by)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            args: [sport.id, sport.name, sport.season, sport.status, json(sport.settings), json(sport.roster), sport.salaryCap,
              sport.createdAt.getTime(), sport.createdBy],
          },
          auditStatement(audit),
        ],
        "write",
      );
      return "created";
    } catch (e) {
      if (constraintOf(e)?.startsWith("UNIQUE constraint failed") || /UNIQUE constraint failed: index 'fantasy_sports_name_season_uq'/.test(messageOf(e)))
        return "duplicate";
      throw e;
    }
  }

  // ---------- leagues ----------

  async listLeagues(filter: { sportId?: string }): Promise<FantasyLeagueRecord[]> {
    const rows = await this.rows(
      `SELECT l.*, s.name AS sport_name FROM fantasy_leagues l JOIN fantasy_sports s ON s.id = l.sport_id
       ${filter.sportId ? "WHERE l.sport_id = ?" : ""} ORDER BY l.created_at DESC, l.rowid DESC`,
      filter.sportId ? [filter.sportId] : [],
    );
    return rows.map(toLeague);
  }

  async createLeague(l: FantasyLeagueRecord, audit: AuditEntry): Promise<"created" | "sport_not_found"> {
    try {
      await this.client.batch(
        [
          {
            sql: `INSERT INTO fantasy_leagues (id, sport_id, name, type, format, max_teams, entry_fee, prize_pool, season_start, season_end, status, settings, created_at, created_by)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            args: [l.id, l.sportId, l.name, l.type, l.format, l.maxTeams, l.entryFee, l.prizePool, l.seasonStart, l.seasonEnd, l.status,
              json(l.settings), l.createdAt.getTime(), l.createdBy],
          },
          auditStatement(audit),
        ],
        "write",
      );
      return "created";
    } catch (e) {
      if (constraintOf(e) === "FOREIGN KEY constraint failed") return "sport_not_found";
      throw e;
    }
  }

  // ---------- players ----------

  async listPlayers(filter: { sportId?: string; position?: string; limit: number }): Promise<FantasyPlayerRecord[]> {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (filter.sportId) (where.push("sport_id = ?"), args.push(filter.sportId));
    if (filter.position) (where.push("position = ? COLLATE NOCASE"), args.push(filter.position));
    const rows = await this.rows(
      `SELECT * FROM fantasy_players ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY salary DESC, name LIMIT ?`,
      [...args, filter.limit],
    );
    return rows.map(toPlayer);
  }

  async findPlayers(ids: readonly string[]): Promise<FantasyPlayerRecord[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    return (await this.rows(`SELECT * FROM fantasy_players WHERE id IN (${placeholders(unique.length)})`, unique)).map(toPlayer);
  }

  async createPlayer(p: FantasyPlayerRecord, audit: AuditEntry): Promise<"created" | "sport_not_found"> {
    try {
      await this.client.batch(
        [
          {
            sql: `INSERT INTO fantasy_players (id, sport_id, name, team, position, salary, projected_x100, injury_status, created_at)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            args: [p.id, p.sportId, p.name, p.team, p.position, p.salary, p.projectedX100, p.injuryStatus, p.createdAt.getTime()],
          },
          auditStatement(audit),
        ],
        "write",
      );
      return "created";
    } catch (e) {
      if (constraintOf(e) === "FOREIGN KEY constraint failed") return "sport_not_found";
      throw e;
    }
  }

  // ---------- contests ----------

  async listContests(f: ContestFilter): Promise<ContestRecord[]> {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (f.sportId) (where.push("c.sport_id = ?"), args.push(f.sportId));
    if (f.statuses && f.statuses.length > 0) (where.push(`c.status IN (${placeholders(f.statuses.length)})`), args.push(...f.statuses));
    if (f.minFee !== undefined) (where.push("c.entry_fee >= ?"), args.push(f.minFee));
    if (f.maxFee !== undefined) (where.push("c.entry_fee <= ?"), args.push(f.maxFee));
    if (f.minSize !== undefined) (where.push("c.max_entries >= ?"), args.push(f.minSize));
    if (f.maxSize !== undefined) (where.push("c.max_entries <= ?"), args.push(f.maxSize));
    const rows = await this.rows(
      `${CONTEST_SELECT} ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY CASE c.status WHEN 'open' THEN 0 WHEN 'locked' THEN 1 WHEN 'live' THEN 1 ELSE 2 END, c.start_time, c.id LIMIT ?`,
      [...args, f.limit],
    );
    return rows.map(toContest);
  }

  async findContest(id: string): Promise<ContestRecord | null> {
    const [r] = await this.rows(`${CONTEST_SELECT} WHERE c.id = ?`, [id]);
    return r ? toContest(r) : null;
  }

  async createContest(plan: NewContestPlan): Promise<NewContestOutcome> {
    const c = plan.contest;
    const at = c.createdAt.getTime();
    const statements: InStatement[] = [
      {
        sql: `INSERT INTO fantasy_contests (id, sport_id, name, type, entry_fee, guaranteed_prize, guarantee_funded, max_entries, max_entries_per_user,
                min_entries, current_entries, rake_percent, payout_table, roster, salary_cap, start_time, end_time, status, settings, is_private,
                invite_code, created_by, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?)`,
        args: [c.id, c.sportId, c.name, c.type, c.entryFee, c.guaranteedPrize, c.guaranteeFunded, c.maxEntries,
          c.maxEntriesPerUser, c.minEntries, c.rakePercent,
          json(c.payoutTable), json(c.roster), c.salaryCap, c.startTime.getTime(), c.endTime.getTime(), json(c.settings),
          c.isPrivate ? 1 : 0, c.inviteCode, c.createdBy, at],
      },
      {
        sql: "INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES (?, 'fantasy_pool', NULL, 0, ?)",
        args: [plan.poolAccountId, at],
      },
      ...(plan.funding ? ledgerStatements(plan.funding) : []),
    ];
    if (plan.creatorEntry) {
      const { entry, fee, walletAccountId, guards } = plan.creatorEntry;
      statements.push(
        // The creator's wagering gates, inside this write like any entry's (the only assertions here).
        ...wagerGuardStatements(entry.userId, walletAccountId, guards, entry.fee),
        entryInsert(entry),
        { sql: "UPDATE fantasy_contests SET current_entries = current_entries + 1 WHERE id = ?", args: [c.id] },
        ...(fee ? ledgerStatements(fee) : []),
      );
    }
    if (plan.audit) statements.push(auditStatement(plan.audit));
    if (plan.creatorEntry)
      statements.push({ sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [plan.creatorEntry.walletAccountId] });
    try {
      const results = await this.client.batch(statements, "write");
      const balance = plan.creatorEntry ? Number(results[results.length - 1].rows[0]?.balance ?? 0) : null;
      return { kind: "created", balance };
    } catch (e) {
      const c = constraintOf(e);
      if (c === ASSERTION_FAILED && plan.creatorEntry) return { kind: "refused" };
      if (c === "CHECK constraint failed: ledger_accounts_wallet_nonneg_ck") return { kind: "insufficient_funds" };
      if (c === "LEDGER.UNKNOWN_ACCOUNT") return { kind: "no_wallet" };
      if (c === "FOREIGN KEY constraint failed") return { kind: "sport_not_found" };
      throw e;
    }
  }

  async enter(plan: EntryPlan): Promise<EntryOutcome> {
    const e = plan.entry;
    const statements: InStatement[] = [
      // Open, before its start and below max entries, checked inside this write.
      assertStatement(
        "EXISTS (SELECT 1 FROM fantasy_contests WHERE id = ? AND status = 'open' AND start_time > ? AND current_entries < max_entries)",
        [e.contestId, e.enteredAt.getTime()],
      ),
      // The multi-entry cap: fewer entries by this customer than the contest allows one customer.
      assertStatement(
        `(SELECT COUNT(*) FROM fantasy_entries WHERE contest_id = ?1 AND user_id = ?2)
           < (SELECT max_entries_per_user FROM fantasy_contests WHERE id = ?1)`,
        [e.contestId, e.userId],
      ),
      // The customer's wagering gates (active, not excluded, loss limits), before the fee's postings.
      ...wagerGuardStatements(e.userId, plan.walletAccountId, plan.guards, e.fee),
      entryInsert(e),
      { sql: "UPDATE fantasy_contests SET current_entries = current_entries + 1 WHERE id = ?", args: [e.contestId] },
      ...(plan.fee ? ledgerStatements(plan.fee) : []),
      { sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [plan.walletAccountId] },
    ];
    try {
      const results = await this.client.batch(statements, "write");
      return { kind: "entered", balance: Number(results[results.length - 1].rows[0]?.balance ?? 0) };
    } catch (err) {
      const c = constraintOf(err);
      // Statement 0 is the contest's guard, 1 the multi-entry cap; any other assertion is a
      // wagering guard (when the driver does not say which failed, "refused": the use case then
      // re-reads them).
      if (c === ASSERTION_FAILED) {
        const i = failedStatement(err);
        return i === 0 ? { kind: "not_taking_entries" } : i === 1 ? { kind: "entry_limit" } : { kind: "refused" };
      }
      if (c === "CHECK constraint failed: fantasy_contests_full_ck") return { kind: "not_taking_entries" };
      if (c?.startsWith("UNIQUE constraint failed: fantasy_entries")) return { kind: "already_entered" };
      if (c === "CHECK constraint failed: ledger_accounts_wallet_nonneg_ck") return { kind: "insufficient_funds" };
      if (c === "LEDGER.UNKNOWN_ACCOUNT") return { kind: "no_wallet" };
      throw err;
    }
  }

  async editLineup(change: LineupChange): Promise<"updated" | "not_taking_entries" | "not_found"> {
    try {
      await this.client.batch(
        [
          assertStatement(
            `EXISTS (SELECT 1 FROM fantasy_entries e JOIN fantasy_contests c ON c.id = e.contest_id
                     WHERE e.id = ? AND e.user_id = ? AND c.status = 'open' AND c.start_time > ?)`,
            [change.entryId, change.userId, change.at.getTime()],
          ),
          {
            sql: "UPDATE fantasy_entries SET lineup = ?, salary_used = ?, updated_at = ? WHERE id = ? AND user_id = ?",
            args: [json(change.lineup), change.salaryUsed, change.at.getTime(), change.entryId, change.userId],
          },
        ],
        "write",
      );
      return "updated";
    } catch (e) {
      const c = constraintOf(e);
      if (c === ASSERTION_FAILED || /FANTASY\.LINEUP_LOCKED/.test(messageOf(e))) {
        const [owned] = await this.rows("SELECT 1 FROM fantasy_entries WHERE id = ? AND user_id = ?", [change.entryId, change.userId]);
        return owned ? "not_taking_entries" : "not_found";
      }
      throw e;
    }
  }

  // ---------- entries ----------

  async findEntry(id: string): Promise<EntryRecord | null> {
    const [r] = await this.rows("SELECT * FROM fantasy_entries WHERE id = ?", [id]);
    return r ? toEntry(r) : null;
  }

  async entriesForUser(userId: string, limit: number): Promise<EntryRecord[]> {
    return (
      await this.rows("SELECT * FROM fantasy_entries WHERE user_id = ? ORDER BY entered_at DESC, rowid DESC LIMIT ?", [userId, limit])
    ).map(toEntry);
  }

  async entriesOf(contestId: string): Promise<EntryWithEntrant[]> {
    const rows = await this.rows(
      `SELECT e.*, u.first_name, u.last_name FROM fantasy_entries e JOIN users u ON u.id = e.user_id
       WHERE e.contest_id = ? ORDER BY e.entered_at, e.id`,
      [contestId],
    );
    return rows.map((r) => ({ ...toEntry(r), entrant: { firstName: String(r.first_name), lastName: String(r.last_name) } }));
  }

  async enteredBy(userId: string, contestIds: readonly string[]): Promise<Map<string, number>> {
    if (contestIds.length === 0) return new Map();
    const rows = await this.rows(
      `SELECT contest_id, COUNT(*) AS n FROM fantasy_entries WHERE user_id = ? AND contest_id IN (${placeholders(contestIds.length)})
       GROUP BY contest_id`,
      [userId, ...contestIds],
    );
    return new Map(rows.map((r) => [String(r.contest_id), Number(r.n)]));
  }

  async playerPoints(contestIds: readonly string[]): Promise<Map<string, Map<string, number>>> {
    const out = new Map<string, Map<string, number>>();
    if (contestIds.length === 0) return out;
    const rows = await this.rows(
      `SELECT contest_id, player_id, points_x100 FROM fantasy_contest_player_points WHERE contest_id IN (${placeholders(contestIds.length)})`,
      [...contestIds],
    );
    for (const r of rows) {
      const m = out.get(String(r.contest_id)) ?? new Map<string, number>();
      m.set(String(r.player_id), Number(r.points_x100));
      out.set(String(r.contest_id), m);
    }
    return out;
  }

  // ---------- lifecycle ----------

  async contestsToAdvance(now: Date, limit: number): Promise<ContestRecord[]> {
    const rows = await this.rows(
      `${CONTEST_SELECT} WHERE (c.status = 'open' AND c.start_time <= ?) OR c.status IN ('locked', 'live')
       ORDER BY c.start_time, c.id LIMIT ?`,
      [now.getTime(), limit],
    );
    return rows.map(toContest);
  }

  async lock(contestId: string, at: Date): Promise<boolean> {
    try {
      await this.client.batch(
        [
          // Enough entries to run: its minimum, or one for a guaranteed contest (lifecycle.ts entriesNeededToRun).
          assertStatement(
            `EXISTS (SELECT 1 FROM fantasy_contests WHERE id = ? AND status = 'open' AND start_time <= ?
                     AND current_entries >= CASE WHEN guaranteed_prize > 0 THEN 1 ELSE min_entries END)`,
            [contestId, at.getTime()],
          ),
          { sql: "UPDATE fantasy_contests SET status = 'locked', locked_at = ? WHERE id = ?", args: [at.getTime(), contestId] },
        ],
        "write",
      );
      return true;
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED || /FANTASY\.INVALID_TRANSITION/.test(messageOf(e))) return false;
      throw e;
    }
  }

  async lockNow(change: { contestId: string; at: Date; startTime: Date; audit: AuditEntry }): Promise<"locked" | "not_open" | "too_few_entries"> {
    const id = change.contestId;
    try {
      await this.client.batch(
        [
          assertStatement("EXISTS (SELECT 1 FROM fantasy_contests WHERE id = ? AND status = 'open')", [id]),
          // The entries it needs to run, as the runner's lock asks (lifecycle.ts entriesNeededToRun).
          assertStatement(
            "EXISTS (SELECT 1 FROM fantasy_contests WHERE id = ? AND current_entries >= CASE WHEN guaranteed_prize > 0 THEN 1 ELSE min_entries END)",
            [id],
          ),
          // MIN keeps the end time after the start (the times CHECK) whatever the clock says.
          {
            sql: "UPDATE fantasy_contests SET status = 'locked', locked_at = ?, start_time = MIN(start_time, ?) WHERE id = ?",
            args: [change.at.getTime(), change.startTime.getTime(), id],
          },
          auditStatement(change.audit),
        ],
        "write",
      );
      return "locked";
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED || /FANTASY\.INVALID_TRANSITION/.test(messageOf(e)))
        return failedStatement(e) === 1 ? "too_few_entries" : "not_open";
      throw e;
    }
  }

  async score(plan: ScorePlan): Promise<boolean> {
    const at = plan.at.getTime();
    const statements: InStatement[] = [
      // Still in the state this pass read, and no newer score stored (another runner's).
      assertStatement(
        "EXISTS (SELECT 1 FROM fantasy_contests WHERE id = ? AND status = ? AND (scored_at IS NULL OR scored_at <= ?))",
        [plan.contestId, plan.from, at],
      ),
      plan.from === "locked"
        ? { sql: "UPDATE fantasy_contests SET status = 'live', live_at = ?, scored_at = ? WHERE id = ?", args: [at, at, plan.contestId] }
        : { sql: "UPDATE fantasy_contests SET scored_at = ? WHERE id = ?", args: [at, plan.contestId] },
      ...pointsUpsert(plan.contestId, plan.playerPoints, at),
      ...chunked(plan.standings, 300, (chunk) => ({
        sql: `UPDATE fantasy_entries SET points_x100 = v.column2, rank = v.column3
              FROM (VALUES ${chunk.map(() => "(?, ?, ?)").join(", ")}) AS v
              WHERE fantasy_entries.id = v.column1 AND fantasy_entries.contest_id = ?`,
        args: [...chunk.flatMap((s) => [s.entryId, s.pointsX100, s.rank]), plan.contestId],
      })),
    ];
    try {
      await this.client.batch(statements, "write");
      return true;
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED || /FANTASY\.INVALID_TRANSITION/.test(messageOf(e))) return false;
      throw e;
    }
  }

  async resolve(plan: ResolutionPlan): Promise<"resolved" | "wrong_status" | "not_found" | "pool_mismatch"> {
    const at = plan.at.getTime();
    const statements: InStatement[] = [
      assertStatement(`EXISTS (SELECT 1 FROM fantasy_contests WHERE id = ? AND status IN (${placeholders(plan.from.length)}))`, [
        plan.contestId,
        ...plan.from,
      ]),
      // The status trigger refuses anything but a forward move, so this pays once.
      { sql: "UPDATE fantasy_contests SET status = ?, resolved_at = ? WHERE id = ?", args: [plan.to, at, plan.contestId] },
      ...(plan.playerPoints ? pointsUpsert(plan.contestId, plan.playerPoints, at) : []),
      ...chunked(plan.entries, 200, (chunk) => ({
        sql: `UPDATE fantasy_entries SET points_x100 = COALESCE(v.column2, points_x100), rank = v.column3, payout = v.column4,
                status = v.column5, updated_at = ?
              FROM (VALUES ${chunk.map(() => "(?, ?, ?, ?, ?)").join(", ")}) AS v
              WHERE fantasy_entries.id = v.column1 AND fantasy_entries.contest_id = ?`,
        args: [at, ...chunk.flatMap((e) => [e.entryId, e.pointsX100, e.rank, e.payout, e.status]), plan.contestId],
      })),
      ...plan.transactions.flatMap(ledgerStatements),
      // What went into the pool is exactly what comes out.
      {
        sql: "INSERT INTO fantasy_pool_checks (ok) SELECT COALESCE((SELECT balance FROM ledger_accounts WHERE id = ?), 0) = 0",
        args: [plan.poolAccountId],
      },
      auditStatement(plan.audit),
    ];
    try {
      await this.client.batch(statements, "write");
      return "resolved";
    } catch (e) {
      const c = constraintOf(e);
      if (c === ASSERTION_FAILED || /FANTASY\.INVALID_TRANSITION/.test(messageOf(e))) {
        const [exists] = await this.rows("SELECT 1 FROM fantasy_contests WHERE id = ?", [plan.contestId]);
        return exists ? "wrong_status" : "not_found";
      }
      if (c === POOL_NOT_EMPTY || c === "CHECK constraint failed: ledger_accounts_wallet_nonneg_ck") return "pool_mismatch";
      throw e;
    }
  }
}
