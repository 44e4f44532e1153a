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
 * The log must also start over, or sustained writes grow it without bound. SQLite restarts it by
 * itself at the next write once a checkpoint has copied all of it, and checkpoints this frequent
 * catch up between two group commits, so under sustained placement the log stays at a few thousand
 * frames (docs/benchmarks.md). Forcing a restart (TRUNCATE) stops every writer until it is done,
 * 13-26 ms each time, which was what placement's p99 was made of with checkpoints every 250 ms; so
 * TRUNCATE is only the safety valve past `restartFrames` (~200 MB of log). The serving connection's
 * journal_size_limit trims the file back after a restart.
 *
 * If the worker cannot start (or stops), the serving connection checkpoints by itself again.
 */
import { Worker } from "node:worker_threads";
import type { Client } from "@libsql/client";

export const DEFAULT_CHECKPOINT_INTERVAL_MS = 25;
/** Past this many frames (~200 MB of log) the worker forces the log to start over (TRUNCATE). */
export const RESTART_FRAMES = 50_000;
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
    worker = new Worker(new URL("./checkpoint-worker.ts", import.meta.url), { workerData: { path, intervalMs, restartFrames } });
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
