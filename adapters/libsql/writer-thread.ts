/**
 * The group commit on a thread of its own: the hot writes (bet placements, rate counts, the fraud
 * scan's records) are committed by a second connection to the same embedded file, on a worker thread
 * (writer-worker.js, writer-run.ts), while the serving thread goes on answering requests.
 *
 * Why: at a steady 2,000 bets/s the serving thread was busy 93-98% of the time on this 2-core
 * machine, and a third of that was running the writes (the statements of each bet, then a COMMIT per
 * group). With any slower second the queue grew and the p99 went to hundreds of ms. The writes run
 * here on the other core instead; the serving thread only sends each turn's writes in one message
 * and resolves each caller when its answer comes back (docs/benchmarks.md, eighth round).
 *
 * What does not change:
 * - Each write is all-or-nothing and is answered only after its group's COMMIT; a refused write
 *   (a guard, a CHECK) is refused alone, with the same LibsqlError (so constraintOf reads it).
 * - Writes are committed in the order they were sent, so a later write sees the earlier ones.
 * - A write's caller that reads next, on this thread's connection, sees it: its COMMIT is done
 *   before the answer is sent, and every read starts a new read transaction (the driver resets a
 *   statement after get(), so none stays open holding an older snapshot).
 * - The lock is SQLite's: the serving thread's other writes (settlements, sign-ins, the back office)
 *   take it in turn with this thread's groups, as another process's would; a group that finds it
 *   taken waits on a timer in this thread (group-commit.ts).
 *
 * With `checkpoints`, the thread also runs the background checkpoints (checkpointer.ts) on its
 * connection, between groups, instead of a thread of their own: measured with 5,000 live-odds
 * subscribers, the server took 273-275 MB that way against 288-294 MB with both threads.
 *
 * If the thread cannot start, or dies, its writes are refused with an error and every later write
 * goes to `fallback` (the group commit on the serving thread's connection, as before); `onStopped`
 * lets the owner have that connection checkpoint in its commits again.
 */
import { Worker } from "node:worker_threads";
import { LibsqlError, type InArgs, type InStatement, type ResultSet } from "@libsql/client";
import { fromPlainResult, isOneRow, type PlainResult } from "./embedded-client.ts";
import type { GroupWrites } from "./group-commit.ts";
import { strippedSources } from "../system/stripped-sources.ts";

/** A statement as plain data (oneRow() marks with a symbol, which does not cross threads). */
export interface PlainStatement {
  sql: string;
  args: InArgs;
  oneRow: boolean;
}
/** An error as plain data: enough to build the same LibsqlError again. */
export interface PlainError {
  name: string;
  message: string;
  code?: string;
  extendedCode?: string;
  rawCode?: number;
}
/** The background checkpoints' cadence, when the thread runs them (checkpointer.ts). */
export interface CheckpointSchedule {
  intervalMs: number;
  restartFrames: number;
}
/** To the thread: the writes of one turn, in order; or close (after every write was answered). */
export type ToWriter = { kind: "writes"; writes: { id: number; statements: PlainStatement[] }[] } | { kind: "close" };
/** From the thread: it listens (once; Deno drops messages sent before), the answers of one turn, or it closed. */
export type FromWriter =
  | { kind: "ready" }
  | { kind: "answers"; answers: ({ id: number; results: PlainResult[] } | { id: number; error: PlainError })[] }
  | { kind: "closed" };

export interface WriterThreadOptions {
  /** Where writes go once the thread has stopped (the group commit on the serving thread's connection). */
  fallback: () => GroupWrites;
  /** Run the background checkpoints on the thread too (its connection then never checkpoints in a commit). */
  checkpoints?: CheckpointSchedule;
  /** Called once if the thread stops by itself (it died), not when closed. */
  onStopped?: () => void;
}

const THREAD_BODY = new URL("./writer-run.ts", import.meta.url);

const plainStatement = (s: InStatement): PlainStatement =>
  typeof s === "string" ? { sql: s, args: [], oneRow: false } : { sql: s.sql, args: s.args ?? [], oneRow: isOneRow(s) };

function errorOf(e: PlainError): Error {
  if (e.name !== "LibsqlError" || e.code === undefined) return Object.assign(new Error(e.message), { name: e.name });
  // LibsqlError puts its code in front of the message itself.
  const message = e.message.startsWith(`${e.code}: `) ? e.message.slice(e.code.length + 2) : e.message;
  return new LibsqlError(message, e.code, e.extendedCode, e.rawCode);
}

export class WriterThread implements GroupWrites {
  /** The thread, for its owner's tests; null once it has stopped. */
  thread: Worker | null;
  private readonly waiting = new Map<number, { resolve(r: ResultSet[]): void; reject(e: unknown): void }>();
  private readonly fallback: () => GroupWrites;
  private fellBack: GroupWrites | null = null;
  private outbox: Extract<ToWriter, { kind: "writes" }>["writes"] = [];
  private sendScheduled = false;
  private nextId = 1;
  private closed = false;
  private closing: Promise<void> | null = null;
  private drained: (() => void) | null = null;
  private finished: (() => void) | null = null;

  /**
   * Starts the thread on the database file at `path` (already migrated) and waits until it listens.
   * Null if it could not start: the caller keeps its own group commit.
   */
  static async start(path: string, opts: WriterThreadOptions): Promise<WriterThread | null> {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./writer-worker.js", import.meta.url), {
        workerData: { path, checkpoints: opts.checkpoints ?? null, sources: strippedSources(THREAD_BODY) },
      });
    } catch {
      return null;
    }
    const ready = await new Promise<boolean>((resolve) => {
      worker.on("message", function first(m: FromWriter) {
        if (m.kind !== "ready") return;
        worker.off("message", first);
        resolve(true);
      });
      worker.once("error", () => resolve(false));
      worker.once("exit", () => resolve(false));
    });
    if (!ready) {
      await worker.terminate().catch(() => {});
      return null;
    }
    return new WriterThread(worker, opts);
  }

  private constructor(worker: Worker, opts: WriterThreadOptions) {
    this.thread = worker;
    this.fallback = opts.fallback;
    // The server's own handles keep the process alive; this thread alone must not.
    worker.unref();
    worker.on("message", (m: FromWriter) => {
      if (m.kind === "closed") return this.finished?.();
      if (m.kind !== "answers") return;
      for (const a of m.answers) {
        const w = this.waiting.get(a.id);
        if (!w) continue;
        this.waiting.delete(a.id);
        if ("error" in a) w.reject(errorOf(a.error));
        else w.resolve(a.results.map(fromPlainResult));
      }
      if (this.waiting.size === 0) this.drained?.();
    });
    let failure = "";
    worker.once("error", (e) => {
      failure = String(e);
    });
    worker.once("exit", (code) => {
      this.thread = null;
      if (!this.closed) {
        console.error(JSON.stringify({ level: "error", job: "writer-thread", message: "the writer thread stopped; writing on the serving thread", error: failure || `exit code ${code}` }));
        opts.onStopped?.();
      }
      this.finished?.();
      // Whether these were committed is unknown (the thread may have died after a COMMIT): refused
      // as failed, like any write whose answer was lost; a retry with the same Idempotency-Key is safe.
      const lost = new Error(`the writer thread stopped before answering (${failure || `exit code ${code}`})`);
      for (const w of this.waiting.values()) w.reject(lost);
      this.waiting.clear();
      this.drained?.();
    });
  }

  write(statements: InStatement[]): Promise<ResultSet[]> {
    if (this.closed) return Promise.reject(new LibsqlError("The client is closed", "CLIENT_CLOSED"));
    const worker = this.thread;
    if (!worker) return (this.fellBack ??= this.fallback()).write(statements);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.waiting.set(id, { resolve, reject });
      this.outbox.push({ id, statements: statements.map(plainStatement) });
      if (!this.sendScheduled) {
        this.sendScheduled = true;
        // After the current turn's callbacks: the writes of requests arriving together go in one
        // message, and the thread commits them as one group.
        setImmediate(() => {
          this.sendScheduled = false;
          const batch = this.outbox;
          this.outbox = [];
          if (this.thread === worker) worker.postMessage({ kind: "writes", writes: batch } satisfies ToWriter);
          // (a thread that died meanwhile has refused these already)
        });
      }
    });
  }

  /**
   * No new writes; the ones sent are answered (committed or refused), the thread runs a last
   * checkpoint if it runs them, then it ends.
   */
  close(): Promise<void> {
    // Before anything else: Deno reports the thread's exit during terminate() itself.
    this.closed = true;
    this.closing ??= this.finish();
    return this.closing;
  }

  private async finish() {
    const worker = this.thread;
    if (!worker) return;
    if (this.waiting.size > 0) {
      await new Promise<void>((resolve) => {
        this.drained = resolve;
        // Do not wait for ever on a thread that hangs: refuse what is left and end it.
        setTimeout(resolve, 10_000).unref();
      });
    }
    if (this.thread === worker) {
      const closed = new Promise<void>((resolve) => {
        this.finished = resolve;
        setTimeout(resolve, 2000).unref();
      });
      worker.postMessage({ kind: "close" } satisfies ToWriter);
      await closed;
    }
    await worker.terminate().catch(() => {});
  }
}
