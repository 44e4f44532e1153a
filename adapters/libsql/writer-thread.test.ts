/**
 * The group commit on its own thread, on a real embedded database: results and refusals come back as
 * the in-process group commit gives them, the serving thread's connection sees a write as soon as it
 * is answered, the serving thread keeps working while the thread waits for a lock, and a thread that
 * dies or closes leaves no caller waiting.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, statSync } from "node:fs";
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

describe("the writer thread's checkpoints", () => {
  const autocheckpoint = async (db: Database) => Number((await db.client.execute("PRAGMA wal_autocheckpoint")).rows[0][0]);
  /** A write of `rows` rows of 4 KB (about one WAL frame each), through the writer thread. */
  const fill = (w: WriterThread, rows: number) => w.write(Array.from({ length: rows }, () => ({ sql: "INSERT INTO filler (b) VALUES (randomblob(4000))", args: [] })));

  it("are the background checkpoints of a server's database: the serving connection never checkpoints, stop hands it back", async () => {
    const file = join(dir, "c.db");
    const c = await openDatabase({ url: `file:${file}`, writerThread: true, backgroundCheckpoints: true });
    try {
      await c.client.execute("CREATE TABLE filler (id INTEGER PRIMARY KEY, b BLOB NOT NULL)");
      expect(c.writerThread).toBeInstanceOf(WriterThread);
      expect(await autocheckpoint(c)).toBe(0);
      const before = statSync(file).size;
      // ~8 MB through the log, far past the 1,000 pages at which a connection checkpoints by itself.
      for (let i = 0; i < 40; i++) await fill(c.writerThread!, 50);
      const deadline = Date.now() + 5000;
      while (statSync(file).size < before + 7_000_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(statSync(file).size).toBeGreaterThan(before + 7_000_000);
      await c.checkpoints!.stop();
      expect(c.writerThread!.thread).toBeNull();
      expect(await autocheckpoint(c)).toBe(1000);
    } finally {
      c.close();
    }
  });

  it("keep the log small under sustained writes: checkpointed between the thread's own commits, it starts over by itself", async () => {
    await d.client.execute("CREATE TABLE filler (id INTEGER PRIMARY KEY, b BLOB NOT NULL)");
    const file = join(dir, "w.db");
    // A restart threshold never reached: no forced restart.
    const own = await WriterThread.start(file, { fallback: () => d.groupCommit!, checkpoints: { intervalMs: 10, restartFrames: 1e9 } });
    try {
      let largest = 0;
      // ~16 MB in writes 2 ms apart (with the checkpoints on a thread of their own and no forced
      // restart, the log grew to 18 MB: checkpointer.test.ts).
      for (let i = 0; i < 80; i++) {
        await fill(own!, 50);
        largest = Math.max(largest, statSync(`${file}-wal`).size);
        await new Promise((r) => setTimeout(r, 2));
      }
      expect(largest).toBeLessThan(8_000_000);
      expect(Number((await d.client.execute("SELECT COUNT(*) FROM filler")).rows[0][0])).toBe(4000);
    } finally {
      await own?.close();
    }
  });

  it("empty the file (TRUNCATE) when the log is far past the threshold, as after one huge write", async () => {
    await d.client.execute("CREATE TABLE filler (id INTEGER PRIMARY KEY, b BLOB NOT NULL)");
    const file = join(dir, "w.db");
    const own = await WriterThread.start(file, { fallback: () => d.groupCommit!, checkpoints: { intervalMs: 25, restartFrames: 100 } });
    try {
      await fill(own!, 1000);
      const deadline = Date.now() + 5000;
      while (statSync(`${file}-wal`).size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(statSync(`${file}-wal`).size).toBe(0);
      expect(Number((await d.client.execute("SELECT COUNT(*) FROM filler")).rows[0][0])).toBe(1000);
    } finally {
      await own?.close();
    }
  });

  it("go back to the serving connection's commits if the thread dies", async () => {
    const c = await openDatabase({ url: `file:${join(dir, "d.db")}`, writerThread: true, backgroundCheckpoints: true });
    try {
      expect(await autocheckpoint(c)).toBe(0);
      await c.writerThread!.thread!.terminate();
      const deadline = Date.now() + 2000;
      while ((await autocheckpoint(c)) !== 1000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await autocheckpoint(c)).toBe(1000);
      // Its writes now go through a group commit on this thread.
      await c.client.execute("CREATE TABLE t2 (id INTEGER PRIMARY KEY)");
      await c.groupCommit!.write([{ sql: "INSERT INTO t2 (id) VALUES (1)", args: [] }]);
      expect((await c.client.execute("SELECT COUNT(*) AS n FROM t2")).rows[0].n).toBe(1);
    } finally {
      await c.writerThread?.close();
      c.close();
    }
  });
});
