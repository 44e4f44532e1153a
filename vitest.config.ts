import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["domain/**/*.test.ts", "adapters/**/*.test.ts", "api/**/*.test.ts", "site/src/**/*.test.ts", "tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**", "dist/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Builds the migrated template database every test database is copied from (tests/fixtures/template-db.ts).
    globalSetup: ["tests/fixtures/global-setup.ts"],
  },
});
