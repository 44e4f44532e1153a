/**
 * Background WAL checkpoints for an embedded database file.
 *
 * SQLite copies the write-ahead log into the database file (a checkpoint, with two fsyncs) inside
 * whichever COMMIT pushes the log past 1,000 pages. On the placement path that is one group commit
 * in twelve taking 5-15 ms instead of 0.4 ms, and every request in flight waits for it: it was most
 * of placement's p99. Here the serving connection stops checkpointing (wal_autocheckpoint = 0) and a
 * worker thread with its own connection runs a PASSIVE checkpoint every `intervalMs` (25 ms), which
 * copies what it can without waiting for or blocking the writer. Durability is unchanged: commits
 * are in the WAL either way, and the WAL is fsynced before each checkpoint as before.
 *
 * The log must also start over, or sustained writes grow it without bound. SQLite starts it over at
 * the next write once a checkpoint has copied all of it, but under sustained placement that moment
 * never comes: the writer commits again while each PASSIVE checkpoint copies, so the log grew to the
 * old TRUNCATE threshold (50,000 frames, 200 MB) every 2.5 s at 2,000 bets/s, and each TRUNCATE
 * stopped every writer for ~70 ms - the spikes of placement's p99. Now, past `restartFrames` (12,000
 * frames, ~48 MB, under the serving connection's 64 MB journal_size_limit so the restart never
 * trims the file on the request thread) the worker asks for a RESTART without waiting: it holds
 * writers off for the last few frames and an fsync (1-9 ms measured), or gives up at once when a
 * writer or a reader is in the way and tries again 25 ms later. Past 4 x `restartFrames` (a long
 * read kept the log) it is a TRUNCATE, which also empties the file, and does not wait either.
 *
 * If the worker cannot start (or stops), the serving connection checkpoints by itself again.
 */
import { Worker } from "node:worker_threads";
import type { Client } from "@libsql/client";

export const DEFAULT_CHECKPOINT_INTERVAL_MS = 25;
/** Past this many frames (~48 MB of log) the worker has the log start over (RESTART; TRUNCATE past 4x). */
export const RESTART_FRAMES = 12_000;
const AUTOCHECKPOINT_PAGES = 1000;

export interface BackgroundCheckpoints {
  /** Stop the worker after a last checkpoint, and let the serving connection checkpoint again. */
  stop(): Promise<void>;
}

export async function startBackgroundCheckpoints(
  client: Client,
  path: string,
  intervalMs = DEFAULT_CHECKPOINT_INTERVAL_MS,
  restartFrames = RESTART_FRAMES,
): Promise<BackgroundCheckpoints | null> {
  let worker: Worker;
  try {
    worker = new Worker(new URL("./checkpoint-worker.js", import.meta.url), { workerData: { path, intervalMs, restartFrames } });
  } catch {
    return null;
  }
  const ready = await new Promise<boolean>((resolve) => {
    worker.once("message", (m) => resolve(m === "ready"));
    worker.once("error", () => resolve(false));
    worker.once("exit", () => resolve(false));
  });
  if (!ready) {
    await worker.terminate().catch(() => {});
    return null;
  }
  let stopping = false;
  const fallBack = () => {
    if (!stopping) void client.execute(`PRAGMA wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`).catch(() => {});
  };
  worker.on("error", fallBack);
  worker.on("exit", fallBack);
  // The worker must not keep the process alive on its own.
  worker.unref();
  await client.execute("PRAGMA wal_autocheckpoint = 0");
  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      const stopped = new Promise<void>((resolve) => {
        worker.once("message", () => resolve());
        worker.once("exit", () => resolve());
      });
      worker.postMessage("stop");
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 2000))]);
      await worker.terminate().catch(() => {});
      await client.execute(`PRAGMA wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`).catch(() => {});
    },
  };
}
