/**
 * The background checkpointer's thread (adapters/libsql/checkpointer.ts): its own connection to the
 * database file, copying the WAL into the database every `intervalMs` with a PASSIVE checkpoint,
 * which never waits for and never blocks the writer. The fsyncs of a checkpoint happen here, off
 * the thread that answers requests.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createClient } from "@libsql/client";

const { path, intervalMs } = workerData as { path: string; intervalMs: number };
const client = createClient({ url: `file:${path}`, concurrency: 1 });

async function checkpoint(): Promise<void> {
  try {
    await client.execute("PRAGMA wal_checkpoint(PASSIVE)");
  } catch {
    // Another process's checkpoint holds the lock (SQLITE_BUSY): it is doing the same work.
  }
}

await client.execute("PRAGMA busy_timeout = 0");
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
  parentPort!.close();
});
parentPort!.postMessage("ready");
timer = setTimeout(loop, intervalMs);
