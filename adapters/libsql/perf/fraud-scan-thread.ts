/**
 * Runs the fraud scans on a thread of its own (adapters/libsql/perf/fraud-scan-worker.js), started with the
 * first scan and kept while scans follow each other; idle for `idleMs` (10 s by default) it ends, and
 * the next scan starts a fresh one.
 *
 * A scan reads 90 days of bets and payments, runs the rules over them and rescores every
 * transaction. In the serving thread that stopped every request: with 150,000 recent bets one scan
 * held the event loop for 5.3 s (measured under the placement benchmark). On its own thread with its
 * own connection, at the lowest CPU priority, its reading and scoring cost the serving thread little.
 *
 * One thread for every scan, not one per scan: starting a thread (a new V8 isolate, the runtime's
 * own start-up, the scan's modules) is work the serving thread felt. On Deno, with a scan every 8 s
 * doing nothing else, each start alone gave placement a second with a p99 of 45-86 ms (against
 * 10-30 ms between them). So scans closer together than `idleMs` share a thread.
 *
 * Scans far apart (every 60 s by default) do not: an idle thread still holds its isolate, the scan's
 * module graph and the driver, about 30 MB resident in a process that must serve its stream
 * subscribers in 250 MB, for a scan of a few seconds a minute. Ending it returns that memory; its
 * start costs the CPU measured in docs/benchmarks.md ("The stream's memory"), once per scan at most.
 *
 * Its writes come back here when the serving process gives a `write` (the group commit of an embedded
 * file: `fraudWriter`). Written from the thread's own connection, each write took the writer lock
 * from the bets: every group commit that found it taken waited on it, and a thread at the lowest
 * priority holding the lock is the first to lose its core on a busy machine. Through the group
 * commit the scan's rows are one more write in a bets' commit, and no lock changes hands.
 * (docs/benchmarks.md, sixth round.)
 *
 * Only for a database another connection can open (a file or a remote URL); `:memory:` is private to
 * its connection and an embedded replica's file to its syncing client, so those scans stay in process.
 */
import { Worker } from "node:worker_threads";
import type { InStatement } from "@libsql/client";
import type { FraudScanSummary } from "../../../domain/fraud/scan.ts";
import { databaseKind } from "../statements.ts";
import type { FraudWrite } from "../fraud.ts";

/** The thread could not run the scan at all (it did not start, or it died): the caller may scan in process. */
import { FraudScanThreadUnavailable } from "../../../domain/ports/fraud-scanner.ts";

/** Messages from the scan's thread: it listens (sent once), one of its writes, or the end of a scan. */
export type FromScanThread =
  | { kind: "ready" }
  | { kind: "write"; id: number; statements: InStatement[] }
  | { kind: "done"; scan: number; ok: true; summary: FraudScanSummary }
  | { kind: "done"; scan: number; ok: false; error: string };
/** To the scan's thread: run a scan, or the answer to one of its writes. */
export type ToScanThread =
  | { kind: "scan"; scan: number }
  | { kind: "written"; id: number; results: Awaited<ReturnType<FraudWrite>> }
  | { kind: "written"; id: number; error: string };

/** An error as one line for a message between the threads (either way). */
export const messageOf = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

/** Runs one scan on the thread (one at a time: a second call waits for the first). */
export interface FraudScanThread {
  (): Promise<FraudScanSummary>;
  /** Ends the thread (the server's shutdown); later calls are refused. */
  close(): Promise<void>;
  /** Threads started so far: one per run of scans closer together than `idleMs`, or after a thread died. */
  readonly threadsStarted: number;
}

export interface FraudScanThreadOptions {
  /** How long a thread waits idle for its next scan before it ends (ms, default 10 s). */
  idleMs?: number;
  /** Arms the idle timer and returns its cancel (tests fire it themselves); an unref'd setTimeout by default. */
  idleTimer?: (retire: () => void, ms: number) => () => void;
  /** Told when a thread has ended, for whatever reason (tests wait on it). */
  onExit?: (code: number) => void;
  /**
   * The thread's nice value (default 19, the lowest priority: the serving thread comes first; 0
   * leaves it at the process's own). Tests of the thread's life give 0: on a saturated machine a thread at 19 gets almost no CPU
   * (about 1.5% of a core's share per busy process beside it), and its start, scan and exit took
   * over 30 s at a load of 20, while the same scan in process took half a second.
   */
  niceness?: number;
}

const unrefTimer = (retire: () => void, ms: number) => {
  const t = setTimeout(retire, ms);
  // A pending retirement must not keep a process alive that has nothing else to do.
  (t as { unref?: () => void }).unref?.();
  return () => clearTimeout(t);
};

export function fraudScanThread(
  config: { databaseUrl: string; databaseAuthToken?: string; databaseSyncUrl?: string },
  write?: FraudWrite,
  options: FraudScanThreadOptions = {},
): FraudScanThread | null {
  const { idleMs = 10_000, idleTimer = unrefTimer, onExit, niceness = 19 } = options;
  const { databaseUrl: url, databaseAuthToken: authToken } = config;
  // An embedded replica's file belongs to its one syncing client.
  if (databaseKind(url) === "memory" || config.databaseSyncUrl) return null;

  let thread: {
    worker: Worker;
    /** Its `ready`: Deno drops messages sent to a thread before it listens. */
    listening: Promise<void>;
    waiting: Map<number, { resolve(s: FraudScanSummary): void; reject(e: Error): void }>;
  } | null = null;
  let closed = false;
  let nextScan = 0;
  let threadsStarted = 0;
  let previous: Promise<unknown> = Promise.resolve();
  /** Cancels the pending retirement of the idle thread, if one is armed. */
  let cancelRetire: (() => void) | null = null;

  /** Once the last scan asked for has answered: end the thread unless another scan comes within idleMs. */
  function armRetire() {
    const t = thread;
    if (!t || closed || t.waiting.size > 0) return;
    cancelRetire?.();
    cancelRetire = idleTimer(() => {
      cancelRetire = null;
      // A scan asked for since has its own thread reference; only an idle, current thread ends.
      if (thread !== t || t.waiting.size > 0) return;
      thread = null;
      void t.worker.terminate();
    }, idleMs);
  }

  function start() {
    const worker = new Worker(new URL("./fraud-scan-worker.js", import.meta.url), {
      workerData: { url, authToken, writeViaParent: write !== undefined, niceness },
    });
    threadsStarted++;
    // The server's own handles keep the process alive; a scan thread alone must not.
    worker.unref();
    let listens = () => {};
    const started = { worker, listening: new Promise<void>((resolve) => (listens = resolve)), waiting: new Map() as NonNullable<typeof thread>["waiting"] };
    const answer = (a: ToScanThread) => {
      if (thread === started) worker.postMessage(a);
    };
    worker.on("message", (m: FromScanThread) => {
      if (m.kind === "ready") listens();
      else if (m.kind === "done") {
        const w = started.waiting.get(m.scan);
        started.waiting.delete(m.scan);
        if (m.ok) w?.resolve({ ...m.summary, scannedAt: new Date(m.summary.scannedAt) });
        else w?.reject(new Error(m.error));
      } else if (!write) answer({ kind: "written", id: m.id, error: "this process takes no writes from the scan" });
      else write(m.statements).then((results) => answer({ kind: "written", id: m.id, results }), (e) => answer({ kind: "written", id: m.id, error: messageOf(e) }));
    });
    let failure = "";
    worker.once("error", (e) => {
      failure = String(e);
    });
    // A thread that died takes its scan with it; the next scan starts a new thread.
    worker.once("exit", (code) => {
      if (thread === started) thread = null;
      for (const w of started.waiting.values()) w.reject(new FraudScanThreadUnavailable(failure || `the fraud scan thread stopped (exit code ${code})`));
      started.waiting.clear();
      onExit?.(code);
    });
    return started;
  }

  const scanOnce = () =>
    new Promise<FraudScanSummary>((resolve, reject) => {
      if (closed) return reject(new FraudScanThreadUnavailable("the fraud scan thread was closed"));
      cancelRetire?.();
      cancelRetire = null;
      try {
        thread ??= start();
      } catch (e) {
        return reject(new FraudScanThreadUnavailable(String(e)));
      }
      const t = thread;
      const scan = nextScan++;
      t.waiting.set(scan, { resolve, reject });
      void t.listening.then(() => t.worker.postMessage({ kind: "scan", scan } satisfies ToScanThread));
    });

  const run = () => {
    const next = previous.then(scanOnce, scanOnce);
    previous = next.catch(() => {});
    // After this scan, unless another was asked for meanwhile (it re-arms after its own answer).
    const settled = previous;
    void settled.then(() => {
      if (previous === settled) armRetire();
    });
    return next;
  };
  async function close() {
    closed = true;
    cancelRetire?.();
    cancelRetire = null;
    const t = thread;
    thread = null;
    if (t) await t.worker.terminate();
  }
  return Object.defineProperties(run, { threadsStarted: { get: () => threadsStarted }, close: { value: close } }) as FraudScanThread;
}
