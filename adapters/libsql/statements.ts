/**
 * What the adapters share about statements and database URLs, without drizzle or a driver: the
 * fraud scan's thread (adapters/libsql/perf/fraud-scan-run.ts) loads this instead of database.ts, whose drizzle,
 * schema and migrator took ~400 ms of every scan's start. database.ts re-exports all of it.
 */
import type { InArgs, InStatement, ResultSet } from "@libsql/client";

export type DatabaseKind = "file" | "memory" | "remote";

/**
 * Where a hot all-or-nothing write goes when the database shares commits between writes (group
 * commit on an embedded file, built in perf/group-commit.ts and chosen by database.ts). An adapter
 * given none writes each change as its own batch: the plain path, with the same results.
 */
export interface GroupedWrites {
  /** One all-or-nothing write; resolves with its statements' results once committed. */
  write(statements: InStatement[]): Promise<ResultSet[]>;
}

export function databaseKind(url: string): DatabaseKind {
  if (url === ":memory:" || url === "file::memory:") return "memory";
  if (url.startsWith("file:")) return "file";
  return "remote";
}

/** The constraint or trigger name in a libSQL error message, e.g. "BET.ODDS_CHANGED". */
export function constraintOf(e: unknown): string | null {
  const msg = e instanceof Error ? e.message : String(e);
  if (!/SQLITE_CONSTRAINT/.test(msg)) return null;
  const m = /(BET\.[A-Z_]+|BONUS\.[A-Z_]+|EVENT\.[A-Z_]+|LEDGER\.[A-Z_]+|AUDIT\.[A-Z_]+|CHECK constraint failed: \w+|UNIQUE constraint failed: [\w.]+|FOREIGN KEY constraint failed)/.exec(msg);
  return m ? m[1] : "SQLITE_CONSTRAINT";
}

/**
 * A statement that aborts the whole batch unless `condition` (an SQL boolean expression) is true.
 * A row is inserted only when the condition is false or NULL, and that row (ok = 0) fails the
 * table's CHECK; a condition that holds inserts nothing, so the write pays for neither the insert nor
 * the trigger that keeps the table empty (most assertions hold: one per guard on every bet).
 */
export function assertStatement(condition: string, args: InArgs): InStatement {
  return { sql: `INSERT INTO write_assertions (ok) SELECT 0 WHERE (${condition}) IS NOT 1`, args };
}

export const ASSERTION_FAILED = "CHECK constraint failed: write_assertion_failed";
