/**
 * The process memory settings: glibc's malloc arenas for the Node server (the decision; the entry's
 * restart under it is in tests/entries/entries.test.ts), and the start-up collection that gives
 * memory back, run on Node and on Deno in a process of its own (the test worker's heap is shared).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { MALLOC_ARENAS, mallocArenaSettings } from "./process-memory.ts";

describe("mallocArenaSettings", () => {
  it("adds MALLOC_ARENA_MAX on Linux, keeping the rest of the environment", () => {
    expect(mallocArenaSettings({ PORT: "3000" }, "linux")).toEqual({ PORT: "3000", MALLOC_ARENA_MAX: MALLOC_ARENAS });
    expect(MALLOC_ARENAS).toBe("2");
  });

  it("changes nothing when it is already set (by us, or by the operator to another number), or off Linux", () => {
    expect(mallocArenaSettings({ MALLOC_ARENA_MAX: "2" }, "linux")).toBeNull();
    expect(mallocArenaSettings({ MALLOC_ARENA_MAX: "4" }, "linux")).toBeNull();
    expect(mallocArenaSettings({}, "darwin")).toBeNull();
  });
});

/**
 * A script that leaves what start-up leaves (dead large objects, a young generation grown by
 * allocation that survived a while), calls collectStartupGarbage, and prints the heap's spaces
 * before and after (physical bytes).
 */
const probe = (module: string) => `
import { getHeapSpaceStatistics } from "node:v8";
import { collectStartupGarbage } from ${JSON.stringify(module)};
const spaces = () => Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.physical_space_size]));
let large = Array.from({ length: 40 }, (_, i) => new Array(65536).fill(i));
let kept = [];
for (let i = 0; i < 400000; i++) { kept.push({ i, s: "x" + i }); if (kept.length > 100000) kept = []; }
const before = spaces();
large = null;
kept = null;
const ran = collectStartupGarbage();
console.log(JSON.stringify({ ran, before, after: spaces(), gcLeftGlobal: typeof globalThis.gc }));
`;

function runProbe(cmd: string, args: (file: string) => string[]) {
  const dir = mkdtempSync(join(tmpdir(), "process-memory-"));
  try {
    const file = join(dir, "probe.mjs");
    writeFileSync(file, probe(resolve(import.meta.dirname, "process-memory.ts")));
    return JSON.parse(execFileSync(cmd, args(file), { encoding: "utf8" }).trim().split("\n").pop()!) as {
      ran: boolean;
      before: Record<string, number>;
      after: Record<string, number>;
      gcLeftGlobal: string;
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("collectStartupGarbage", () => {
  const MB = 1024 * 1024;
  const runtimes = [
    ["Node", () => runProbe(process.execPath, (f) => [f])],
    ["Deno", () => runProbe(resolve(import.meta.dirname, "../../node_modules/.bin/deno"), (f) => ["run", "--allow-read", "--allow-env", f])],
  ] as const;
  for (const [runtime, run] of runtimes) {
    it(`on ${runtime}: frees the dead large objects and shrinks the young generation, without a command-line flag`, { timeout: 120_000 }, () => {
      const r = run();
      expect(r.ran).toBe(true);
      // 40 arrays of 512 KB were dead: the large-object space gives back nearly all of it.
      expect(r.before.large_object_space).toBeGreaterThan(15 * MB);
      expect(r.after.large_object_space).toBeLessThan(r.before.large_object_space - 15 * MB);
      // The young generation had grown past its minimum; after, it is back there.
      expect(r.before.new_space).toBeGreaterThan(4 * MB);
      expect(r.after.new_space).toBeLessThan(r.before.new_space / 2);
      // The flag is off again: no global gc for code loaded later.
      expect(r.gcLeftGlobal).toBe("undefined");
    });
  }
});
