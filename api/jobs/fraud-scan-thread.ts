/**
 * Runs each scheduled fraud scan on a thread of its own (api/jobs/fraud-scan-worker.ts).
 *
 * A scan reads 90 days of bets and payments, runs the rules over them and rescores every
 * transaction. In the serving thread that stopped every request: with 150,000 recent bets one scan
 * held the event loop for 5.3 s (measured under the placement benchmark). On its own thread with its
 * own connection, at the lowest CPU priority, its reading and scoring cost the serving thread little.
 *
 * Its writes come back here when the serving process gives a `write` (the group commit of an embedded
 * file: `fraudWriter`). Written from the thread's own connection, each write took the writer lock
 * from the bets: every group commit that found it taken waited on it, and a thread at the lowest
 * priority holding the lock is the first to lose its core on a busy machine. Through the group
 * commit the scan's rows are one more write in a bets' commit, and no lock changes hands.
 * (docs/benchmarks.md, sixth round.)
 *
 * The thread lives for one scan and ends, so its memory is returned between scans. Only for a
 * database another connection can open (a file or a remote URL); `:memory:` is private to its
 * connection and an embedded replica's file to its syncing client, so those scans stay in process.
 */
import { Worker } from "node:worker_threads";
import type { InStatement } from "@libsql/client";
import type { FraudScanSummary } from "../../domain/fraud/scan.ts";
import { databaseKind } from "../../adapters/libsql/database.ts";
import type { FraudWrite } from "../../adapters/libsql/fraud.ts";

/** The thread could not run the scan at all (it did not start, or it died): the caller may scan in process. */
export class FraudScanThreadUnavailable extends Error {}

/** Messages from the scan's thread: one of its writes, or its end. */
export type FromScanThread =
  | { kind: "write"; id: number; statements: InStatement[] }
  | { kind: "done"; ok: true; summary: FraudScanSummary }
  | { kind: "done"; ok: false; error: string };
/** The answer to one of its writes. */
export type ToScanThread = { kind: "written"; id: number; results: Awaited<ReturnType<FraudWrite>> } | { kind: "written"; id: number; error: string };

const messageOf = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

export function fraudScanThread(
  config: { databaseUrl: string; databaseAuthToken?: string; databaseSyncUrl?: string },
  write?: FraudWrite,
): (() => Promise<FraudScanSummary>) | null {
  const { databaseUrl: url, databaseAuthToken: authToken } = config;
  // An embedded replica's file belongs to its one syncing client.
  if (databaseKind(url) === "memory" || config.databaseSyncUrl) return null;
  return () =>
    new Promise<FraudScanSummary>((resolve, reject) => {
      let worker: Worker;
      try {
        worker = new Worker(new URL("./fraud-scan-worker.ts", import.meta.url), { workerData: { url, authToken, writeViaParent: write !== undefined } });
      } catch (e) {
        reject(new FraudScanThreadUnavailable(String(e)));
        return;
      }
      // What the thread reported; the scan is over once the thread has ended too (so a thread that
      // lingered would hold up the next scan, not pile up beside it).
      let outcome: { ok: true; summary: FraudScanSummary } | { ok: false; error: Error } | null = null;
      const onMessage = (m: FromScanThread) => {
        if (m.kind === "done") {
          outcome = m.ok ? { ok: true, summary: { ...m.summary, scannedAt: new Date(m.summary.scannedAt) } } : { ok: false, error: new Error(m.error) };
          return;
        }
        const answer = (a: ToScanThread) => {
          if (outcome === null) worker.postMessage(a);
        };
        if (!write) answer({ kind: "written", id: m.id, error: "this process takes no writes from the scan" });
        else write(m.statements).then((results) => answer({ kind: "written", id: m.id, results }), (e) => answer({ kind: "written", id: m.id, error: messageOf(e) }));
      };
      worker.on("message", onMessage);
      worker.once("error", (e) => {
        outcome ??= { ok: false, error: new FraudScanThreadUnavailable(String(e)) };
      });
      worker.once("exit", (code) => {
        worker.off("message", onMessage);
        const o: typeof outcome = outcome ?? { ok: false, error: new FraudScanThreadUnavailable(`the fraud scan thread stopped (exit code ${code})`) };
        if (o.ok) resolve(o.summary);
        else reject(o.error);
      });
    });
}
