/**
 * Background checkpoints: the serving connection stops checkpointing, a worker thread copies the
 * WAL into the database file on its own, and stopping hands checkpointing back.
 */
import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Database } from "./database.ts";
import { startBackgroundCheckpoints } from "./checkpointer.ts";

let dir: string;
let d: Database | null = null;
afterEach(() => {
  d?.close();
  d = null;
  rmSync(dir, { recursive: true, force: true });
});

const autocheckpoint = async (db: Database) => Number((await db.client.execute("PRAGMA wal_autocheckpoint")).rows[0][0]);

/** A database file with an empty `filler` table; `d` is it. */
async function fillerDatabase(opts: { backgroundCheckpoints?: boolean } = {}): Promise<string> {
  dir = mkdtempSync(join(tmpdir(), "checkpoints-"));
  const file = join(dir, "c.db");
  d = await openDatabase({ url: `file:${file}`, ...opts });
  await d.client.execute("CREATE TABLE filler (id INTEGER PRIMARY KEY, b BLOB NOT NULL)");
  return file;
}
/** One write transaction of `rows` 4 KB rows (about one WAL frame each). */
const writeRows = (rows: number) =>
  d!.client.batch(Array.from({ length: rows }, () => ({ sql: "INSERT INTO filler (b) VALUES (randomblob(4000))", args: [] })), "write");
const rowCount = async () => Number((await d!.client.execute("SELECT COUNT(*) FROM filler")).rows[0][0]);
const walSize = (file: string) => statSync(`${file}-wal`).size;
/** `rounds` writes of 50 rows, `pauseMs` apart: the largest the log grew meanwhile. */
async function largestLogWhileWriting(file: string, rounds: number, pauseMs: number): Promise<number> {
  let largest = 0;
  for (let i = 0; i < rounds; i++) {
    await writeRows(50);
    largest = Math.max(largest, walSize(file));
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  return largest;
}

describe("background checkpoints", () => {
  it("copy the WAL into the database file from the worker while the server connection never checkpoints", async () => {
    const file = await fillerDatabase({ backgroundCheckpoints: true });
    expect(d!.checkpoints).toBeTruthy();
    expect(await autocheckpoint(d!)).toBe(0);
    const before = statSync(file).size;
    // ~8 MB through the WAL: far past the 1,000 pages at which the connection would checkpoint itself.
    for (let i = 0; i < 40; i++) await writeRows(50);
    const deadline = Date.now() + 5000;
    while (statSync(file).size < before + 7_000_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(statSync(file).size).toBeGreaterThan(before + 7_000_000);
    await d!.checkpoints!.stop();
    expect(await autocheckpoint(d!)).toBe(1000);
  });

  it("start the log over past the restart threshold while writes keep coming, without a checkpoint that waits", async () => {
    const file = await fillerDatabase();
    // Every 10 ms: a RESTART that finds the writer busy gives up and is tried again at the next tick,
    // and at 25 ms a streak of those let the file reach 8.3 MB once under a loaded test run (at 10 ms,
    // three runs at once: at most 4.6 MB).
    const bg = await startBackgroundCheckpoints(d!.client, file, 10, 200);
    expect(bg).toBeTruthy();
    // ~16 MB in writes 2 ms apart: the writer commits while every checkpoint copies, so the log never
    // starts over by itself (with this test's writes and no forced restart the file grew to 18 MB).
    expect(await largestLogWhileWriting(file, 80, 2)).toBeLessThan(8_000_000);
    // RESTART reuses the file from its start; it never empties it (that is TRUNCATE's, the valve's).
    expect(walSize(file)).toBeGreaterThan(0);
    expect(await rowCount()).toBe(4000);
    await bg!.stop();
  });

  it("empty the file (TRUNCATE) when the log is far past the threshold, as after one huge write", async () => {
    const file = await fillerDatabase();
    const bg = await startBackgroundCheckpoints(d!.client, file, 25, 100);
    // One transaction of ~1,000 frames: more than 4 x the threshold at the next checkpoint.
    await writeRows(1000);
    expect(walSize(file)).toBeGreaterThan(4_000_000);
    const deadline = Date.now() + 5000;
    while (walSize(file) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(walSize(file)).toBe(0);
    expect(await rowCount()).toBe(1000);
    await bg!.stop();
  });

  it("keep the log small under sustained writes without forcing a restart: a caught-up log starts over by itself", async () => {
    const file = await fillerDatabase();
    // The default cadence, and a restart threshold this test never reaches.
    const bg = await startBackgroundCheckpoints(d!.client, file, undefined, 1_000_000);
    // ~8 MB went through the log; it was reused from its start instead of growing to that size.
    expect(await largestLogWhileWriting(file, 40, 30)).toBeLessThan(3_000_000);
    expect(await rowCount()).toBe(2000);
    await bg!.stop();
  });

  it("are off unless asked for: the connection checkpoints by itself", async () => {
    dir = mkdtempSync(join(tmpdir(), "checkpoints-"));
    d = await openDatabase({ url: `file:${join(dir, "c.db")}` });
    expect(d.checkpoints ?? null).toBeNull();
    expect(await autocheckpoint(d)).toBe(1000);
  });
});
