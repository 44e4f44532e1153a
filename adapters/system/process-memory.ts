/**
 * The server process's memory, set once at start-up by the entries (api/node.ts, api/deno.ts):
 * 5,000 live-odds subscribers must fit in 250 MB of resident memory, and most of a fresh process's
 * memory is not theirs (docs/benchmarks.md, "The stream's memory").
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** glibc's malloc arenas the Node process keeps (MALLOC_ARENA_MAX); see mallocArenaSettings. */
export const MALLOC_ARENAS = "2";

/**
 * The environment to run the Node server with so that glibc keeps at most two malloc arenas, or
 * null when it is already so (or the operator chose another number, or not on Linux).
 *
 * glibc gives each thread that allocates under contention an arena of its own (up to 8 per core)
 * and keeps what was freed in it: V8's compiler and collector threads, libuv's pool, the checkpoint
 * and fraud scan threads. A freshly started server idled at 176-198 MB with the default and at
 * 150-155 MB with two arenas; the threads share them, and most small allocations never reach an
 * arena (each thread has a cache of its own). glibc reads the setting only when the process starts,
 * hence execWithMallocArenas.
 */
export function mallocArenaSettings(env: Record<string, string | undefined>, platform: string): Record<string, string | undefined> | null {
  if (platform !== "linux" || env.MALLOC_ARENA_MAX) return null;
  return { ...env, MALLOC_ARENA_MAX: MALLOC_ARENAS };
}

/**
 * Replaces this process, before anything else has started, with the same command under the
 * malloc setting: the same pid, arguments and standard streams, so whatever started it (npm start,
 * a supervisor, the e2e and benchmark harnesses) sees no difference. Returns (does nothing) when
 * the setting is already there, or on a Node without process.execve (added in 22.15).
 */
export function execWithMallocArenas(): void {
  const env = mallocArenaSettings(process.env, process.platform);
  const execve = (process as { execve?: (file: string, args: string[], env: Record<string, string | undefined>) => never }).execve;
  if (!env || typeof execve !== "function") return;
  execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], env);
}

/**
 * One full garbage collection that also gives memory back (V8's "last resort" collection: the
 * young generation shrinks to its minimum, dead large objects go), run by the entries once
 * start-up is done and before the server listens. Start-up (migrations, the demo seed, the first
 * reads, the first fraud scan's results) leaves ~40 MB of dead large objects and a 32 MB young
 * generation that an idle server keeps for hours: a freshly seeded process idled at 245 MB, 203 MB
 * after an ordinary full collection, 175 MB after this one. A few hundred milliseconds, once (2.5 s
 * on a machine loaded twelve times over).
 *
 * Neither runtime offers a collection without `--expose-gc`. Setting the flag at run time gives a
 * new context the `gc` function (it collects the whole heap: the isolate is one); the flag is then
 * turned off again, so that no later context or worker thread gets it. Works the same on Deno.
 * Best effort: where no `gc` comes, nothing happens. Returns whether a collection ran.
 */
export function collectStartupGarbage(): boolean {
  try {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as unknown;
    setFlagsFromString("--no-expose-gc");
    if (typeof gc !== "function") return false;
    gc({ type: "major", execution: "sync", flavor: "last-resort" });
    return true;
  } catch {
    return false;
  }
}
