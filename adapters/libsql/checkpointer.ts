/**
 * Background WAL checkpoints for an embedded database file.
 *
 * SQLite copies the write-ahead log into the database file (a checkpoint, with two fsyncs) inside
 * whichever COMMIT pushes the log past 1,000 pages. On the placement path that is one group commit
 * in twelve taking 5-15 ms instead of 0.4 ms, and every request in flight waits for it: it was most
 * of placement's p99. Here the serving connection stops checkpointing (wal_autocheckpoint = 0) and a
 * worker thread with its own connection runs a PASSIVE checkpoint every `intervalMs`, which copies
 * what it can without waiting for or blocking the writer, and empties the log once it passes
 * `restartFrames` (a short wait for the writer, every few seconds at the busiest). Durability is unchanged: commits are in
 * the WAL either way, and the WAL is fsynced before each checkpoint as before.
 *
 * If the worker cannot start (or stops), the serving connection checkpoints by itself again.
 */
import { Worker } from "node:worker_threads";
import type { Client } from "@libsql/client";

export const DEFAULT_CHECKPOINT_INTERVAL_MS = 250;
/** Past this many frames (~40 MB of log) the worker empties the log (TRUNCATE) instead of letting it grow. */
export const RESTART_FRAMES = 10_000;
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
