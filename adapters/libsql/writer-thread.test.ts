/**
 * The group commit on its own thread, on a real embedded database: results and refusals come back as
 * the in-process group commit gives them, the serving thread's connection sees a write as soon as it
 * is answered, the serving thread keeps working while the thread waits for a lock, and a thread that
 * dies or closes leaves no caller waiting.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { openDatabase, type Database } from "./database.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";
import { oneRow } from "./embedded-client.ts";
import { WriterThread } from "./writer-thread.ts";

let dir: string;
let d: Database;
let writer: WriterThread;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "writer-thread-"));
  d = await openDatabase({ url: `file:${join(dir, "w.db")}`, writerThread: true });
  await d.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL CHECK (v >= 0))");
  writer = d.writerThread!;
});
afterEach(async () => {
  await writer.close();
  d.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (id: number, v: number) => ({ sql: "INSERT INTO t (id, v) VALUES (?, ?)", args: [id, v] });
const rows = async () => (await d.client.execute("SELECT id, v FROM t ORDER BY id")).rows.map((r) => [Number(r.id), Number(r.v)]);

describe("the writer thread", () => {
  it("does the group commit of a database opened with writerThread, and only of a plain embedded file", async () => {
    expect(writer).toBeInstanceOf(WriterThread);
    expect(d.groupCommit).toBe(writer);
    expect(writer.thread).not.toBeNull();
    const m = await openDatabase({ url: ":memory:", writerThread: true });
    expect(m.writerThread ?? null).toBeNull();
    expect(m.groupCommit).toBeUndefined();
    m.close();
  });

  it("answers each write with its own results, in the order sent, rows by name and by index", async () => {
    const results = await Promise.all(
      [1, 2, 3].map((i) =>
        writer.write([insert(i, i * 10), oneRow({ sql: "SELECT COUNT(*) AS n, SUM(v) AS s FROM t WHERE id <= ?", args: [i] })]),
      ),
    );
    // Each write sees the ones sent before it; integers come back as numbers.
    expect(results.map((r) => r[1].rows[0].n)).toEqual([1, 2, 3]);
    expect(results[2][1].rows[0].s).toBe(60);
    expect(results[2][1].rows[0][1]).toBe(60);
    expect(results[2][1].columns).toEqual(["n", "s"]);
    expect(results[0][0].rowsAffected).toBe(1);
    expect(results[0][0].lastInsertRowid).toBe(1n);
    expect(await rows()).toEqual([[1, 10], [2, 20], [3, 30]]);
  });

  it("refuses a write alone with the same error the database gave, so its constraint is read as before", async () => {
    const outcomes = await Promise.allSettled([
      writer.write([insert(1, 1)]),
      writer.write([insert(2, 2), insert(3, -1)]), // the CHECK refuses the second statement: neither stays
      writer.write([insert(4, 4)]),
      writer.write([insert(1, 99)]), // the first write's key
      writer.write([assertStatement("EXISTS (SELECT 1 FROM t WHERE id = ?)", [42])]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected", "rejected"]);
    const reason = (i: number) => (outcomes[i] as PromiseRejectedResult).reason;
    expect(constraintOf(reason(1))).toBe("CHECK constraint failed: v");
    expect(reason(1).code).toBe("SQLITE_CONSTRAINT");
    expect(reason(1).message).toMatch(/^SQLITE_CONSTRAINT: CHECK constraint failed: v/);
    expect(constraintOf(reason(3))).toMatch(/UNIQUE constraint failed: t.id/);
    expect(constraintOf(reason(4))).toBe(ASSERTION_FAILED);
    expect(await rows()).toEqual([[1, 1], [4, 4]]);
  });

  it("answers only after the commit: the serving thread's own connection sees every answered write at once", async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        writer.write([insert(i + 1, i)]).then(async () => {
          const seen = await d.client.execute({ sql: "SELECT COUNT(*) AS n FROM t WHERE id = ?", args: [i + 1] });
          expect(Number(seen.rows[0].n)).toBe(1);
        }),
      ),
    );
    expect((await rows()).length).toBe(40);
  });

  it("waits for another connection's lock in its own thread: this thread's timers and reads go on", async () => {
    const other = createClient({ url: `file:${join(dir, "w.db")}` });
    const holder = await other.transaction("write");
    await holder.execute("INSERT INTO t (id, v) VALUES (1000, 1)");
    const writes = [writer.write([insert(1, 1)]), writer.write([insert(2, 2)])];
    let answered = false;
    void Promise.all(writes).then(() => (answered = true));
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 80));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(answered).toBe(false);
    expect((await d.client.execute("SELECT COUNT(*) AS n FROM t")).rows[0].n).toBe(0);
    await holder.commit();
    await Promise.all(writes);
    expect(await rows()).toEqual([[1, 1], [2, 2], [1000, 1]]);
    other.close();
  });

  it("close() answers the writes already sent, then refuses new ones", async () => {
    const sent = Promise.all(Array.from({ length: 20 }, (_, i) => writer.write([insert(i + 1, i)])));
    await writer.close();
    await sent;
    expect((await rows()).length).toBe(20);
    expect(writer.thread).toBeNull();
    await expect(writer.write([insert(99, 1)])).rejects.toMatchObject({ code: "CLIENT_CLOSED" });
  });

  it("a thread that dies fails the writes it had, and later writes are committed on this thread", async () => {
    await writer.write([insert(1, 1)]);
    const inFlight = writer.write([insert(2, 2)]);
    // Killed before this turn's message went out: the write it carried is refused, never left waiting.
    await writer.thread!.terminate();
    await expect(inFlight).rejects.toThrow(/writer thread stopped/);
    expect(writer.thread).toBeNull();
    const [r] = await writer.write([insert(3, 3)]);
    expect(r.rowsAffected).toBe(1);
    expect(await rows()).toEqual([[1, 1], [3, 3]]);
  });
});
