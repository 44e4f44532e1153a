/**
 * Handing a worker thread its TypeScript modules already stripped of their types (Node only).
 *
 * A thread that loads .ts itself loads Node's TypeScript stripper, 11 MB of memory for as long as
 * the thread lives (measured: an idle thread 23 MB with a .ts entry, 12 MB with a .js one). The
 * serving thread has it loaded already, so it strips the thread's modules here and passes them in
 * `workerData`; the thread's JavaScript entry serves them from a load hook (./load-stripped.js).
 * Used by the fraud scan thread (api/jobs/fraud-scan-thread.ts) and the writer thread
 * (adapters/libsql/writer-thread.ts).
 */
import { readFileSync } from "node:fs";
import * as nodeModule from "node:module";

/** `import ... from "x"`, `export ... from "x"`, `import "x"`, `import("x")`; not `import type` (erased, never loaded). */
const SPECIFIERS = /\b(?:import|export)\s+(?!type\s)[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/**
 * The TypeScript modules of this repository that `entry` loads, types stripped, by URL: follows the
 * relative imports of .ts files from `entry`. Null where there is nothing to strip with or no hook to
 * serve them (Deno compiles TypeScript outside the JavaScript heap; an older Node).
 */
export function strippedSources(entry: URL): Record<string, string> | null {
  const strip = (nodeModule as { stripTypeScriptTypes?: (code: string) => string }).stripTypeScriptTypes;
  if ("Deno" in globalThis || typeof strip !== "function" || typeof (nodeModule as { registerHooks?: unknown }).registerHooks !== "function") return null;
  const sources: Record<string, string> = {};
  const emit = process.emitWarning;
  // stripTypeScriptTypes announces itself as experimental on first use; the server's log has no use for it.
  process.emitWarning = () => {};
  try {
    const visit = (url: URL) => {
      if (url.href in sources) return;
      let code: string;
      try {
        code = readFileSync(url, "utf8");
      } catch {
        return; // a specifier the pattern found in a comment or a string: nothing the thread loads
      }
      sources[url.href] = strip(code);
      for (const m of code.matchAll(SPECIFIERS)) {
        const specifier = m[1] ?? m[2] ?? m[3];
        if (specifier.startsWith(".") && specifier.endsWith(".ts")) visit(new URL(specifier, url));
      }
    };
    visit(entry);
  } finally {
    process.emitWarning = emit;
  }
  return sources;
}
