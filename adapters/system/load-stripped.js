// @ts-check
/**
 * The thread side of ./stripped-sources.ts: serve the modules the serving thread stripped for this
 * thread (`workerData.sources`, by URL) from a load hook, so the thread never loads Node's TypeScript
 * stripper. A module not handed over loads as usual. JavaScript, so that loading this file does not
 * load the stripper either.
 *
 * @param {Record<string, string> | undefined | null} sources
 */
export async function loadStrippedSources(sources) {
  if (!sources) return;
  const { registerHooks } = await import("node:module");
  registerHooks({
    load(url, context, nextLoad) {
      const source = sources[url];
      return source === undefined ? nextLoad(url, context) : { format: "module", source, shortCircuit: true };
    },
  });
}
