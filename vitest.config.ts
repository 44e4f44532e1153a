import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files known to take a long time of their own (they start servers of their own) start first. Without a results cache (a clean clone,
 * CI) Vitest runs larger files first, and the small benchmark smoke test, which starts servers and
 * runs every benchmark for a second, came last: one fork worked through it alone while the other
 * had finished.
 */
const LONG_FILES = ["tests/bench/smoke.test.ts", "tests/entries/full-match.test.ts", "tests/entries/payments-crash.test.ts", "tests/entries/two-instances.test.ts", "tests/entries/crash-recovery.test.ts"];
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const long = (f: TestSpecification) => LONG_FILES.some((l) => f.moduleId.endsWith(l));
    return [...sorted.filter(long), ...sorted.filter((f) => !long(f))];
  }
}

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
    sequence: { sequencer: LongFilesFirst },
  },
});
