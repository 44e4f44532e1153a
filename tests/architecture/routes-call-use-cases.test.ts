/**
 * A route calls use cases: it validates, declares its roles, calls a use case and presents what it
 * returns, and never reads a port itself (`.ports.` anywhere in a file of api/routes/). Reading a
 * port is property access, not an import, so dependency-cruiser cannot see it; the import rules of
 * the layers (routes do not import the database driver among them) live in `.dependency-cruiser.cjs`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx|mjs)$/.test(name)) out.push(p);
  }
  return out;
}

/** Each line of a route that reads a port instead of calling a use case. */
function portReads(file: string, source: string): string[] {
  const where = relative(ROOT, file);
  return source.split("\n").flatMap((line, i) => (/\.ports\./.test(line) ? [`${where}:${i + 1} reads a port: ${line.trim()}`] : []));
}

describe("routes call use cases", () => {
  it("no file in api/routes/ reads a port", () => {
    const bad = files(join(ROOT, "api/routes"))
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
