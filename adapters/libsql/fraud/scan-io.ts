/**
 * How a fraud scan reads and writes without starving placement of the single writer: its writes go in
 * small chunks with pauses (and through the group commit in the serving process), its large reads a
 * page at a time with rests between.
 */
import type { Client, InStatement, ResultSet, Row } from "@libsql/client";
import type { MonitoringRecord } from "x../../../domain/ports/index.ts";
import type { RiskLevel } from "x../../../domain/shared/risk-level.ts";
import type { GroupedWrites } from "../statements.ts";

/**
 * Rows per write of a scan's record (one multi-row upsert statement per write). A scan writes a score
 * for every new transaction (120,000 a minute at 2,000 bets/s), so these writes share the writer with
 * every bet placement: see `FraudWrite`.
 */
export const RECORD_CHUNK = 50;
/**
 * Alerts per write: fewer than scores, since each carries its evidence (up to 50 bet ids). Fifty to a
 * write made the bets' commit that carried them 5-10 ms longer (logged under placement at 2,000/s:
 * the first scan of a busy minute raises one rapid-betting alert per customer, 300 in the benchmark).
 */
export const ALERT_CHUNK = 10;
/** Pause between two of those writes, so a scan's writes take a bounded share of the writer. */
export const RECORD_PAUSE_MS = 10;

/** What one statement of a write returned, as plain data (it may come from another thread). */
export interface WrittenResult {
  rowsAffected: number;
  rows: Record<string, unknown>[];
}

/**
 * One all-or-nothing write of a scan's record. In the serving process that is the database's group
 * commit on an embedded file (so the scan's rows join the bets' commits instead of taking the writer
 * lock from them), otherwise one batch; a scan on a thread of its own sends its writes to the serving
 * process (adapters/libsql/perf/fraud-scan-thread.ts).
 */
export type FraudWrite = (statements: InStatement[]) => Promise<WrittenResult[]>;

export const plainResults = (results: ResultSet[]): WrittenResult[] =>
  results.map((r) => ({ rowsAffected: r.rowsAffected, rows: r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c, row[i]]))) }));

/** The serving process's writer for a scan's record: the group commit when there is one, else a batch. */
export function fraudWriter(d: FraudDatabase): FraudWrite {
  const gc = d.groupCommit;
  return gc
    ? async (statements) => plainResults(await gc.write(statements))
    : async (statements) => plainResults(await d.client.batch(statements, "write"));
}

const MONITORING_COLUMNS = "(id, user_id, monitoring_type, reference, amount, risk_score, reasons, created_at, scored_at)";

/** One upsert for up to RECORD_CHUNK scores (one statement to prepare and run instead of one per row). */
export function upsertScores(rows: Omit<MonitoringRecord, "user">[], at: number): InStatement {
  return {
    sql: `INSERT INTO transaction_monitoring ${MONITORING_COLUMNS}
          VALUES ${rows.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}
          ON CONFLICT(monitoring_type, reference) DO UPDATE SET
            risk_score = excluded.risk_score, reasons = excluded.reasons, amount = excluded.amount, scored_at = excluded.scored_at
          WHERE transaction_monitoring.risk_score IS NOT excluded.risk_score OR transaction_monitoring.reasons IS NOT excluded.reasons
            OR transaction_monitoring.amount IS NOT excluded.amount`,
    args: rows.flatMap((m) => [m.id, m.userId, m.monitoringType, m.reference, m.amount, m.riskScore, JSON.stringify(m.reasons), m.createdAt.getTime(), at]),
  };
}

export type ProfileRow = { userId: string; riskLevel: RiskLevel; riskScore: number; factors: string[] };

export function upsertProfiles(rows: ProfileRow[], at: number): InStatement {
  return {
    sql: `INSERT INTO user_risk_profiles (user_id, risk_level, risk_score, factors, last_reviewed)
          VALUES ${rows.map(() => "(?, ?, ?, ?, ?)").join(", ")}
          ON CONFLICT(user_id) DO UPDATE SET risk_level = excluded.risk_level, risk_score = excluded.risk_score,
            factors = excluded.factors, last_reviewed = excluded.last_reviewed`,
    args: rows.flatMap((p) => [p.userId, p.riskLevel, p.riskScore, JSON.stringify(p.factors), at]),
  };
}

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Rows per page of a scan's two large reads (the bets, the stored scores). */
export const READ_PAGE = 5_000;
/** After each page the read rests this many times as long as the page took: a third of the time reading. */
const READ_REST = 2;

/**
 * All rows of a read by time, a page at a time in the order of an index on (time, rowid), resting
 * after each page. A scan reads a minute of bets or more (120,000 rows at 2,000 bets/s), and read at
 * once that took 0.1-0.3 s of a core and the caches both threads share: group commits in those
 * moments took 8-17 ms instead of a few, and placement's p99 felt it. Pages are keyed on (time,
 * rowid), so rows sharing a millisecond across a page's end are neither lost nor read twice; each
 * row comes with its time as `t`.
 */
export async function readPaged(
  c: Client,
  read: { columns: string; from: string; where?: string; time: string; rowid: string },
  since: number,
  pageSize: number,
): Promise<Row[]> {
  const { columns, from, where, time, rowid } = read;
  const sql = `SELECT ${rowid} AS rid, ${time} AS t, ${columns} FROM ${from}
    WHERE ${where ? `${where} AND ` : ""}${time} >= ?1 AND (${time} > ?1 OR ${rowid} > ?2) ORDER BY ${time}, ${rowid} LIMIT ?3`;
  const rows: Row[] = [];
  let t = since;
  let rid = -1;
  for (;;) {
    const started = Date.now();
    const page = await c.execute({ sql, args: [t, rid, pageSize] });
    for (const r of page.rows) rows.push(r);
    if (page.rows.length < pageSize) return rows;
    const last = page.rows[page.rows.length - 1];
    t = Number(last.t);
    rid = Number(last.rid);
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, (Date.now() - started) * READ_REST)));
  }
}

/** What these records need of a database (the scan's thread has a bare connection, no drizzle). */
export type FraudDatabase = { client: Client; groupCommit?: GroupedWrites };
