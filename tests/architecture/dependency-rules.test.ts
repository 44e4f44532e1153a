/**
 * The rules of `.dependency-cruiser.cjs` can fail. `npm run lint:deps` runs them over the real code,
 * where a clean report cannot tell a kept rule from one that matches nothing (a mistyped path, a
 * renamed folder, a wrong dependency type). Here dependency-cruiser's own API runs the project's
 * real rule set over a small throw-away tree with one offending import per file, and each rule must
 * report exactly the imports it exists to catch, while the files that keep the rules report nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { cruise, type IViolation } from "dependency-cruiser";
import extractDepcruiseConfig from "dependency-cruiser/config-utl/extract-depcruise-config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** For each rule: the files that break it, and what it must report (`from -> to`). */
const CASES: Record<string, { files: Record<string, string>; reports: string[] }> = {
  "no-circular": {
    files: {
      "domain/cycle/a.ts": `import { b } from "./b.ts";\nexport const a = () => b;`,
      "domain/cycle/b.ts": `import { a } from "./a.ts";\nexport const b = () => a;`,
    },
    // A cycle is reported once, from the edge the walk (in file order) meets first.
    reports: ["domain/cycle/a.ts -> domain/cycle/b.ts"],
  },
  "no-orphans": {
    files: { "domain/betting/forgotten.ts": `export const nobody = 1;` },
    reports: ["domain/betting/forgotten.ts -> domain/betting/forgotten.ts"],
  },
  "domain-imports-only-domain": {
    files: {
      "domain/betting/uses-hono.ts": `import { Hono } from "hono";\nexport const app = new Hono();`,
      "domain/betting/reads-files.ts": `import { readFile } from "node:fs";\nexport const read = readFile;`,
      "domain/betting/uses-adapter.ts": `import { bets } from "../../adapters/libsql/bets.ts";\nexport const b = bets;`,
      "domain/betting/types-from-api.ts": `import type { App } from "../../api/app.ts";\nexport type A = App;`,
      "domain/betting/loads-orm.ts": `export const orm = () => import("drizzle-orm");`,
    },
    reports: [
      "domain/betting/loads-orm.ts -> drizzle-orm",
      "domain/betting/reads-files.ts -> fs",
      "domain/betting/types-from-api.ts -> api/app.ts",
      "domain/betting/uses-adapter.ts -> adapters/libsql/bets.ts",
      "domain/betting/uses-hono.ts -> hono",
    ],
  },
  "domain-tests-import-domain-and-vitest": {
    files: { "domain/betting/serves.test.ts": `import { it } from "vitest";\nimport { Hono } from "hono";\nit("serves", () => new Hono());` },
    reports: ["domain/betting/serves.test.ts -> hono"],
  },
  "site-imports-no-server-code": {
    files: {
      "site/src/islands/builds-app.tsx": `import { createApp } from "../../../api/app.ts";\nexport const app = createApp();`,
      "site/src/islands/opens-db.tsx": `import { openDatabase } from "../../../adapters/libsql/index.ts";\nexport const db = openDatabase;`,
      "site/src/islands/seeds.tsx": `import { seed } from "../../../tests/fixtures/seed.ts";\nexport const s = seed;`,
    },
    reports: [
      "site/src/islands/builds-app.tsx -> api/app.ts",
      "site/src/islands/opens-db.tsx -> adapters/libsql/index.ts",
      "site/src/islands/seeds.tsx -> tests/fixtures/seed.ts",
    ],
  },
  "site-imports-api-schemas-as-types-only": {
    files: { "site/src/islands/parses.tsx": `import { PlaceBetBody } from "../../../api/schemas/bets.ts";\nexport const p = PlaceBetBody;` },
    reports: ["site/src/islands/parses.tsx -> api/schemas/bets.ts"],
  },
  "nothing-imports-site": {
    files: { "api/renders.ts": `import { BetSlip } from "../site/src/islands/bet-slip.tsx";\nexport const r = BetSlip;` },
    reports: ["api/renders.ts -> site/src/islands/bet-slip.tsx"],
  },
  "api-imports-no-adapters": {
    files: {
      "api/routes/hashes.ts": `import { ScryptPasswordHasher } from "../../adapters/system/password.ts";\nexport const h = ScryptPasswordHasher;`,
      "api/routes/leads.ts": `import type { Leadership } from "../../adapters/libsql/lease.ts";\nexport type L = Leadership;`,
    },
    reports: ["api/routes/hashes.ts -> adapters/system/password.ts", "api/routes/leads.ts -> adapters/libsql/lease.ts"],
  },
  "api-imports-no-node-builtins": {
    files: { "api/routes/digests.ts": `import { createHash } from "node:crypto";\nexport const h = createHash;` },
    reports: ["api/routes/digests.ts -> crypto"],
  },
  "routes-import-no-database-driver": {
    files: {
      "api/routes/queries.ts": `import type { Client } from "@libsql/client";\nexport type C = Client;`,
      "api/routes/connects.ts": `export const connect = () => import("@libsql/client/web");`,
    },
    reports: ["api/routes/connects.ts -> @libsql/client", "api/routes/queries.ts -> @libsql/client"],
  },
  "adapters-import-no-api": {
    files: { "adapters/system/reads-deps.ts": `import type { AppDeps } from "../../api/env.ts";\nexport type D = AppDeps;` },
    reports: ["adapters/system/reads-deps.ts -> api/env.ts"],
  },
};

/** Files that keep every rule: the targets of the cases above, and the imports each rule allows. */
const CLEAN: Record<string, string> = {
  "domain/shared/result.ts": `export const ok = <T>(value: T) => ({ ok: true, value });`,
  "domain/betting/slip.ts": `import { ok } from "../shared/result.ts";\nexport const addSelection = () => ok(1);`,
  "domain/betting/slip.test.ts": `import { it } from "vitest";\nimport { addSelection } from "./slip.ts";\nit("adds", () => addSelection());`,
  "adapters/libsql/bets.ts": `import { ok } from "../../domain/shared/result.ts";\nexport const bets = ok([]);`,
  "adapters/libsql/index.ts": `import { createClient } from "@libsql/client";\nexport const openDatabase = createClient;`,
  "adapters/libsql/lease.ts": `import { ok } from "../../domain/shared/result.ts";\nexport type Leadership = ReturnType<typeof ok>;`,
  "adapters/system/password.ts": `import { scrypt } from "node:crypto";\nexport const ScryptPasswordHasher = scrypt;`,
  "api/app.ts": `import { Hono } from "hono";\nexport const createApp = () => new Hono();\nexport type App = ReturnType<typeof createApp>;`,
  "api/env.ts": `import type { Client } from "@libsql/client";\nexport type AppDeps = { db: Client };`,
  "api/schemas/bets.ts": `import { z } from "zod";\nexport const PlaceBetBody = z.object({});\nexport type Bet = z.infer<typeof PlaceBetBody>;`,
  "api/bootstrap.ts": `import { openDatabase } from "../adapters/libsql/index.ts";\nexport const boot = openDatabase;`,
  "api/node.ts": `import { createServer } from "node:http";\nimport { createApp } from "./app.ts";\nimport { boot } from "./bootstrap.ts";\ncreateServer();\ncreateApp();\nboot;`,
  "api/app.test.ts": `import { it } from "vitest";\nimport { openDatabase } from "../adapters/libsql/index.ts";\nit("opens", () => openDatabase);`,
  "api/routes/slips.ts": `import { addSelection } from "../../domain/betting/slip.ts";\nexport const route = () => addSelection();`,
  "site/src/islands/bet-slip.tsx": [
    `import { useState } from "react";`,
    `import type { Bet } from "../../../api/schemas/bets.ts";`,
    `import { addSelection } from "../../../domain/betting/slip.ts";`,
    `export const BetSlip = (props: { bet: Bet }) => useState(addSelection())[0] && props.bet;`,
  ].join("\n"),
  "tests/fixtures/seed.ts": `import { openDatabase } from "../../adapters/libsql/index.ts";\nexport const seed = openDatabase;`,
  "scripts/calibrate.ts": `console.log("an entry: nothing imports it and it imports nothing");`,
};

const TREE = { ...CLEAN, ...Object.assign({}, ...Object.values(CASES).map((c) => c.files)) } as Record<string, string>;

/** A file of the tree by its path, a package by its name (however its entry point resolves). */
function targetName(to: string): string {
  if (to in TREE) return to;
  return /^(?:node_modules\/)?(?:node:)?((?:@[^/]+\/)?[^/]+)/.exec(to)?.[1] ?? to;
}

let dir = "";
let ruleNames: string[] = [];
let cruised: string[] = [];
let violations: IViolation[] = [];

beforeAll(async () => {
  const config = await extractDepcruiseConfig(join(ROOT, ".dependency-cruiser.cjs"));
  ruleNames = (config.forbidden ?? []).map((rule) => rule.name ?? "");
  dir = mkdtempSync(join(tmpdir(), "dependency-rules-"));
  for (const [path, source] of Object.entries(TREE)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  // Packages resolve from the project's own node_modules, under the path the rules name (node_modules/...).
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  // The project's options, pointed at the tree. Its tsconfig is left out: it declares no path aliases,
  // so it changes no resolution, and its file list names the real folders.
  const { tsConfig: _tsConfig, ...options } = config.options ?? {};
  const result = await cruise(["adapters", "api", "domain", "scripts", "site", "tests"], {
    ...options,
    baseDir: dir,
    preserveSymlinks: true,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  if (typeof result.output === "string") throw new Error("dependency-cruiser returned a report instead of a result");
  cruised = result.output.modules.map((m) => m.source);
  violations = result.output.summary.violations;
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the dependency-cruiser rules", () => {
  it("have a case each, and cruise every file of the tree", () => {
    expect(Object.keys(CASES).sort()).toEqual([...ruleNames].sort());
    expect(cruised.filter((source) => source in TREE).sort()).toEqual(Object.keys(TREE).sort());
  });

  it.each(Object.keys(CASES))("%s reports exactly the imports it is meant to catch", (rule) => {
    const reported = violations.filter((v) => v.rule.name === rule).map((v) => `${v.from} -> ${targetName(v.to)}`);
    expect(reported.sort()).toEqual([...CASES[rule].reports].sort());
  });

  it("report nothing from the files that keep them", () => {
    expect(violations.filter((v) => v.from in CLEAN).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  });
});
