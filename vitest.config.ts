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
    // Builds the migrated template database every test database is copied from (tests/fixtures/template-db.ts).
    globalSetup: ["tests/fixtures/global-setup.ts"],
  },
});
