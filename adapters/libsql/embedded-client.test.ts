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
