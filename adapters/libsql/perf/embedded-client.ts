/**
 * The client for an embedded database file: @libsql/client's own classes (one connection, integers
 * as numbers), made cheaper on the two things every request pays for.
 *
 * 1. Prepared statements are kept per connection. The stock client prepares every statement on
 *    every call, and compiling a statement on a table with triggers (bet_legs' price guard, the
 *    postings trigger) costs as much as running it. SQLite re-prepares a kept statement by itself
 *    when the schema changes; a statement is reset before each run, so reusing one after an error
 *    is safe. Bounded: the map starts over past 1,000 texts.
 * 2. Rows are built cheaply. The stock client builds each row with two Object.defineProperty calls
 *    per column (a named and an indexed property), which leaves every row a slow dictionary-mode
 *    object. Here a row gets its named columns as ordinary own properties (enumerable, as before) and
 *    finds its indexed columns and `length` on a prototype shared by every row of that statement
 *    (non-enumerable, as before), so `row.name`, `row[0]`, `Array.prototype.slice.call(row)` (drizzle)
 *    and `Object.keys(row)` behave as the stock rows do. Statements whose column names repeat or look
 *    like indexes get the stock rows.
 *
 * Errors are the stock client's: LibsqlError with the code in the message, LibsqlBatchError in a batch.
 */
import { LibsqlBatchError, LibsqlError, type Client, type InArgs, type InStatement, type ResultSet, type Row, type TransactionMode } from "@libsql/client";
import { ConnectionPool, Sqlite3Client } from "@libsql/client/sqlite3";
import { ONE_ROW } from "../rows.ts";

type Connection = ReturnType<ConnectionPool["acquireSync"]>;

/** The driver's connection (libsql's better-sqlite3-style Database), as far as we use it. */
export interface SyncConnection {
  readonly inTransaction: boolean;
  prepare(sql: string): KeptStatement;
  /** Runs SQL through a statement that is finalized before it returns, whatever happens. */
  exec(sql: string): unknown;
  /** Drops a kept statement (present on this client's connections). */
  forget?(sql: string): void;
}

interface DriverStatement {
  readonly reader: boolean;
  raw(on?: boolean): unknown;
  safeIntegers(on?: boolean): unknown;
  columns(): { name: string; type: string | null }[];
  run(args: unknown): { changes: number; lastInsertRowid: number | bigint };
  get(args: unknown): unknown;
  all(args: unknown): unknown[];
}

/** A kept statement: the driver's, plus what the client asks of it on every call, remembered. */
interface KeptStatement extends DriverStatement {
  /** Whether it returns rows (the stock client finds out by catching an exception per INSERT). */
  readonly returnsRows: boolean;
  /** Its columns and how to build its rows (fixed once prepared; migrations run before any query). */
  shape(): RowShape;
}

interface RowShape {
  names: string[];
  types: string[];
  make(values: unknown[]): Row;
}

function fromSql(v: unknown): unknown {
  if (typeof v === "bigint") {
    if (v < -9007199254740991n || v > 9007199254740991n)
      throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    return Number(v);
  }
  if (v instanceof Buffer) return v.buffer;
  return v;
}

function toSql(v: unknown): unknown {
  if (typeof v === "number" && !Number.isFinite(v)) throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof Date) return v.valueOf();
  if (v instanceof ArrayBuffer) return Buffer.from(v);
  if (v === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return v;
}

function argsOf(args: InArgs | undefined): unknown {
  if (args === undefined) return [];
  if (Array.isArray(args)) return args.map(toSql);
  const named: Record<string, unknown> = {};
  for (const name in args) {
    const key = name[0] === "@" || name[0] === "$" || name[0] === ":" ? name.substring(1) : name;
    named[key] = toSql((args as Record<string, unknown>)[name]);
  }
  return named;
}

/** The stock client's row: both properties defined per row (kept for the odd column names). */
function stockRow(values: unknown[], names: string[]): Row {
  const row = {};
  Object.defineProperty(row, "length", { value: values.length });
  for (let i = 0; i < values.length; i++) {
    const value = fromSql(values[i]);
    Object.defineProperty(row, i, { value });
    if (!Object.hasOwn(row, names[i])) Object.defineProperty(row, names[i], { value, enumerable: true, configurable: true, writable: true });
  }
  return row as Row;
}

function rowShape(columns: { name: string; type: string | null }[]): RowShape {
  const names = columns.map((c) => c.name);
  const types = columns.map((c) => c.type ?? "");
  const plain = new Set(names).size === names.length && names.every((n) => !/^\d+$/.test(n) && n !== "length" && n !== "__proto__");
  if (!plain) return { names, types, make: (values) => stockRow(values, names) };
  const proto = Object.create(Object.prototype) as object;
  Object.defineProperty(proto, "length", { value: names.length });
  names.forEach((name, i) =>
    Object.defineProperty(proto, i, {
      get(this: Record<string, unknown>) {
        return this[name];
      },
    }),
  );
  // A constructor per shape that assigns every column by its literal name: V8 then gives each row
  // all its fields inside the object. Assigning them in a loop grew each row's property store a few
  // fields at a time, through the generic keyed-store path: ~20 times the cost for a 25-column row.
  // The names are embedded as JSON string literals (any column name is safe in that form).
  const RowOfShape = new Function(
    "fromSql",
    `return function Row(v) { ${names.map((n, i) => `this[${JSON.stringify(n)}] = fromSql(v[${i}]);`).join(" ")} };`,
  )(fromSql) as new (values: unknown[]) => Row;
  RowOfShape.prototype = proto;
  return { names, types, make: (values) => new RowOfShape(values) };
}

function keep(stmt: DriverStatement): KeptStatement {
  // Integers arrive as BigInt and fromSql() turns them into numbers or refuses them (set once: it
  // is a property of the statement).
  stmt.safeIntegers(true);
  const kept = Object.create(stmt) as KeptStatement & { raw(on?: boolean): unknown };
  const returnsRows = stmt.reader;
  let rawMode: boolean | undefined;
  let columns: ReturnType<DriverStatement["columns"]> | undefined;
  let shape: RowShape | undefined;
  Object.defineProperty(kept, "returnsRows", { value: returnsRows });
  kept.raw = (on?: boolean) => {
    if (!returnsRows) return stmt.raw(on); // throws, as the driver does
    if (rawMode !== on) {
      stmt.raw(on);
      rawMode = on;
    }
    return kept;
  };
  kept.columns = () => (columns ??= stmt.columns());
  kept.shape = () => (shape ??= rowShape(kept.columns()));
  return kept;
}

function resultSet(columns: string[], columnTypes: string[], rows: Row[], rowsAffected: number, lastInsertRowid: bigint | undefined): ResultSet {
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON() {
      return { columns, columnTypes, rows: rows.map((r) => Array.prototype.slice.call(r)), rowsAffected, lastInsertRowid: lastInsertRowid?.toString() ?? null };
    },
  };
}

/** The driver's error as the stock client reports it ("SQLITE_CONSTRAINT: ..."), so constraintOf() reads it. */
export function asLibsqlError(e: unknown): unknown {
  const x = e as { code?: unknown; rawCode?: number; message?: string; name?: string };
  if (e instanceof Error && x.name === "SqliteError" && typeof x.code === "string")
    return new LibsqlError(x.message ?? "", baseCode(x.rawCode) ?? x.code, x.code, x.rawCode, e);
  return e;
}
const BASE_CODES: Record<number, string> = {
  1: "SQLITE_ERROR", 5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 8: "SQLITE_READONLY", 10: "SQLITE_IOERR", 11: "SQLITE_CORRUPT",
  13: "SQLITE_FULL", 19: "SQLITE_CONSTRAINT", 20: "SQLITE_MISMATCH", 25: "SQLITE_RANGE",
};
const baseCode = (raw: number | undefined) => (raw === undefined ? undefined : BASE_CODES[raw & 0xff]);

/** Prefix of the statement cache's key for one-row reads (see executeSync). */
const ONE_ROW_KEY = "\u0000one\u0000";

/** Transaction control: run through exec() (see executeSync). */
const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|END|ROLLBACK)\b/i;
/** Statements that query_only stops before they change anything (see settle()). */
const DATA_STATEMENT = /^\s*(SELECT|WITH|INSERT|REPLACE|UPDATE|DELETE|VALUES)\b/i;
/** Whether an error is SQLite's "busy" (the lock is held by another connection), any extended code. */
export const isBusy = (e: unknown) => typeof (e as { code?: unknown })?.code === "string" && (e as { code: string }).code.startsWith("SQLITE_BUSY");

/**
 * Run one statement on a connection, synchronously. Throws LibsqlError.
 *
 * A statement that fails with SQLITE_BUSY is left in progress by the driver (libsql-js resets a
 * statement before a run, not after a failed one: tursodatabase/libsql-js#237). In progress, it
 * keeps its read snapshot, so every later write on this connection fails with SQLITE_BUSY_SNAPSHOT
 * and every COMMIT with "SQL statements in progress", until the statement runs again. A kept
 * statement may not run again for a long time, so a busy one is settled at once (settle()), and
 * transaction control (BEGIN, COMMIT, ROLLBACK), which may meet another process's lock, runs
 * through exec(), whose statement is finalized whatever happens.
 */
export function executeSync(db: SyncConnection, s: InStatement): ResultSet {
  const sql = typeof s === "string" ? s : s.sql;
  let stmt: KeptStatement | undefined;
  let args: unknown;
  let single = false;
  let key = sql;
  try {
    if (typeof s === "string" && TRANSACTION_CONTROL.test(sql)) {
      db.exec(sql);
      return resultSet([], [], [], 0, undefined);
    }
    args = typeof s === "string" ? [] : argsOf(s.args);
    single = (s as { [ONE_ROW]?: boolean })[ONE_ROW] === true;
    // A one-row read gets a statement of its own: the driver's get() on a statement that all() used
    // last returns that cursor's first row again instead of running the query.
    if (single) key = ONE_ROW_KEY + sql;
    stmt = db.prepare(key);
    if (!stmt.returnsRows) {
      const info = stmt.run(args);
      return resultSet([], [], [], info.changes, BigInt(info.lastInsertRowid));
    }
    stmt.raw(true);
    const shape = stmt.shape();
    let rows: Row[];
    if (single) {
      const row = stmt.get(args) as unknown[] | undefined;
      rows = row === undefined ? [] : [shape.make(row)];
    } else rows = (stmt.all(args) as unknown[][]).map(shape.make);
    return resultSet(shape.names, shape.types, rows, 0, undefined);
  } catch (e) {
    if (stmt && isBusy(e)) settle(db, stmt, sql, key, args, single);
    throw asLibsqlError(e);
  }
}

/**
 * Take a statement that failed busy out of progress without running it: with query_only on, a new
 * run resets it (the driver resets before running), and then fails at its first write, before any
 * change, or merely reads to the end. A statement that query_only would not stop (a PRAGMA) is
 * dropped from the cache instead, and the driver finalizes it when it is collected. (A read that
 * is busy again here stays in progress until its next run; in WAL mode reads are busy only during
 * recovery.)
 */
function settle(db: SyncConnection, stmt: KeptStatement, sql: string, key: string, args: unknown, single: boolean) {
  if (!DATA_STATEMENT.test(sql)) {
    db.forget?.(key);
    return;
  }
  try {
    db.exec("PRAGMA query_only = 1");
    // Each the way it is always run (see the note on get() in executeSync).
    if (!stmt.returnsRows) stmt.run(args);
    else if (single) stmt.get(args);
    else stmt.all(args);
  } catch {
    // Expected for a write: "attempt to write a readonly database", raised before any change.
  } finally {
    try {
      db.exec("PRAGMA query_only = 0");
    } catch {
      /* the connection is closing */
    }
  }
}

const BEGIN: Record<TransactionMode, string> = { write: "BEGIN IMMEDIATE", read: "BEGIN TRANSACTION READONLY", deferred: "BEGIN DEFERRED" };

const withStatementCache = new WeakSet<Connection>();

class StatementCachingPool extends ConnectionPool {
  override acquireSync(forTransaction?: boolean): Connection {
    const db = super.acquireSync(forTransaction);
    if (!withStatementCache.has(db)) {
      withStatementCache.add(db);
      const prepare = db.prepare.bind(db) as (sql: string) => DriverStatement;
      const kept = new Map<string, KeptStatement>();
      db.prepare = ((sql: string) => {
        let stmt = kept.get(sql);
        if (!stmt) {
          stmt = keep(prepare(sql.startsWith(ONE_ROW_KEY) ? sql.slice(ONE_ROW_KEY.length) : sql));
          if (kept.size >= 1000) kept.clear();
          kept.set(sql, stmt);
        }
        return stmt;
      }) as unknown as Connection["prepare"];
      (db as unknown as SyncConnection).forget = (sql: string) => void kept.delete(sql);
    }
    return db;
  }
}

/** execute and batch on the kept statements and cheap rows; transactions and the rest are stock. */
class EmbeddedClient extends Sqlite3Client {
  readonly #pool: StatementCachingPool;
  constructor(pool: StatementCachingPool) {
    super(pool, "number");
    this.#pool = pool;
  }

  override async execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    if (this.closed) return await super.execute(stmtOrSql as InStatement);
    const stmt: InStatement = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    const db = await this.#pool.acquire();
    try {
      return executeSync(db as unknown as SyncConnection, stmt);
    } finally {
      this.#pool.release(db);
    }
  }

  override async batch(stmts: Array<InStatement | [string, InArgs?]>, mode: TransactionMode = "deferred"): Promise<ResultSet[]> {
    if (this.closed) return await super.batch(stmts as InStatement[], mode);
    const db = await this.#pool.acquire();
    const conn = db as unknown as SyncConnection;
    try {
      executeSync(conn, BEGIN[mode]);
      const results: ResultSet[] = [];
      for (let i = 0; i < stmts.length; i++) {
        try {
          if (!conn.inTransaction) throw new LibsqlBatchError("The transaction has been rolled back", i, "TRANSACTION_CLOSED");
          const s = stmts[i];
          results.push(executeSync(conn, Array.isArray(s) ? { sql: s[0], args: s[1] ?? [] } : s));
        } catch (e) {
          if (e instanceof LibsqlBatchError) throw e;
          if (e instanceof LibsqlError)
            throw new LibsqlBatchError(e.message, i, e.code, e.extendedCode, e.rawCode, e.cause instanceof Error ? e.cause : undefined);
          throw e;
        }
      }
      executeSync(conn, "COMMIT");
      return results;
    } finally {
      // The pool rolls back anything still open before the connection is used again.
      this.#pool.release(db);
    }
  }
}

export interface ConnectionSource {
  acquire(): Promise<SyncConnection>;
  release(db: SyncConnection): void;
}

/** The client, and the one connection lent out directly (for group commit). */
export function embeddedFileClient(path: string, timeoutMs: number): { client: Client; connections: ConnectionSource } {
  const pool = new StatementCachingPool(path, { timeout: timeoutMs }, 1);
  // Fail fast if the file cannot be opened at all (as createClient does).
  pool.release(pool.acquireSync());
  return {
    client: new EmbeddedClient(pool),
    connections: {
      acquire: async () => (await pool.acquire()) as unknown as SyncConnection,
      release: (db) => pool.release(db as unknown as Connection),
    },
  };
}
