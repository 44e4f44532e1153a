/**
 * The writer thread's body (see writer-thread.ts): its own connection to the database file, the
 * group commit on it, and the messages. Each message is one turn's writes from the serving thread;
 * they join one group (group-commit.ts queues them and commits them together), and their answers
 * go back together too, one message per turn of this thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { embeddedFileClient, executeSync, FILE_CONNECTION_PRAGMAS, oneRow, toPlainResult } from "./embedded-client.ts";
import { GroupCommitter } from "./group-commit.ts";
import type { FromWriter, PlainError, PlainStatement, ToWriter } from "./writer-thread.ts";

const port = parentPort!;
const { path } = workerData as { path: string };
const { connections } = embeddedFileClient(path, 5000);
const db = await connections.acquire();
for (const pragma of FILE_CONNECTION_PRAGMAS) executeSync(db, pragma);
connections.release(db);
const groups = new GroupCommitter(connections);

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

port.on("message", (writes: ToWriter) => {
  for (const w of writes)
    groups.write(w.statements.map(statementOf)).then(
      (results) => answer({ id: w.id, results: results.map(toPlainResult) }),
      (e) => answer({ id: w.id, error: plainError(e) }),
    );
});
port.postMessage({ kind: "ready" } satisfies FromWriter);
