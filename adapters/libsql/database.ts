/**
 * Opening the database: an embedded file (default), :memory:, or a remote libSQL/Turso URL.
 * Applies the committed drizzle migrations. Writes elsewhere go through `client.batch(..., "write")`
 * so each change is one atomic write holding the single writer lock as briefly as possible.
 */
import { createClient, type Client, type InArgs, type InStatement } from "@libsql/client";
import { ConnectionPool, Sqlite3Client } from "@libsql/client/sqlite3";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { fileURLToPath } from "node:url";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import * as schema from "./schema.ts";

export type Db = LibSQLDatabase<typeof schema>;
export type DatabaseKind = "file" | "memory" | "remote";

export interface Database {
  client: Client;
  db: Db;
  kind: DatabaseKind;
  close(): void;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export function databaseKind(url: string): DatabaseKind {
  if (url === ":memory:" || url === "file::memory:") return "memory";
  if (url.startsWith("file:")) return "file";
  return "remote";
}

export async function openDatabase(opts: { url: string; authToken?: string; syncUrl?: string; syncIntervalSeconds?: number }): Promise<Database> {
  const kind = databaseKind(opts.url);
  const url = kind === "memory" ? ":memory:" : opts.url;
  if (kind === "file") {
    const path = url.slice("file:".length);
    await mkdir(dirname(path), { recursive: true });
  }
  // An embedded replica: a local file that syncs from the remote primary (syncUrl) and sends its
  // writes there. Without syncUrl a file URL is a plain embedded database.
  // One connection per process: the PRAGMAs below (foreign keys, synchronous) are per connection,
  // and a pooled second connection would silently lack them. Calls are synchronous on this thread
  // anyway, and no code holds an interactive transaction. `timeout` is the busy timeout: a write
  // waits up to 5 s for another process's writer instead of failing with SQLITE_BUSY.
  const client =
    kind === "file" && !opts.syncUrl
      ? statementCachingFileClient(url.slice("file:".length), 5000)
      : createClient({
          url,
          concurrency: 1,
          timeout: 5000,
          authToken: opts.authToken || undefined,
          ...(opts.syncUrl ? { syncUrl: opts.syncUrl, syncInterval: opts.syncIntervalSeconds ?? 1 } : {}),
        });
  if (kind !== "remote") {
    // WAL lets readers run beside the one writer; the busy timeout makes a second connection wait
    // for the writer instead of failing with SQLITE_BUSY.
    if (kind === "file") await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA busy_timeout = 5000");
    await client.execute("PRAGMA synchronous = NORMAL");
  }
  await client.execute("PRAGMA foreign_keys = ON");
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { client, db, kind, close: () => client.close() };
}

/**
 * The embedded file client of @libsql/client (the same classes `createClient` builds for a file URL,
 * one connection, integers as numbers), except that each connection keeps its prepared statements:
 * the stock client prepares every statement on every call, and compiling a statement on a table
 * with triggers (bet_legs' price guard, the postings trigger) costs as much as running it. SQLite
 * re-prepares a kept statement by itself when the schema changes; a statement is reset before each
 * run, so reusing one after an error is safe. Bounded: the map starts over past 1,000 texts.
 */
function statementCachingFileClient(path: string, timeoutMs: number): Client {
  const pool = new StatementCachingPool(path, { timeout: timeoutMs }, 1);
  // Fail fast if the file cannot be opened at all (as createClient does).
  pool.release(pool.acquireSync());
  return new Sqlite3Client(pool, "number");
}

type Connection = ReturnType<ConnectionPool["acquireSync"]>;
interface LibsqlStatement {
  raw(on?: boolean): unknown;
  columns(): unknown;
}

/**
 * A kept statement that also remembers what the client asks it on every call: its result columns
 * (fixed once prepared; migrations run before any query of the app) and whether it returns rows
 * (the client finds out by calling raw(), which throws for a statement that does not, an exception
 * per INSERT). Everything else goes to the statement itself.
 */
function keptStatement(stmt: LibsqlStatement): LibsqlStatement {
  const kept = Object.create(stmt) as LibsqlStatement;
  let notReader: unknown = null;
  let rawMode: boolean | undefined;
  let columns: unknown;
  kept.raw = (on?: boolean) => {
    if (notReader) throw notReader;
    if (rawMode !== on) {
      try {
        stmt.raw(on);
      } catch (e) {
        notReader = e;
        throw e;
      }
      rawMode = on;
    }
    return kept;
  };
  kept.columns = () => (columns ??= stmt.columns());
  return kept;
}
const withStatementCache = new WeakSet<Connection>();

class StatementCachingPool extends ConnectionPool {
  override acquireSync(forTransaction?: boolean): Connection {
    const db = super.acquireSync(forTransaction);
    if (!withStatementCache.has(db)) {
      withStatementCache.add(db);
      const prepare = db.prepare.bind(db) as (sql: string) => unknown;
      const kept = new Map<string, unknown>();
      db.prepare = ((sql: string) => {
        let stmt = kept.get(sql);
        if (!stmt) {
          stmt = keptStatement(prepare(sql) as LibsqlStatement);
          if (kept.size >= 1000) kept.clear();
          kept.set(sql, stmt);
        }
        return stmt;
      }) as Connection["prepare"];
    }
    return db;
  }
}

/** The constraint or trigger name in a libSQL error message, e.g. "BET.ODDS_CHANGED". */
export function constraintOf(e: unknown): string | null {
  const msg = e instanceof Error ? e.message : String(e);
  if (!/SQLITE_CONSTRAINT/.test(msg)) return null;
  const m = /(BET\.[A-Z_]+|EVENT\.[A-Z_]+|LEDGER\.[A-Z_]+|AUDIT\.[A-Z_]+|CHECK constraint failed: \w+|UNIQUE constraint failed: [\w.]+|FOREIGN KEY constraint failed)/.exec(msg);
  return m ? m[1] : "SQLITE_CONSTRAINT";
}

/** A statement that aborts the whole batch unless `condition` (an SQL boolean expression) holds. */
export function assertStatement(condition: string, args: InArgs): InStatement {
  return { sql: `INSERT INTO write_assertions (ok) SELECT (${condition})`, args };
}

export const ASSERTION_FAILED = "CHECK constraint failed: write_assertion_failed";
