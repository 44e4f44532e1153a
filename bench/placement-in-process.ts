/**
 * Bet placement throughput through the whole app in one process (app.request, no sockets): zod
 * validation, session lookup, price checks, and the one-batch write with its guards. Prints bets/s
 * and latency percentiles. Run: PATH=$PWD/node_modules/.bin:$PATH node bench/placement-in-process.ts
 * IDEMPOTENCY_KEYS=1 sends a fresh Idempotency-Key with each bet, as the site's slip does.
 * PROFILE=file.cpuprofile writes a CPU profile of the timed placements only (not the seeding).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../adapters/libsql/index.ts";
import { seedDemoData } from "../adapters/libsql/seed.ts";
import { randomIds } from "../adapters/system/clock.ts";
import { demoCookie, inProcessApp, upcomingSelections } from "./lib/in-process-app.ts";

const CUSTOMERS = 200;
const BETS = Number(process.env.BETS || 6000);
const CONCURRENCY = Number(process.env.CONCURRENCY || 32);
/** IDEMPOTENCY_KEYS=1: each bet carries an Idempotency-Key, as the site's slip sends one. */
const KEYED = process.env.IDEMPOTENCY_KEYS === "1";

const dir = mkdtempSync(join(tmpdir(), "bench-place-"));
const database = await openDatabase({ url: `file:${join(dir, "b.db")}` });
await seedDemoData(database, randomIds);
const app = inProcessApp(database);

const cookies: string[] = [];
for (let i = 0; i < CUSTOMERS; i++) cookies.push(await demoCookie(app, "customer"));
const selections = await upcomingSelections(app);

const latencies: number[] = [];
let next = 0;
let ok = 0;
async function worker() {
  while (next < BETS) {
    const i = next++;
    const body = JSON.stringify({ selections: [selections[i % selections.length]], stake: 100, betType: "single" });
    const t0 = performance.now();
    const res = await app.request("/api/bets", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: cookies[i % CUSTOMERS], ...(KEYED ? { "idempotency-key": `bench-${i}` } : {}) },
      body,
    });
    latencies.push(performance.now() - t0);
    if (res.status === 201) ok++;
    else throw new Error(`${res.status} ${await res.text()}`);
  }
}
const profiler = process.env.PROFILE ? new (await import("node:inspector/promises")).Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post("Profiler.enable");
  await profiler.post("Profiler.setSamplingInterval", { interval: 100 });
  await profiler.post("Profiler.start");
}
const cpu0 = process.cpuUsage();
const started = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpu0);
if (profiler) {
  const { profile } = await profiler.post("Profiler.stop");
  (await import("node:fs")).writeFileSync(process.env.PROFILE!, JSON.stringify(profile));
}
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(2);
console.table([{ bets: ok, concurrency: CONCURRENCY, seconds: +seconds.toFixed(2), betsPerSecond: Math.round(ok / seconds), p50ms: pct(50), p99ms: pct(99), cpuUsPerBet: Math.round((cpu.user + cpu.system) / ok) }]);
database.close();
rmSync(dir, { recursive: true, force: true });
