// @ts-check
/**
 * The writer thread's entry (adapters/libsql/writer-thread.ts starts it with the server's database).
 * JavaScript, like the other threads' entries: on Node the serving thread hands over the thread's
 * modules with their types already stripped (adapters/system/stripped-sources.ts), so this thread
 * never loads Node's TypeScript stripper (11 MB of memory in each thread that does).
 */
import { workerData } from "node:worker_threads";
import { loadStrippedSources } from "../system/load-stripped.js";

await loadStrippedSources(workerData.sources);
await import("./writer-run.ts");
