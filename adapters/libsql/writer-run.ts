/**
 * The writer thread's body (see writer-thread.ts): its own connection to the database file, the
 * group commit on it, the background checkpoints when asked for, and the messages. Each message is
 * one turn's writes from the serving thread; they join one group (group-commit.ts queues them and
 * commits them together), and their answers go back together too, one message per turn of this
 * thread.
 *
 * Checkpoints (`workerData.checkpoints`): this connection stops checkpointing inside its commits and
 * runs the background checkpoints of checkpointer.ts itself instead, every `intervalMs` between two
 * groups (checkpoint-policy.js). That spares the process a thread of its own for them (~15 MB on
 * Node): with the writes on this thread, a checkpoint here no longer holds up the serving thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { embeddedFileClient, executeSync, FILE_CONNECTION_PRAGMAS, oneRow, toPlainResult } from "./embedded-client.ts";
import { GroupCommitter } from "./group-commit.ts";
import { followUpCheckpoint } from "./checkpoint-policy.js";
import type { CheckpointSchedule, FromWriter, PlainError, PlainStatement, ToWriter } from "./writer-thread.ts";

const port = parentPort!;
const { path, checkpoints } = workerData as { path: string; checkpoints: CheckpointSchedule | null };
const { client, connections } = embeddedFileClient(path, 5000);
const db = await connections.acquire();
for (const pragma of FILE_CONNECTION_PRAGMAS) executeSync(db, pragma);
if (checkpoints) executeSync(db, "PRAGMA wal_autocheckpoint = 0");
connections.release(db);
const groups = new GroupCommitter(connections);

/** One background checkpoint (checkpoint-policy.js), between two groups. */
async function checkpoint(restartFrames: number) {
  const c = await connections.acquire();
  try {
    executeSync(c, "PRAGMA busy_timeout = 0");
    const next = followUpCheckpoint(Number(executeSync(c, "PRAGMA wal_checkpoint(PASSIVE)").rows[0]?.[1] ?? 0), restartFrames);
    if (next) executeSync(c, `PRAGMA wal_checkpoint(${next})`);
  } catch {
    // Another process's checkpoint holds the lock (SQLITE_BUSY): it is doing the same work.
  } finally {
    executeSync(c, "PRAGMA busy_timeout = 5000");
    connections.release(c);
  }
}
let ticking: ReturnType<typeof setTimeout> | null = null;
const tick = async (schedule: CheckpointSchedule) => {
  await checkpoint(schedule.restartFrames);
  if (ticking) ticking = setTimeout(() => void tick(schedule), schedule.intervalMs);
};
if (checkpoints) ticking = setTimeout(() => void tick(checkpoints), checkpoints.intervalMs);

type Answer = Extract<FromWriter, { kind: "answers" }>["answers"][number];
let answers: Answer[] = [];
const answer = (a: Answer) => {
  if (answers.length === 0) setImmediate(() => port.postMessage({ kind: "answers", answers: answers.splice(0) } satisfies FromWriter));
  answers.push(a);
};

const statementOf = (s: PlainStatement) => (s.oneRow ? oneRow({ sql: s.sql, args: s.args }) : { sql: s.sql, args: s.args });

function plainError(e: unknown): PlainError {
  if (!(e instanceof Error)) return { name: "Error", message: String(e) };
  const x = e as Error & { code?: unknown; extendedCode?: unknown; rawCode?: unknown };
  return {
    name: e.name,
    message: e.message,
    code: typeof x.code === "string" ? x.code : undefined,
    extendedCode: typeof x.extendedCode === "string" ? x.extendedCode : undefined,
    rawCode: typeof x.rawCode === "number" ? x.rawCode : undefined,
  };
}

port.on("message", async (m: ToWriter) => {
  if (m.kind === "writes") {
    for (const w of m.writes)
      groups.write(w.statements.map(statementOf)).then(
        (results) => answer({ id: w.id, results: results.map(toPlainResult) }),
        (e) => answer({ id: w.id, error: plainError(e) }),
      );
    return;
  }
  // close: every write sent has been answered (writer-thread.ts waits for that); a last checkpoint.
  if (ticking) clearTimeout(ticking);
  ticking = null;
  if (checkpoints) await checkpoint(checkpoints.restartFrames);
  client.close();
  port.postMessage({ kind: "closed" } satisfies FromWriter);
});
port.postMessage({ kind: "ready" } satisfies FromWriter);
