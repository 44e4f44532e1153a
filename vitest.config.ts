import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["domain/**/*.test.ts", "adapters/**/*.test.ts", "api/**/*.test.ts", "site/src/**/*.test.ts", "tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**", "dist/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one fork fewer than the cores: ONE on a 2-core machine, leaving a core idle
    // while a test waits on its database or a child server. Two forks there; cores - 1 above that.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A fork runs file after file with the modules it has loaded (Vitest's default starts a fresh
    // module graph per file: the app's ~600 modules imported 272 times, half of the run). Measured
    // here on 2 cores: 84 s instead of 279 s for the same 272 files. So a test file must leave no
    // state behind in a module: restore what it changes (process.env, clocks) in afterEach/afterAll;
    // each test app has its own database (tests/fixtures/test-app.ts).
    isolate: false,
    // Builds the migrated template database every test database is copied from (tests/fixtures/template-db.ts).
    globalSetup: ["tests/fixtures/global-setup.ts"],
  },
});
