/**
 * A fraud scan on its own thread (api/jobs/fraud-scan-thread.ts starts it): its own connection to
 * the database, the fraud records adapter and the same runFraudScan as in process. It runs one scan,
 * posts the summary (or the error) and ends, so the thread's memory is given back between scans.
 */
import { parentPort, workerData } from "node:worker_threads";
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { openDatabase } from "../../adapters/libsql/database.ts";
import { LibsqlFraudRecords } from "../../adapters/libsql/fraud.ts";
import { randomIds, systemClock } from "../../adapters/system/clock.ts";
import { runFraudScan } from "../../domain/fraud/scan.ts";
import type { SystemDeps } from "../../domain/users/back-office-ctx.ts";

const { url, authToken } = workerData as { url: string; authToken?: string };
// The lowest CPU priority for this thread alone (Linux: a thread id is a PRIO_PROCESS target), so on
// a busy machine the serving thread wins the core; best effort elsewhere.
try {
  const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19);
} catch {
  /* not Linux, or not allowed: the scan runs at normal priority */
}
const database = await openDatabase({ url, authToken });
try {
  const deps = { ports: { fraud: new LibsqlFraudRecords(database) }, clock: systemClock, ids: randomIds } as unknown as SystemDeps;
  const summary = await runFraudScan(deps);
  parentPort!.postMessage({ ok: true, summary });
} catch (e) {
  parentPort!.postMessage({ ok: false, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
} finally {
  database.close();
}
