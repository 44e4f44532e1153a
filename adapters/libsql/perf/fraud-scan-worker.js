// @ts-check
/**
 * The fraud scan thread's entry (adapters/libsql/perf/fraud-scan-thread.ts starts it with the
 * first scan). It first takes the lowest CPU priority for this thread alone (Linux: a thread id is a
 * PRIO_PROCESS target; best effort elsewhere) and only then loads the scan (fraud-scan-run.ts).
 * Loading that is most of the thread's start - the adapters, the rules, the driver - and as a static
 * import it ran before this module's body, at normal priority, taking a core from the serving thread.
 *
 * The scan's TypeScript modules load the way every other module does: Node's own type stripping
 * (Node 22.18+, the project's `node` package) or Deno's compiler. This entry is JavaScript only so
 * that the priority is set before anything else loads.
 */
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { workerData } from "node:worker_threads";

try {
  const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
  const niceness = typeof workerData?.niceness === "number" ? workerData.niceness : 19;
  if (Number.isInteger(tid) && tid > 0 && niceness !== 0) setPriority(tid, niceness);
} catch {
  /* not Linux, or not allowed: the scan runs at normal priority */
}

await import("./fraud-scan-run.ts");
