/**
 * The layering rules of ARCHITECTURE.md, checked on every test run:
 * - domain/ imports nothing but other files in domain/ (no api/, adapters/, site/, frameworks, node:*).
 * - site/ imports server code only as types from api/schemas, plus pure domain rules.
 * - nothing outside site/ imports from site/.
 * - api/ only wires: apart from its entries (node.ts, deno.ts) and the composition root
 *   (bootstrap.ts), it imports nothing from adapters/ and no node:* module; adapters/ import no api/.
 * - a route calls use cases: no file in api/routes/ reads a port (`.ports.`) or imports the database driver.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

function files(dir: string, exts = /\.(ts|tsx|astro|mjs)$/): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (name === "node_modules" || name === "dist") continue;
    if (statSync(p).isDirectory()) out.push(...files(p, exts));
    else if (exts.test(name)) out.push(p);
  }
  return out;
}

export interface ImportRef {
  specifier: string;
  typeOnly: boolean;
}

/** Every module specifier a file imports or re-exports (static and dynamic). */
export function importsOf(source: string): ImportRef[] {
  const refs: ImportRef[] = [];
  const re = /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;
  for (const m of source.matchAll(re)) {
    if (m[4]) refs.push({ specifier: m[4], typeOnly: false });
    else refs.push({ specifier: m[3], typeOnly: Boolean(m[2]) });
  }
  return refs;
}

/** The layer a specifier points at, from a file in `fromDir`: a top-level folder, or "package:<name>". */
export function targetOf(fromDir: string, specifier: string): string {
  if (!specifier.startsWith(".") && !specifier.startsWith("/")) return `package:${specifier}`;
  const abs = resolve(fromDir, specifier);
  return relative(ROOT, abs).split(/[\\/]/).slice(0, 2).join("/");
}

export function domainViolations(file: string, source: string): string[] {
  return importsOf(source)
    .map((r) => ({ r, target: targetOf(dirname(file), r.specifier) }))
    .filter(({ r, target }) => (r.specifier.startsWith(".") ? !target.startsWith("domain/") && target !== "domain" : true))
    .map(({ r }) => `${relative(ROOT, file)} imports ${r.specifier}`);
}

export function siteViolations(file: string, source: string): string[] {
  return importsOf(source)
    .filter((r) => r.specifier.startsWith("."))
    .map((r) => ({ r, target: targetOf(dirname(file), r.specifier) }))
    .filter(({ r, target }) => {
      if (target.startsWith("site/")) return false;
      if (target.startsWith("domain/")) return false;
      if (target === "api/schemas") return !r.typeOnly;
      return true;
    })
    .map(({ r }) => `${relative(ROOT, file)} imports ${r.specifier}`);
}

/** The files of api/ that may construct adapters and use the runtime: the entries and the composition root. */
const API_COMPOSITION = new Set(["api/node.ts", "api/deno.ts", "api/bootstrap.ts"]);

export function apiViolations(file: string, source: string): string[] {
  if (API_COMPOSITION.has(relative(ROOT, file))) return [];
  return importsOf(source)
    .filter((r) => r.specifier.startsWith("node:") || (r.specifier.startsWith(".") && targetOf(dirname(file), r.specifier).startsWith("adapters/")))
    .map((r) => `${relative(ROOT, file)} imports ${r.specifier}`);
}

/** A route that reads a port or talks to the database itself, instead of calling a use case. */
export function routeViolations(file: string, source: string): string[] {
  const where = relative(ROOT, file);
  const portReads = source
    .split("\n")
    .flatMap((line, i) => (/\.ports\./.test(line) ? [`${where}:${i + 1} reads a port: ${line.trim()}`] : []));
  const driver = importsOf(source)
    .filter((r) => r.specifier === "@libsql/client" || r.specifier.startsWith("@libsql/"))
    .map((r) => `${where} imports ${r.specifier}`);
  return [...portReads, ...driver];
}

export function adapterViolations(file: string, source: string): string[] {
  return importsOf(source)
    .filter((r) => r.specifier.startsWith(".") && targetOf(dirname(file), r.specifier).startsWith("api/"))
    .map((r) => `${relative(ROOT, file)} imports ${r.specifier}`);
}

describe("layering", () => {
  it("domain/ imports only domain/", () => {
    // Tests beside the code may import the test runner; the code itself may not import anything else.
    const bad = files(join(ROOT, "domain"))
      .filter((f) => !f.endsWith(".test.ts"))
      .flatMap((f) => domainViolations(f, readFileSync(f, "utf8")));
    const testImports = files(join(ROOT, "domain"))
      .filter((f) => f.endsWith(".test.ts"))
      .flatMap((f) => domainViolations(f, readFileSync(f, "utf8")).filter((v) => !v.endsWith(" imports vitest")));
    expect(testImports).toEqual([]);
    expect(bad).toEqual([]);
  });

  it("site/ imports server code only as types from api/schemas (and pure domain rules)", () => {
    const bad = files(join(ROOT, "site")).flatMap((f) => siteViolations(f, readFileSync(f, "utf8")));
    expect(bad).toEqual([]);
  });

  it("nothing outside site/ imports site/", () => {
    const bad = ["domain", "api", "adapters"].flatMap((dir) =>
      files(join(ROOT, dir))
        .flatMap((f) => importsOf(readFileSync(f, "utf8")).map((r) => ({ f, t: targetOf(dirname(f), r.specifier) })))
        .filter(({ t }) => t.startsWith("site/"))
        .map(({ f }) => relative(ROOT, f)),
    );
    expect(bad).toEqual([]);
  });

  it("api/ only wires: no adapters/ and no node:* outside the entries and bootstrap.ts", () => {
    const bad = files(join(ROOT, "api"))
      .filter((f) => !f.endsWith(".test.ts"))
      .flatMap((f) => apiViolations(f, readFileSync(f, "utf8")));
    expect(bad).toEqual([]);
  });

  it("routes call use cases: api/routes/ reads no port and does not import the database driver", () => {
    const bad = files(join(ROOT, "api/routes"))
      .filter((f) => !f.endsWith(".test.ts"))
      .flatMap((f) => routeViolations(f, readFileSync(f, "utf8")));
    expect(bad).toEqual([]);
  });

  it("adapters/ import nothing from api/", () => {
    const bad = files(join(ROOT, "adapters"))
      .filter((f) => !f.endsWith(".test.ts"))
      .flatMap((f) => adapterViolations(f, readFileSync(f, "utf8")));
    expect(bad).toEqual([]);
  });

  it("the checks catch what they are meant to catch", () => {
    const r = join(ROOT, "api/routes/x.ts");
    expect(apiViolations(r, `import { ScryptPasswordHasher } from "../../adapters/system/password.ts";`)).toHaveLength(1);
    expect(apiViolations(r, `import type { Leadership } from "../../adapters/libsql/lease.ts";`)).toHaveLength(1);
    expect(apiViolations(r, `import { createHash } from "node:crypto";`)).toHaveLength(1);
    expect(apiViolations(r, `import { ok } from "../../domain/shared/result.ts";`)).toEqual([]);
    expect(apiViolations(join(ROOT, "api/bootstrap.ts"), `import { openDatabase } from "../adapters/libsql/index.ts";`)).toEqual([]);
    expect(adapterViolations(join(ROOT, "adapters/system/x.ts"), `import type { AppDeps } from "../../api/env.ts";`)).toHaveLength(1);
    expect(routeViolations(r, `const sports = await c.get("deps").ports.fantasy.listSports({});`)).toHaveLength(1);
    expect(routeViolations(r, `const inv = await ctx.ports.payments.investigation(id);`)).toHaveLength(1);
    expect(routeViolations(r, `import type { Client } from "@libsql/client";`)).toHaveLength(1);
    expect(routeViolations(r, `const s = await import("@libsql/client/web");`)).toHaveLength(1);
    expect(routeViolations(r, `const sports = await listFantasySports(ctxOf(c), {});\nreturn c.json(sports.map(presentSport));`)).toEqual([]);
    const f = join(ROOT, "domain/betting/x.ts");
    expect(domainViolations(f, `import { Hono } from "hono";`)).toHaveLength(1);
    expect(domainViolations(f, `import { readFile } from "node:fs";`)).toHaveLength(1);
    expect(domainViolations(f, `import { x } from "../../adapters/libsql/bets.ts";`)).toHaveLength(1);
    expect(domainViolations(f, `import type { App } from "../../api/app.ts";`)).toHaveLength(1);
    expect(domainViolations(f, `const m = await import("drizzle-orm");`)).toHaveLength(1);
    expect(domainViolations(f, `import { ok } from "../shared/result.ts";`)).toEqual([]);
    const s = join(ROOT, "site/src/islands/x.tsx");
    expect(siteViolations(s, `import { PlaceBetBody } from "../../../api/schemas/bets.ts";`)).toHaveLength(1);
    expect(siteViolations(s, `import type { Bet } from "../../../api/schemas/bets.ts";`)).toEqual([]);
    expect(siteViolations(s, `import { createApp } from "../../../api/app.ts";`)).toHaveLength(1);
    expect(siteViolations(s, `import { addSelection } from "../../../domain/betting/slip.ts";`)).toEqual([]);
  });
});
