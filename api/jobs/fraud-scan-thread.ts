/**
 * Runs each scheduled fraud scan on a thread of its own (api/jobs/fraud-scan-worker.ts).
 *
 * A scan reads 90 days of bets and payments, runs the rules over them and rescores every
 * transaction. In the serving thread that stopped every request: with 150,000 recent bets one scan
 * held the event loop for 5.3 s (measured under the placement benchmark). On its own thread with its
 * own connection, at the lowest CPU priority, it costs the serving thread little; its writes go in
 * small chunks (LibsqlFraudRecords.record), so the writer lock is never held for long either. The thread lives
 * for one scan and ends, so its memory is returned between scans.
 *
 * Only for a database another connection can open (a file or a remote URL); `:memory:` is private
 * to its connection and an embedded replica's file to its syncing client, so those scans stay in
 * process.
 */
import { Worker } from "node:worker_threads";
import type { FraudScanSummary } from "../../domain/fraud/scan.ts";
import { databaseKind } from "../../adapters/libsql/database.ts";

/** The thread could not run the scan at all (it did not start, or it died): the caller may scan in process. */
export class FraudScanThreadUnavailable extends Error {}

export function fraudScanThread(config: { databaseUrl: string; databaseAuthToken?: string; databaseSyncUrl?: string }): (() => Promise<FraudScanSummary>) | null {
  const { databaseUrl: url, databaseAuthToken: authToken } = config;
  // An embedded replica's file belongs to its one syncing client.
  if (databaseKind(url) === "memory" || config.databaseSyncUrl) return null;
  return () =>
    new Promise<FraudScanSummary>((resolve, reject) => {
      let settled = false;
      let worker: Worker;
      try {
        worker = new Worker(new URL("./fraud-scan-worker.ts", import.meta.url), { workerData: { url, authToken } });
      } catch (e) {
        reject(new FraudScanThreadUnavailable(String(e)));
        return;
      }
      worker.once("message", (m: { ok: true; summary: FraudScanSummary } | { ok: false; error: string }) => {
        settled = true;
        if (m.ok) resolve({ ...m.summary, scannedAt: new Date(m.summary.scannedAt) });
        else reject(new Error(m.error));
      });
      worker.once("error", (e) => {
        settled = true;
        reject(new FraudScanThreadUnavailable(String(e)));
      });
      worker.once("exit", (code) => {
        if (!settled) reject(new FraudScanThreadUnavailable(`the fraud scan thread stopped (exit code ${code})`));
      });
    });
}
