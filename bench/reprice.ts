/**
 * How long one repricing of every live event takes: the pure pricing (every market of every live
 * event priced from its stored state and model) and one whole demo-feed tick (read, advance, price,
 * write) on a freshly seeded database. A quick measurement for the pricing path, not a benchmark
 * with a budget. Run: PATH=$PWD/node_modules/.bin:$PATH node bench/reprice.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../adapters/libsql/index.ts";
import { seedDemoData } from "../adapters/libsql/seed.ts";
import { randomIds } from "../adapters/system/clock.ts";
import { DemoFeed } from "../adapters/feed/demo-feed.ts";
import { priceMarket } from "../domain/pricing/index.ts";
import type { MarketSpec, MatchModel, MatchState, MarketType } from "../domain/shared/types.ts";

const ROUNDS = Number(process.env.ROUNDS || 200);
const dir = mkdtempSync(join(tmpdir(), "bench-reprice-"));
const database = await openDatabase({ url: `file:${join(dir, "r.db")}` });
await seedDemoData(database, randomIds);
const c = database.client;
const events = await c.execute("SELECT id, state, model FROM events WHERE status = 'live'");
const rows = await c.execute(
  `SELECT m.event_id, m.id, m.type, m.line, o.code FROM markets m JOIN outcomes o ON o.market_id = m.id
   WHERE m.event_id IN (SELECT id FROM events WHERE status = 'live') ORDER BY m.id, o.sort_order`,
);
const specs = new Map<string, MarketSpec[]>();
const byMarket = new Map<string, MarketSpec>();
for (const r of rows.rows) {
  let s = byMarket.get(String(r.id));
  if (!s) {
    s = { type: r.type as MarketType, line: r.line === null ? null : Number(r.line), codes: [] };
    byMarket.set(String(r.id), s);
    specs.set(String(r.event_id), [...(specs.get(String(r.event_id)) ?? []), s]);
  }
  (s.codes as string[]).push(String(r.code));
}
const live = events.rows.map((e) => ({
  state: JSON.parse(String(e.state)) as MatchState,
  model: JSON.parse(String(e.model)) as MatchModel,
  markets: specs.get(String(e.id)) ?? [],
}));
const pricing = () => {
  for (const e of live) for (const m of e.markets) priceMarket(m, e.state, e.model);
};
for (let i = 0; i < 20; i++) pricing();
let t = performance.now();
for (let i = 0; i < ROUNDS; i++) pricing();
const pure = (performance.now() - t) / ROUNDS;

let now = Date.now();
const feed = new DemoFeed(c, { intervalMs: 3000, now: () => new Date(now) });
await feed.tick();
const ticks: number[] = [];
for (let i = 0; i < 30; i++) {
  now += 3000;
  t = performance.now();
  await feed.tick();
  ticks.push(performance.now() - t);
}
ticks.sort((a, b) => a - b);
console.log(`${live.length} live events, ${byMarket.size} markets`);
console.log(`pricing every market of every live event: ${pure.toFixed(3)} ms (mean of ${ROUNDS})`);
console.log(`one demo-feed tick (read, advance, price, write): median ${ticks[15].toFixed(1)} ms, max ${ticks[29].toFixed(1)} ms`);
database.close();
rmSync(dir, { recursive: true, force: true });
