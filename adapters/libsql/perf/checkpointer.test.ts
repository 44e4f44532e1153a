/**
 * Background checkpoints: the serving connection stops checkpointing, a worker thread copies the
 * WAL into the database file on its own, and stopping hands checkpointing back.
 */
import { afterEach, describe, expect, it } from "vitest";
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Database } from "../database.ts";
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
/**
 * The WAL header's checkpoint sequence number (bytes 12-15, big-endian): SQLite adds one each time
 * the log starts over from its beginning. Counting it asserts the restart itself, not a size that
 * depends on how fast the checkpoint thread ran on a loaded machine.
 */
function logGeneration(file: string): number {
  const fd = openSync(`${file}-wal`, "r");
  try {
    const header = Buffer.alloc(16);
    return readSync(fd, header, 0, 16, 0) === 16 ? header.readUInt32BE(12) : 0;
  } finally {
    closeSync(fd);
  }
}
/**
 * Wait (on the data, up to 30 s) until the checkpoint thread has copied the whole log into the
 * database file: in the shared-memory index (-shm, native byte order), the checkpoint info's
 * nBackfill (byte 96) has reached the header's mxFrame (byte 16).
 */
async function logCopied(file: string) {
  const copied = () => {
    const fd = openSync(`${file}-shm`, "r");
    try {
      const shm = Buffer.alloc(100);
      readSync(fd, shm, 0, 100, 0);
      return shm.readUInt32LE(96) >= shm.readUInt32LE(16);
    } finally {
      closeSync(fd);
    }
  };
  const deadline = Date.now() + 30_000;
  while (!copied() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  expect(copied()).toBe(true);
}
describe("background checkpoints", () => {
  it("copy the WAL into the database file from the worker while the server connection never checkpoints", async () => {
    const file = await fillerDatabase({ backgroundCheckpoints: true });
    expect(d!.checkpoints).toBeTruthy();
    expect(await autocheckpoint(d!)).toBe(0);
    const before = statSync(file).size;
    // ~8 MB through the WAL: far past the 1,000 pages at which the connection would checkpoint itself.
    for (let i = 0; i < 40; i++) await writeRows(50);
    // As long as the worker takes (the test's own timeout is the bound, not a guess at its speed).
    await expect.poll(() => statSync(file).size, { timeout: 25_000, interval: 50 }).toBeGreaterThan(before + 7_000_000);
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
    // Writes 2 ms apart: the writer commits while every checkpoint copies, so without a forced
    // restart the log never starts over by itself (with these writes the file grew to 18 MB). Keep
    // writing until it has started over (each write is ~200 KB: 200 frames, the threshold, is one);
    // how many writes that takes depends on the machine's load, so only a loose bound is asserted.
    const first = logGeneration(file);
    let rounds = 0;
    while (logGeneration(file) === first && rounds < 400) {
      await writeRows(50);
      rounds++;
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(logGeneration(file)).toBeGreaterThan(first);
    // RESTART reuses the file from its start; it never empties it (that is TRUNCATE's, the valve's).
    expect(walSize(file)).toBeGreaterThan(0);
    expect(await rowCount()).toBe(rounds * 50);
    await bg!.stop();
  });

  it("empty the file (TRUNCATE) when the log is far past the threshold, as after one huge write", async () => {
    const file = await fillerDatabase();
    const bg = await startBackgroundCheckpoints(d!.client, file, 25, 100);
    // One transaction of ~1,000 frames: more than 4 x the threshold at the next checkpoint.
    await writeRows(1000);
    expect(walSize(file)).toBeGreaterThan(4_000_000);
    await expect.poll(() => walSize(file), { timeout: 25_000, interval: 25 }).toBe(0);
    expect(await rowCount()).toBe(1000);
    await bg!.stop();
  });

  it("keep the log small under sustained writes without forcing a restart: a caught-up log starts over by itself", async () => {
    const file = await fillerDatabase();
    // The default cadence, and a restart threshold this test never reaches.
    const bg = await startBackgroundCheckpoints(d!.client, file, undefined, 1_000_000);
    // ~8 MB go through the log. Each write waits until the thread has copied the last one into the
    // file (waiting on the data, so the machine's load does not matter): the next write then finds
    // the log copied and starts it over, so it is reused from its start (a new generation each
    // write) and stays the size of its first write instead of growing forty times that (8 MB).
    await writeRows(50);
    const firstSize = walSize(file);
    const first = logGeneration(file);
    await logCopied(file);
    let largest = firstSize;
    for (let i = 2; i <= 40; i++) {
      await writeRows(50);
      largest = Math.max(largest, walSize(file));
      await logCopied(file);
    }
    expect(logGeneration(file) - first).toBe(39);
    expect(largest).toBeLessThan(2 * firstSize);
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
