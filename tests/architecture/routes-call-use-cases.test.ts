/**
 * A route calls use cases: it validates, declares its roles, calls a use case and presents what it
 * returns, and never reads a port itself (`.ports.` anywhere in a file of api/routes/). Reading a
 * port is property access, not an import, so dependency-cruiser cannot see it; the import rules of
 * the layers (routes do not import the database driver among them) live in `.dependency-cruiser.cjs`.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, ROOT } from "./source-files.ts";

/** Each line of a route that reads a port instead of calling a use case. */
function portReads(file: string, source: string): string[] {
  const where = relative(ROOT, file);
  return source.split("\n").flatMap((line, i) => (/\.ports\./.test(line) ? [`${where}:${i + 1} reads a port: ${line.trim()}`] : []));
}

describe("routes call use cases", () => {
  it("no file in api/routes/ reads a port", () => {
    const bad = filesUnder(join(ROOT, "api/routes"), /\.(ts|tsx|mjs)$/)
      .filter((f) => !f.endsWith(".test.ts"))
      .flatMap((f) => portReads(f, readFileSync(f, "utf8")));
    expect(bad).toEqual([]);
  });

  it("the check catches what it is meant to catch", () => {
    const r = join(ROOT, "api/routes/x.ts");
    expect(portReads(r, `const sports = await c.get("deps").ports.fantasy.listSports({});`)).toHaveLength(1);
    expect(portReads(r, `const inv = await ctx.ports.payments.investigation(id);`)).toHaveLength(1);
    expect(portReads(r, `const sports = await listFantasySports(ctxOf(c), {});\nreturn c.json(sports.map(presentSport));`)).toEqual([]);
  });
});
