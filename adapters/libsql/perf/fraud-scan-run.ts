/**
 * The fraud scan thread's body (adapters/libsql/perf/fraud-scan-worker.js loads it there): for each scan the
 * serving thread asks for, its own connection to the database for reading, the fraud records adapter
 * and the same runFraudScan as in process. Its writes go to the serving thread when that asked for
 * them (`writeViaParent`), else through its own connection. It posts each scan's summary (or error)
 * and closes the connection, so nothing is held between scans.
 */
import type { SystemCtx } from "../../../domain/shared/context.ts";
import { parentPort, workerData } from "node:worker_threads";
import type { Client } from "@libsql/client";
import { databaseKind } from "../statements.ts";
import { fraudWriter, LibsqlFraudRecords, type FraudWrite, type WrittenResult } from "../fraud.ts";
import { randomIds, systemClock } from "../../system/clock.ts";
import { runFraudScan } from "../../../domain/fraud/scan.ts";
import { messageOf, type FromScanThread, type ToScanThread } from "./fraud-scan-thread.ts";

const { url, authToken, writeViaParent } = workerData as { url: string; authToken?: string; writeViaParent: boolean };
const port = parentPort!;
const post = (m: FromScanThread) => port.postMessage(m);

/** Writes waiting for the serving thread's answer. */
const waiting = new Map<number, { resolve(r: WrittenResult[]): void; reject(e: Error): void }>();
let nextWrite = 0;

/** Each write as a message to the serving thread, answered once committed there. */
const viaParent: FraudWrite = (statements) =>
  new Promise((resolve, reject) => {
    const id = nextWrite++;
    waiting.set(id, { resolve, reject });
    post({ kind: "write", id, statements });
  });

/**
 * A bare connection: the serving process has opened and migrated the database, so no drizzle,
 * schema or migrator here (loading those was most of the thread's start).
 */
async function connect(): Promise<Client> {
  if (databaseKind(url) === "file") {
    const { embeddedFileClient } = await import("./embedded-client.ts");
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

async function scan(id: number): Promise<void> {
  let client: Client | null = null;
  try {
    client = await connect();
    const database = { client };
    const write = writeViaParent ? viaParent : fraudWriter(database);
    const deps = { ports: { fraud: new LibsqlFraudRecords(database, write) }, clock: systemClock, ids: randomIds } as unknown as SystemCtx;
    post({ kind: "done", scan: id, ok: true, summary: await runFraudScan(deps) });
  } catch (e) {
    post({ kind: "done", scan: id, ok: false, error: messageOf(e) });
  } finally {
    client?.close();
  }
}

// One scan at a time, in the order asked (the serving side asks for one at a time anyway).
let scans = Promise.resolve();
port.on("message", (m: ToScanThread) => {
  if (m.kind === "scan") {
    scans = scans.then(() => scan(m.scan));
    return;
  }
  const w = waiting.get(m.id);
  waiting.delete(m.id);
  if ("error" in m) w?.reject(new Error(m.error));
  else w?.resolve(m.results);
});
post({ kind: "ready" });
