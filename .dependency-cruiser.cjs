/**
 * The dependency rules, run by `npm run lint:deps` (first in `npm test`, right after the typecheck):
 * no import cycles, no orphan modules, and the layers of docs/architecture.md. knip.jsonc covers the
 * other half: files nothing reaches and exports nothing imports.
 *
 * Type-only imports count (tsPreCompilationDeps): a cycle through types still ties two files together.
 */

/** Files nothing imports on purpose: what a runtime, a tool or a test runner starts. */
const ENTRIES = [
  "^api/(node|deno)\\.ts$", // the two servers
  "^bench/", // benchmark scripts, run by npm run bench*
  "^scripts/", // maintenance scripts (calibrate, staff, generated data)
  "\\.test\\.tsx?$", // vitest files
  "^tests/e2e/.+\\.spec\\.ts$", // Playwright journeys
  "^tests/fixtures/global-setup\\.ts$", // vitest's globalSetup
  "^site/src/pages/", // Astro routes
  "^site/src/components/landing-icons\\.ts$", // read only by index.astro, whose imports the cruiser does not parse
  "(^|/)[^/]+\\.config\\.(ts|mjs|cjs)$", // tool configs
  "\\.d\\.ts$", // ambient declarations
  "^\\.dependency-cruiser\\.cjs$",
];

/** The composition root and the entries: the only files of api/ that construct adapters. */
const API_COMPOSITION = "^api/(node|deno|bootstrap)\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Two modules that import each other cannot be understood, tested or moved apart.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-orphans",
      severity: "error",
      comment: "A module nothing imports and that imports nothing is dead, unless it is an entry (ENTRIES).",
      from: { orphan: true, pathNot: ENTRIES },
      to: {},
    },
    {
      name: "domain-imports-only-domain",
      severity: "error",
      comment: "domain/ is pure: no api/, adapters/, site/, framework or node:* (its tests may import vitest).",
      from: { path: "^domain/", pathNot: "\\.test\\.ts$" },
      to: { pathNot: "^domain/" },
    },
    {
      name: "domain-tests-import-domain-and-vitest",
      severity: "error",
      comment: "A unit test beside the domain code exercises it with the test runner and nothing else.",
      from: { path: "^domain/.+\\.test\\.ts$" },
      to: { pathNot: ["^domain/", "^node_modules/vitest/", "^node_modules/@vitest/"] },
    },
    {
      name: "site-imports-no-server-code",
      severity: "error",
      comment:
        "site/ reaches the server over HTTP: of the repository's own files it imports only site/, pure domain/ rules and api/schemas types.",
      from: { path: "^site/" },
      to: { dependencyTypes: ["local"], pathNot: "^(site|domain|api/schemas)/" },
    },
    {
      name: "site-imports-api-schemas-as-types-only",
      severity: "error",
      comment: "A value import of a zod schema would ship the schema library (and the server's code) to the browser.",
      from: { path: "^site/" },
      to: { path: "^api/schemas/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "nothing-imports-site",
      severity: "error",
      comment: "The site is a client of the API; the server and the rules never depend on it.",
      from: { path: "^(domain|api|adapters|bench|scripts)/" },
      to: { path: "^site/" },
    },
    {
      name: "api-imports-no-adapters",
      severity: "error",
      comment: "api/ only wires: apart from the entries and bootstrap.ts it reaches adapters through ports.",
      from: { path: "^api/", pathNot: [API_COMPOSITION, "\\.test\\.ts$"] },
      to: { path: "^adapters/" },
    },
    {
      name: "api-imports-no-node-builtins",
      severity: "error",
      comment: "Runtime services (clock, hashing, files) reach api/ through AppDeps, so the app runs on Node and Deno alike.",
      from: { path: "^api/", pathNot: [API_COMPOSITION, "\\.test\\.ts$"] },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "routes-import-no-database-driver",
      severity: "error",
      comment: "A route calls use cases, which reach the database through ports: it never talks to the driver itself.",
      from: { path: "^api/routes/", pathNot: "\\.test\\.ts$" },
      to: { path: "^(node_modules/)?@libsql/" },
    },
    {
      name: "adapters-import-no-api",
      severity: "error",
      comment: "Adapters implement domain ports; the HTTP layer depends on them, never the other way.",
      from: { path: "^adapters/", pathNot: "\\.test\\.ts$" },
      to: { path: "^api/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|\\.astro)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mjs", ".js", ".cjs", ".json"] },
  },
};
