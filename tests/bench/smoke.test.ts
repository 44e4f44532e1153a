/**
 * The benchmark suite still runs: every benchmark of `npm run bench` (bench/run.ts) for about a
 * second at small sizes, on the Node entry, so a new guard or refusal that breaks a benchmark is
 * caught by `npm test` rather than by the next person to measure. It asserts that the run completes
 * and that what each benchmark was answered is what the database stored (bench/run.ts "checks"),
 * never how fast anything was. Lighthouse is left out (a browser run of its own); page weights need
 * the built site, which `npm test` builds first, and are skipped when there is none.
 */
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../../", import.meta.url).pathname;

describe("benchmark suite smoke run", () => {
  it("runs every benchmark briefly and each stored what it was answered", { timeout: 900_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "bench-smoke-"));
    const out = join(dir, "bench.json");
    const only = ["ceilings", "live-odds", "placement", "stream", "settle", "overload", "registration", ...(existsSync(join(root, "dist")) ? ["pages"] : [])];
    try {
      const env = {
        ...process.env,
        // Every server the run starts takes a free port from the system (bench/lib/server.ts reads it).
        BENCH_PORT: "0",
        BENCH_DURATION: "1",
        BENCH_WARMUP: "1",
        BENCH_CEILING_SECONDS: "1",
        BENCH_SETTLE_BETS: "200",
        BENCH_STREAM_SUBSCRIBERS: "50",
        BENCH_REGISTRATION_SECONDS: "2",
        BENCH_OVERLOAD_RATE: "300",
        BENCH_STEADY_RATE: "100",
        BENCH_CUSTOMERS: "20",
        BENCH_LIGHTHOUSE: "0",
      };
      const child = spawn(process.execPath, ["bench/run.ts", `--only=${only.join(",")}`, `--json=${out}`], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
      let log = "";
      child.stdout.on("data", (d) => (log += d));
      child.stderr.on("data", (d) => (log += d));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code, log.slice(-4000)).toBe(0);
      const result = JSON.parse(readFileSync(out, "utf8")) as { rows: { measure: string }[]; checks: { measure: string; ok: boolean; detail: string }[] };
      // One consistency check per benchmark that ran, and every one holds.
      expect(result.checks.map((c) => c.measure).sort()).toEqual(
        ["ceiling", "placement steady", "placement flat out", "stream", "settle", "overload", "registration", ...(only.includes("pages") ? ["pages"] : [])].sort(),
      );
      for (const c of result.checks) expect(c.ok, `${c.measure}: ${c.detail}`).toBe(true);
      expect(result.rows.length).toBeGreaterThanOrEqual(8);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the trigger-cost benchmark replays placement writes with each trigger dropped", { timeout: 300_000 }, async () => {
    const env = { ...process.env, N: "8", ROUNDS: "1", CUSTOMERS: "5", CAPTURE: "20" };
    const child = spawn(process.execPath, ["bench/trigger-cost.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    child.stdout.on("data", (d) => (log += d));
    child.stderr.on("data", (d) => (log += d));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code, log.slice(-4000)).toBe(0);
    // The price guard is measured; a write refused without a trigger it needs is reported as such.
    expect(log).toMatch(/bet_legs_price_guard'\s*│\s*'bet_legs'\s*│\s*-?\d/);
    expect(log).toMatch(/ledger_transactions_open'\s*│\s*'ledger_transactions'\s*│\s*'writes refused without it'/);
    // And the triggers it can do without, dropped together (the write still placed without them).
    expect(log).toMatch(/the \d+ triggers a placement fires and does not need, together: -?\d+(\.\d)? µs per write \(the write without them: \d+(\.\d)? µs/);
  });
});
