/**
 * The background checkpointer's thread (adapters/libsql/checkpointer.ts): its own connection to the
 * database file, copying the WAL into the database every `intervalMs` with a PASSIVE checkpoint,
 * which never waits for and never blocks the writer. The fsyncs of a checkpoint happen here, off
 * the thread that answers requests.
 *
 * A log that a checkpoint has copied completely starts over at the next write by itself. Should
 * the writer outrun the checkpoints until the log holds more than `restartFrames` frames, a TRUNCATE
 * checkpoint copies the rest, waits briefly for the writer (blocking new writes meanwhile), and
 * empties the file.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createClient } from "@libsql/client";

const { path, intervalMs, restartFrames } = workerData as { path: string; intervalMs: number; restartFrames: number };
const client = createClient({ url: `file:${path}`, concurrency: 1 });

async function checkpoint(): Promise<void> {
  try {
    const passive = await client.execute("PRAGMA wal_checkpoint(PASSIVE)");
    const frames = Number(passive.rows[0]?.[1] ?? 0);
    if (frames > restartFrames) await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch {
    // Another process's checkpoint holds the lock (SQLITE_BUSY): it is doing the same work.
  }
}

// TRUNCATE waits this long for the writer's current transaction (a group commit takes a few ms).
await client.execute("PRAGMA busy_timeout = 200");
let timer: ReturnType<typeof setTimeout> | null = null;
let stopped = false;
const loop = async () => {
  await checkpoint();
  if (!stopped) timer = setTimeout(loop, intervalMs);
};
parentPort!.on("message", async (m) => {
  if (m !== "stop") return;
  stopped = true;
  if (timer) clearTimeout(timer);
  await checkpoint();
  client.close();
  parentPort!.postMessage("stopped");
  parentPort!.close?.(); // absent from Deno's node:worker_threads
});
parentPort!.postMessage("ready");
timer = setTimeout(loop, intervalMs);
