/**
 * Finishing an event whose market holds many open bets, in one process (app.request, no sockets),
 * timed apart from placing them: the bets are placed once into a database file that is kept, and
 * each run finishes the event on a fresh copy of it. Prints wall time and this process's CPU time
 * per run (CPU is steadier than wall time on a shared machine). The settle part of bench/run.ts does
 * the same over HTTP against a started server.
 * Run: PATH=$PWD/node_modules/.bin:$PATH node bench/settle-in-process.ts
 * BETS (10000), RUNS (3), MULTIPLES (0: also place this many doubles with a leg on the market),
 * PROFILE=file.cpuprofile (a CPU profile of the last run's finish only), PREPARED=file (keep the
 * database with the placed bets there and reuse it when it exists: placing them is most of the time).
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Database } from "../adapters/libsql/index.ts";
import { seedDemoData } from "../adapters/libsql/seed.ts";
import { randomIds } from "../adapters/system/clock.ts";
import { ScryptPasswordHasher } from "../adapters/system/password.ts";
import { demoCookie, inProcessApp } from "./lib/in-process-app.ts";

const BETS = Number(process.env.BETS || 10_000);
const RUNS = Number(process.env.RUNS || 3);
const MULTIPLES = Number(process.env.MULTIPLES || 0);
const json = { "content-type": "application/json" };

// A cheap password hash: the benchmark signs in demo accounts only, and times the settlement.
const appOn = (database: Database) => inProcessApp(database, new ScryptPasswordHasher({ N: 2 ** 12, r: 8, p: 1 }));

const dir = mkdtempSync(join(tmpdir(), "bench-settle-"));
const prepared = process.env.PREPARED || join(dir, "prepared.db");
type Ev = { id: string; markets: { id: string; outcomes: { id: string; odds: string }[] }[] };

async function prepare(): Promise<{ event: Ev }> {
  if (existsSync(prepared) && existsSync(`${prepared}.json`)) return JSON.parse(readFileSync(`${prepared}.json`, "utf8")) as { event: Ev };
  const database = await openDatabase({ url: `file:${prepared}` });
  await seedDemoData(database, randomIds);
  const app = appOn(database);
  const events = (await (await app.request("/api/events?status=upcoming&limit=50")).json()) as Ev[];
  const event = events[events.length - 1];
  const market = event.markets[0];
  const other = events[events.length - 2].markets[0];
  const customers = await Promise.all(Array.from({ length: 100 }, () => demoCookie(app, "customer")));
  let next = 0;
  const total = BETS + MULTIPLES;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const o = market.outcomes[i % market.outcomes.length];
      const leg = { eventId: event.id, marketId: market.id, outcomeId: o.id, odds: o.odds };
      const double = i >= BETS;
      const o2 = other.outcomes[i % other.outcomes.length];
      const selections = double ? [leg, { eventId: events[events.length - 2].id, marketId: other.id, outcomeId: o2.id, odds: o2.odds }] : [leg];
      const res = await app.request("/api/bets", {
        method: "POST",
        headers: { ...json, cookie: customers[i % customers.length] },
        body: JSON.stringify({ selections, stake: 100, betType: double ? "multiple" : "single" }),
      });
      if (res.status !== 201) throw new Error(`placing: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  await database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  database.close();
  if (process.env.PREPARED) writeFileSync(`${prepared}.json`, JSON.stringify({ event }));
  return { event };
}

const { event } = await prepare();
const rows = [];
for (let run = 1; run <= RUNS; run++) {
  const file = join(dir, `run${run}.db`);
  copyFileSync(prepared, file);
  const database = await openDatabase({ url: `file:${file}` });
  const app = appOn(database);
  const admin = await demoCookie(app, "admin");
  const patch = async (body: unknown) => {
    const res = await app.request(`/api/admin/events/${event.id}`, { method: "PATCH", headers: { ...json, cookie: admin }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`PATCH ${JSON.stringify(body)}: ${res.status} ${await res.text()}`);
  };
  await patch({ startTime: new Date(Date.now() - 60_000).toISOString() });
  await patch({ status: "live" });
  const profiler = process.env.PROFILE && run === RUNS ? new (await import("node:inspector/promises")).Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  }
  const heap = process.env.HEAPPROF && run === RUNS ? new (await import("node:inspector/promises")).Session() : null;
  if (heap) {
    heap.connect();
    await heap.post("HeapProfiler.enable");
    await heap.post("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  }
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await patch({ status: "finished", homeScore: 1, awayScore: 0 });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (heap) {
    const { profile } = await heap.post("HeapProfiler.stopSampling");
    writeFileSync(process.env.HEAPPROF!, JSON.stringify(profile));
  }
  if (profiler) {
    const { profile } = await profiler.post("Profiler.stop");
    writeFileSync(process.env.PROFILE!, JSON.stringify(profile));
  }
  const left = await database.client.execute({
    sql: "SELECT b.status AS s, COUNT(*) AS n FROM bets b JOIN bet_legs l ON l.bet_id = b.id WHERE l.market_id = ? GROUP BY b.status ORDER BY 1",
    args: [event.markets[0].id],
  });
  rows.push({ run, ms: Math.round(ms), cpuMs: Math.round((cpu.user + cpu.system) / 1000), bets: left.rows.map((r) => `${r.s} ${r.n}`).join(", ") });
  database.close();
  rmSync(file, { force: true });
  for (const s of ["-wal", "-shm"]) if (existsSync(file + s)) rmSync(file + s, { force: true });
}
console.table(rows);
rmSync(dir, { recursive: true, force: true });
