// @ts-check
/**
 * The fraud scan thread's entry (api/jobs/fraud-scan-thread.ts starts it once, with the first scan).
 * It first takes the lowest CPU priority for this thread alone (Linux: a thread id is a PRIO_PROCESS
 * target; best effort elsewhere) and only then loads the scan (fraud-scan-run.ts). Loading that is
 * most of the thread's start - the adapters, the rules, the driver - and as a static import it ran
 * before this module's body, at normal priority, taking a core from the serving thread.
 *
 * JavaScript, like the checkpoint thread's entry: on Node, the serving thread hands over the scan's
 * modules with their types already stripped (`workerData.sources`, see `strippedSources`) and this
 * thread loads them from there, so it never loads Node's TypeScript stripper (11 MB of memory in
 * each thread that does). A module not handed over loads as usual.
 */
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { workerData } from "node:worker_threads";

try {
  const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19);
} catch {
  /* not Linux, or not allowed: the scan runs at normal priority */
}

/** @type {Record<string, string> | undefined} */
const sources = workerData.sources;
if (sources) {
  const { registerHooks } = await import("node:module");
  registerHooks({
    load(url, context, nextLoad) {
      const source = sources[url];
      return source === undefined ? nextLoad(url, context) : { format: "module", source, shortCircuit: true };
    },
  });
}
await import("./fraud-scan-run.ts");
