/**
 * The performance machinery of the libSQL adapters sits behind one seam, adapters/libsql/perf/
 * (index.ts). Only the composition chooses it: database.ts (the embedded client, group commit and
 * checkpoints) and api/bootstrap.ts (the fraud-scan thread); tests and benchmarks may reach it too.
 * Ordinary adapters, use cases and routes import nothing from it, so each reads as plain SQL and
 * runs the same over the stock client (tests/contract runs both paths).
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, ROOT } from "./source-files.ts";

const PERF = "adapters/libsql/perf/";
const SEAM = "adapters/libsql/perf/index.ts";
/** Outside tests and benchmarks, the only modules that may import the seam. */
const COMPOSITION = new Set(["adapters/libsql/database.ts", "api/bootstrap.ts"]);

/** The repository paths a file's relative imports (static, re-exports and dynamic) point at. */
function importedPaths(file: string, source: string): string[] {
  const re = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;
  return [...source.matchAll(re)].map((m) => relative(ROOT, resolve(dirname(file), m[1])).split("\\").join("/"));
}

/** Imports of perf/ a file may not make: any from outside the composition, tests and benchmarks; past the seam from outside perf/. */
function seamViolations(file: string, source: string): string[] {
  const from = relative(ROOT, file).split("\\").join("/");
  if (from.startsWith(PERF)) return [];
  const mayUseSeam = COMPOSITION.has(from) || from.startsWith("tests/") || from.startsWith("bench/");
  return importedPaths(file, source)
    .filter((to) => to.startsWith(PERF) && !(to === SEAM && mayUseSeam))
    .map((to) => `${from} imports ${to}`);
}

describe("the performance seam", () => {
  it("only the composition, tests and benchmarks import adapters/libsql/perf/, and only through its index", () => {
    const bad = ["adapters", "api", "domain", "site", "scripts", "bench", "tests"].flatMap((dir) =>
      filesUnder(join(ROOT, dir), /\.(ts|tsx|js|mjs|astro)$/).flatMap((f) => seamViolations(f, readFileSync(f, "utf8"))),
    );
    expect(bad).toEqual([]);
  });

  it("catches what it is meant to catch", () => {
    const adapter = join(ROOT, "adapters/libsql/bets.ts");
    expect(seamViolations(adapter, `import { oneRow } from "./perf/embedded-client.ts";`)).toHaveLength(1);
    expect(seamViolations(adapter, `import type { GroupCommitter } from "./perf/index.ts";`)).toHaveLength(1);
    expect(seamViolations(adapter, `import { oneRow } from "./rows.ts";`)).toEqual([]);
    expect(seamViolations(join(ROOT, "api/routes/x.ts"), `const m = await import("../../adapters/libsql/perf/index.ts");`)).toHaveLength(1);
    expect(seamViolations(join(ROOT, "adapters/libsql/database.ts"), `import { GroupCommitter } from "./perf/index.ts";`)).toEqual([]);
    expect(seamViolations(join(ROOT, "adapters/libsql/database.ts"), `import { GroupCommitter } from "./perf/group-commit.ts";`)).toHaveLength(1);
    expect(seamViolations(join(ROOT, "api/bootstrap.ts"), `import { fraudScanThread } from "../adapters/libsql/perf/index.ts";`)).toEqual([]);
    expect(seamViolations(join(ROOT, "adapters/libsql/perf/group-commit.ts"), `import { executeSync } from "./embedded-client.ts";`)).toEqual([]);
  });
});
