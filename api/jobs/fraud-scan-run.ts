/**
 * A fraud scan on its own thread (api/jobs/fraud-scan-worker.ts loads it there): its own connection to
 * the database for reading, the fraud records adapter and the same runFraudScan as in process. Its
 * writes go to the serving thread when that asked for them (`writeViaParent`), else through its own
 * connection. It runs one scan, posts the summary (or the error) and ends, so the thread's memory is
 * given back between scans.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { Client } from "@libsql/client";
import { databaseKind } from "../../adapters/libsql/statements.ts";
import { fraudWriter, LibsqlFraudRecords, type FraudWrite, type WrittenResult } from "../../adapters/libsql/fraud.ts";
import { randomIds, systemClock } from "../../adapters/system/clock.ts";
import { runFraudScan } from "../../domain/fraud/scan.ts";
import type { SystemDeps } from "../../domain/users/back-office-ctx.ts";
import type { FromScanThread, ToScanThread } from "./fraud-scan-thread.ts";

const { url, authToken, writeViaParent } = workerData as { url: string; authToken?: string; writeViaParent: boolean };
const port = parentPort!;
const post = (m: FromScanThread) => port.postMessage(m);
/** Stops listening for write answers (set by viaParent). */
let stopListening = () => {};

/** Each write as a message to the serving thread, answered once committed there. */
function viaParent(): FraudWrite {
  let next = 0;
  const waiting = new Map<number, { resolve(r: WrittenResult[]): void; reject(e: Error): void }>();
  port.on("message", onAnswer);
  function onAnswer(m: ToScanThread) {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if ("error" in m) w?.reject(new Error(m.error));
    else w?.resolve(m.results);
  }
  stopListening = () => port.off("message", onAnswer);
  return (statements) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      post({ kind: "write", id, statements });
    });
}

/**
 * A bare connection: the serving process has opened and migrated the database, so no drizzle,
 * schema or migrator here (loading those was most of a scan's start).
 */
async function connect(): Promise<Client> {
  if (databaseKind(url) === "file") {
    const { embeddedFileClient } = await import("../../adapters/libsql/embedded-client.ts");
    const { client } = embeddedFileClient(url.slice("file:".length), 5000);
    // As the serving process's connection (adapters/libsql/database.ts): pages read through a map,
    // foreign keys checked on any write this connection makes itself.
    await client.execute("PRAGMA mmap_size = 268435456");
    await client.execute("PRAGMA foreign_keys = ON");
    return client;
  }
  const { createClient } = await import("@libsql/client");
  return createClient({ url, authToken: authToken || undefined, concurrency: 1, timeout: 5000 });
}

const client = await connect();
const database = { client };
try {
  const write = writeViaParent ? viaParent() : fraudWriter(database);
  const deps = { ports: { fraud: new LibsqlFraudRecords(database, write) }, clock: systemClock, ids: randomIds } as unknown as SystemDeps;
  const summary = await runFraudScan(deps);
  post({ kind: "done", ok: true, summary });
} catch (e) {
  post({ kind: "done", ok: false, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
} finally {
  // No more answers to wait for: the thread may end (listening for them kept the port referenced).
  // By `off` with the listener: Deno's node:worker_threads has no removeAllListeners on the port, and
  // calling it threw here after every scan (an uncaught error, the thread killed by it).
  stopListening();
  port.unref();
  client.close();
}
