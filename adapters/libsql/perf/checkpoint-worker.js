// @ts-check
/**
 * The background checkpointer's thread (adapters/libsql/perf/checkpointer.ts): its own connection to the
 * database file, copying the WAL into the database every `intervalMs` with a PASSIVE checkpoint,
 * which never waits for and never blocks the writer. The fsyncs of a checkpoint happen here, off
 * the thread that answers requests.
 *
 * The log starts over only when a writer begins while every frame of it has been copied, which
 * PASSIVE alone almost never arranges under sustained writes: the writer commits again while the
 * checkpoint copies. So past `restartFrames` frames a RESTART checkpoint holds writers off for
 * the copy of the last few frames and the fsync (a few ms), and the next write starts the log over.
 * Past 4 x `restartFrames` (the log grew while a long read kept it, say a fraud scan's) it is a
 * TRUNCATE, which also empties the file. Neither waits: this connection has no busy timeout, so if
 * the writer lock is taken or a reader is still on the log, the checkpoint gives up at once (having
 * done what PASSIVE does) and tries again at the next tick. A waiting one holds the writer lock
 * while it waits for the reader: every bet stopped for up to the busy timeout, tick after tick.
 *
 * JavaScript (type-checked through its JSDoc), not TypeScript: Node strips a thread's TypeScript
 * with a WebAssembly compiler loaded into that thread, 11 MB of memory per thread measured here (a
 * .ts worker 23 MB, a .js one 12 MB), and this small file is all the thread runs.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createClient } from "@libsql/client";

/** @type {{ path: string; intervalMs: number; restartFrames: number }} */
const { path, intervalMs, restartFrames } = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
const client = createClient({ url: `file:${path}`, concurrency: 1 });

/**
 * Runs a wal_checkpoint; the frames in the log (its second column).
 * @param {"PASSIVE" | "RESTART" | "TRUNCATE"} mode
 * @returns {Promise<number>}
 */
async function walCheckpoint(mode) {
  return Number((await client.execute(`PRAGMA wal_checkpoint(${mode})`)).rows[0]?.[1] ?? 0);
}

async function checkpoint() {
  try {
    const frames = await walCheckpoint("PASSIVE");
    if (frames > restartFrames) await walCheckpoint(frames > restartFrames * 4 ? "TRUNCATE" : "RESTART");
  } catch {
    // Another process's checkpoint holds the lock (SQLITE_BUSY): it is doing the same work.
  }
}

await client.execute("PRAGMA busy_timeout = 0");
/** @type {ReturnType<typeof setTimeout> | null} */
let timer = null;
let stopped = false;
const loop = async () => {
  await checkpoint();
  if (!stopped) timer = setTimeout(loop, intervalMs);
};
port.on("message", async (m) => {
  if (m !== "stop") return;
  stopped = true;
  if (timer) clearTimeout(timer);
  await checkpoint();
  client.close();
  port.postMessage("stopped");
  port.close?.(); // absent from Deno's node:worker_threads
});
port.postMessage("ready");
timer = setTimeout(loop, intervalMs);
