/**
 * Group commit on a real embedded database: writes queued together share one transaction, a refused
 * write rolls back alone, results come back per write, and nothing is answered before the COMMIT.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { openDatabase, type Database } from "../database.ts";
import { constraintOf } from "../database.ts";
import { GroupCommitter } from "./group-commit.ts";
import { embeddedFileClient } from "./embedded-client.ts";

let dir: string;
let d: Database;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "group-commit-"));
  d = await openDatabase({ url: `file:${join(dir, "g.db")}` });
  await d.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL CHECK (v >= 0))");
});
afterEach(() => {
  d.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (id: number, v: number) => ({ sql: "INSERT INTO t (id, v) VALUES (?, ?)", args: [id, v] });
const rows = async () => (await d.client.execute("SELECT id, v FROM t ORDER BY id")).rows.map((r) => [Number(r.id), Number(r.v)]);

describe("group commit", () => {
  it("exists for an embedded file and not for :memory:", async () => {
    expect(d.groupCommit).toBeDefined();
    const m = await openDatabase({ url: ":memory:" });
    expect(m.groupCommit).toBeUndefined();
    m.close();
  });

  it("commits the writes queued together in one transaction, each with its own results", async () => {
    const gc = d.groupCommit!;
    const before = gc.stats.groups;
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => gc.write([insert(i, i * 10), { sql: "SELECT COUNT(*) AS n, SUM(v) AS s FROM t WHERE id <= ?", args: [i] }])),
    );
    expect(gc.stats.groups - before).toBe(1);
    // Each write sees the ones queued before it (serial order), and its rows are numbers.
    expect(results.map((r) => r[1].rows[0].n)).toEqual([1, 2, 3, 4, 5]);
    expect(results[4][1].rows[0].s).toBe(150);
    expect(await rows()).toEqual([[1, 10], [2, 20], [3, 30], [4, 40], [5, 50]]);
  });

  it("rolls back a refused write alone; the others in its group commit", async () => {
    const gc = d.groupCommit!;
    const outcomes = await Promise.allSettled([
      gc.write([insert(1, 1)]),
      // Two statements: the first succeeds, the second breaks the CHECK, so neither may stay.
      gc.write([insert(2, 2), insert(3, -1)]),
      gc.write([insert(4, 4)]),
      gc.write([insert(1, 99)]), // duplicate key of the first write
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
    expect(constraintOf((outcomes[1] as PromiseRejectedResult).reason)).toBe("CHECK constraint failed: v");
    expect(constraintOf((outcomes[3] as PromiseRejectedResult).reason)).toMatch(/UNIQUE|SQLITE_CONSTRAINT/);
    expect(await rows()).toEqual([[1, 1], [4, 4]]);
    expect(d.groupCommit!.stats.refused).toBeGreaterThanOrEqual(2);
  });

  it("answers only after the commit: another connection sees every acknowledged write", async () => {
    const gc = d.groupCommit!;
    const other = createClient({ url: `file:${join(dir, "g.db")}` });
    const acknowledged: number[] = [];
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        gc.write([insert(i + 1, i)]).then(async () => {
          acknowledged.push(i + 1);
          const seen = await other.execute({ sql: "SELECT COUNT(*) AS n FROM t WHERE id = ?", args: [i + 1] });
          expect(Number(seen.rows[0].n)).toBe(1);
        }),
      ),
    );
    expect(acknowledged).toHaveLength(50);
    other.close();
  });

  it("splits a long queue into groups of at most MAX_GROUP and keeps the order", async () => {
    const gc = d.groupCommit!;
    const before = gc.stats.groups;
    await Promise.all(Array.from({ length: 300 }, (_, i) => gc.write([insert(i + 1, i)])));
    expect(gc.stats.groups - before).toBe(3);
    expect(gc.stats.largest).toBe(128);
    expect((await rows()).length).toBe(300);
  });

  it("leaves the connection usable for ordinary statements between groups", async () => {
    await d.groupCommit!.write([insert(1, 1)]);
    await d.client.batch([insert(2, 2)], "write");
    await d.groupCommit!.write([insert(3, 3)]);
    expect(await rows()).toEqual([[1, 1], [2, 2], [3, 3]]);
  });

  it("retries each write alone when a failure ends the whole transaction", async () => {
    // RAISE(ROLLBACK) ends the transaction itself, not just the statement.
    await d.client.execute(
      "CREATE TRIGGER t_rollback BEFORE INSERT ON t WHEN NEW.v = 7 BEGIN SELECT RAISE(ROLLBACK, 'whole transaction'); END",
    );
    const gc = d.groupCommit!;
    const before = gc.stats.groups;
    const outcomes = await Promise.allSettled([gc.write([insert(1, 1)]), gc.write([insert(2, 7)]), gc.write([insert(3, 3)])]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    // Two transactions of one write each, not one group.
    expect(gc.stats.groups - before).toBe(2);
    expect(await rows()).toEqual([[1, 1], [3, 3]]);
  });

  it("waits for another process's writer on a timer, serving reads meanwhile, then commits what queued", async () => {
    const other = createClient({ url: `file:${join(dir, "g.db")}` });
    const holder = await other.transaction("write");
    await holder.execute("INSERT INTO t (id, v) VALUES (1000, 1)");
    const gc = d.groupCommit!;
    const [groups, waits] = [gc.stats.groups, gc.stats.busyWaits];
    const writes = [gc.write([insert(1, 1)]), gc.write([insert(2, 2)])];
    // While the lock is held elsewhere, this thread is not stuck in SQLite's busy handler: the
    // group waits on a timer (its busy waits count up while timers on this thread keep running),
    // reads are served meanwhile, and writes queued meanwhile join the waiting group.
    while (gc.stats.busyWaits - waits < 3) await new Promise((r) => setTimeout(r, 1));
    expect((await d.client.execute("SELECT COUNT(*) AS n FROM t")).rows[0].n).toBe(0);
    writes.push(gc.write([insert(3, 3)]));
    const queuedAt = gc.stats.busyWaits;
    while (gc.stats.busyWaits === queuedAt) await new Promise((r) => setTimeout(r, 1));
    await holder.commit();
    await Promise.all(writes);
    expect(gc.stats.groups - groups).toBe(1);
    expect(await rows()).toEqual([[1, 1], [2, 2], [3, 3], [1000, 1]]);
    other.close();
  });

  it("gives up after its busy timeout with SQLITE_BUSY, and commits normally once the lock is free", async () => {
    const other = createClient({ url: `file:${join(dir, "g.db")}` });
    const holder = await other.transaction("write");
    const own = embeddedFileClient(join(dir, "g.db"), 5000);
    const gc = new GroupCommitter(own.connections, { busyTimeoutMs: 50 });
    await expect(gc.write([insert(1, 1)])).rejects.toThrow(/SQLITE_BUSY/);
    await holder.rollback();
    await gc.write([insert(2, 2)]);
    expect(await rows()).toEqual([[2, 2]]);
    own.client.close();
    other.close();
  });
});
