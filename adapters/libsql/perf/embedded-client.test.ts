/**
 * The embedded client's rows and errors behave as @libsql/client's stock rows and errors do: named
 * columns as enumerable own properties, indexes and length non-enumerable, integers as numbers,
 * the constraint in the error message, LibsqlBatchError with the failing index in a batch.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, LibsqlBatchError, type Client } from "@libsql/client";
import { embeddedFileClient } from "./embedded-client.ts";
import { oneRow } from "../rows.ts";

let dir: string;
let ours: Client;
let stock: Client;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "embedded-client-"));
  ours = embeddedFileClient(join(dir, "e.db"), 5000).client;
  stock = createClient({ url: `file:${join(dir, "e.db")}`, intMode: "number" });
  await ours.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, v INTEGER CHECK (v >= 0))");
  await ours.execute({ sql: "INSERT INTO t (id, name, v) VALUES (?, ?, ?), (?, ?, ?)", args: [1, "a", 10, 2, null, 20] });
});
afterEach(() => {
  ours.close();
  stock.close();
  rmSync(dir, { recursive: true, force: true });
});

const same = async (sql: string, args: (string | number)[] = []) => {
  const [a, b] = [await ours.execute({ sql, args }), await stock.execute({ sql, args })];
  expect(a.columns).toEqual(b.columns);
  expect(a.rows.length).toBe(b.rows.length);
  a.rows.forEach((row, i) => {
    const other = b.rows[i];
    expect(Object.keys(row)).toEqual(Object.keys(other));
    expect({ ...row }).toEqual({ ...other });
    expect(JSON.stringify(row)).toBe(JSON.stringify(other));
    expect(row.length).toBe(other.length);
    expect(Array.prototype.slice.call(row)).toEqual(Array.prototype.slice.call(other));
    for (let k = 0; k < row.length; k++) expect(row[k]).toEqual(other[k]);
  });
  return a;
};

describe("embedded client rows", () => {
  it("match the stock client's rows: names, indexes, length, keys, JSON and spread", async () => {
    const rs = await same("SELECT id, name, v FROM t ORDER BY id");
    expect(rs.rows[0].id).toBe(1);
    expect(rs.rows[1].name).toBeNull();
    expect(typeof rs.rows[0].v).toBe("number");
  });

  it("read a query marked oneRow with one driver call: the same row as the stock client, or none", async () => {
    const marked = oneRow({ sql: "SELECT id, name, v FROM t WHERE id = ?", args: [1] });
    const [a, b] = [await ours.execute(marked), await stock.execute(marked)];
    expect(a.columns).toEqual(b.columns);
    expect(a.rows.map((r) => ({ ...r }))).toEqual(b.rows.map((r) => ({ ...r })));
    expect(JSON.stringify(a.rows[0])).toBe(JSON.stringify(b.rows[0]));
    const none = await ours.execute(oneRow({ sql: "SELECT id, name, v FROM t WHERE id = ?", args: [99] }));
    expect(none.rows).toEqual([]);
    expect(none.columns).toEqual(["id", "name", "v"]);
    // The mark leaves the statement a plain statement: unmarked, the same text reads every row.
    expect((await ours.execute({ sql: "SELECT id, name, v FROM t WHERE id >= ?", args: [1] })).rows).toHaveLength(2);
  });

  it("give the right row when one text is read both marked and unmarked, in any order", async () => {
    // The driver's get() right after all() on one statement returns all()'s first row again.
    const sql = "SELECT v FROM t WHERE id = ?";
    const ids = [1, 2, 2, 1, 1, 2];
    const seen: unknown[] = [];
    for (const [i, id] of ids.entries()) seen.push((await ours.execute(i % 2 ? oneRow({ sql, args: [id] }) : { sql, args: [id] })).rows[0].v);
    expect(seen).toEqual([10, 20, 20, 10, 10, 20]);
  });

  it("keep the stock rows for repeated or index-like column names", async () => {
    const rs = await same("SELECT a.id, b.id, 7 AS \"0\", 8 AS length FROM t a JOIN t b ON b.id = a.id + 1");
    expect(rs.rows[0][0]).toBe(1);
    expect(rs.rows[0][1]).toBe(2);
    await same("SELECT 1");
  });

  it("report rowsAffected and lastInsertRowid for writes, and named arguments work", async () => {
    const w = await ours.execute({ sql: "UPDATE t SET v = v + 1 WHERE id >= :min", args: { min: 1 } });
    expect(w.rowsAffected).toBe(2);
    const i = await ours.execute({ sql: "INSERT INTO t (name, v) VALUES (?, ?)", args: ["c", 1] });
    expect(i.lastInsertRowid).toBe(3n);
    await same("SELECT * FROM t WHERE name = ?", ["c"]);
  });

  it("name the broken constraint in the error, and in a batch roll back and say which statement", async () => {
    await expect(ours.execute({ sql: "UPDATE t SET v = -1 WHERE id = 1", args: [] })).rejects.toThrow(/SQLITE_CONSTRAINT.*CHECK constraint failed/);
    const e = await ours
      .batch([{ sql: "INSERT INTO t (id, v) VALUES (5, 1)", args: [] }, { sql: "INSERT INTO t (id, v) VALUES (6, -1)", args: [] }], "write")
      .catch((x) => x);
    expect(e).toBeInstanceOf(LibsqlBatchError);
    expect((e as LibsqlBatchError).statementIndex).toBe(1);
    expect((await ours.execute("SELECT COUNT(*) AS n FROM t WHERE id IN (5, 6)")).rows[0].n).toBe(0);
    // The connection is usable afterwards, outside any transaction.
    const ok = await ours.batch([{ sql: "INSERT INTO t (id, v) VALUES (7, 1)", args: [] }], "write");
    expect(ok).toHaveLength(1);
  });
});

describe("a statement that finds another process's lock (SQLITE_BUSY)", () => {
  /** Another connection holds the writer lock while `during` runs, then writes and commits. */
  const whileLocked = async (during: () => Promise<unknown>) => {
    const holder = await stock.transaction("write");
    await holder.execute("INSERT INTO t (id, v) VALUES (100, 1)");
    const result = await during().catch((e: unknown) => e);
    await holder.commit();
    return result;
  };

  it("fails busy without changing anything, and leaves no snapshot behind: the next writes and commits succeed", async () => {
    await ours.execute("PRAGMA busy_timeout = 20");
    const failed = await whileLocked(() => ours.execute({ sql: "UPDATE t SET v = v + 1 WHERE id = ?", args: [1] }));
    expect(String(failed)).toMatch(/SQLITE_BUSY/);
    // The driver leaves a busy statement in progress; kept, it would pin its old snapshot, and every
    // later write here would fail with SQLITE_BUSY_SNAPSHOT although the lock is free.
    expect((await ours.execute("SELECT sql FROM sqlite_stmt WHERE busy AND sql NOT LIKE '%sqlite_stmt%'")).rows).toEqual([]);
    await ours.execute({ sql: "INSERT INTO t (id, v) VALUES (?, ?)", args: [101, 1] });
    await ours.batch([{ sql: "UPDATE t SET v = v + 5 WHERE id = ?", args: [2] }], "write");
    // The failed update never happened; settling it did not run it either.
    const v = (await ours.execute("SELECT id, v FROM t WHERE id IN (1, 2, 100, 101) ORDER BY id")).rows.map((r) => [r.id, r.v]);
    expect(v).toEqual([[1, 10], [2, 25], [100, 1], [101, 1]]);
    // And the same statement still works.
    await ours.execute({ sql: "UPDATE t SET v = v + 1 WHERE id = ?", args: [1] });
    expect((await ours.execute("SELECT v FROM t WHERE id = 1")).rows[0].v).toBe(11);
  });

  it("a write batch whose BEGIN fails busy leaves the connection able to commit the next one", async () => {
    await ours.execute("PRAGMA busy_timeout = 20");
    const failed = await whileLocked(() => ours.batch([{ sql: "INSERT INTO t (id, v) VALUES (200, 1)", args: [] }], "write"));
    expect(String(failed)).toMatch(/SQLITE_BUSY/);
    // A transaction that begins differently must still commit (a BEGIN left in progress would make
    // it fail with "SQL statements in progress"), and so must the next write.
    const read = await ours.batch([{ sql: "SELECT COUNT(*) AS n FROM t WHERE id = 100", args: [] }], "deferred");
    expect(read[0].rows[0].n).toBe(1);
    await ours.batch([{ sql: "INSERT INTO t (id, v) VALUES (201, 1)", args: [] }], "write");
    expect((await ours.execute("SELECT COUNT(*) AS n FROM t WHERE id IN (200, 201)")).rows[0].n).toBe(1);
  });
});
