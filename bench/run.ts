/**
 * The benchmark suite (issue: fast on one machine). `npm run bench` builds the site, then for the
 * chosen runtime (default Node; `-- --deno` for the Deno entry) starts the product on a fresh
 * database and measures, with the load generator (autocannon) on the same machine:
 *   ceilings   a bare Hono handler (req/s), and the placement's own statements on the database alone:
 *              one bet per transaction, and group-committed as the server's writer does (writes/s)
 *   live-odds  GET /api/live-odds, full responses and ETag revalidations (304)
 *   placement  POST /api/bets from many customers: a steady 2,000/s for 30 s (p99), then flat out for
 *              30 s (capacity, ratio to the group-committed ceiling); both checked against the database
 *   overload   a fresh process offered 3,000 bets/s for 30 s from 1,000 connections: accepted/s, p99 of
 *              the accepted, the slowest answer, 503 BET.BUSY refusals, 5xx, every 201 stored
 *   stream     5,000 concurrent subscribers of /api/live-odds/stream, one price change delivered to all
 *   settle     finishing an event with 10,000 open bets on a market (its score settles them), then
 *              settling that market again (changes nothing)
 *   registration  a fresh process offered 5 registrations/s for 20 s (p99; every 201 an account)
 *   pages      JavaScript per page (gzip) and Lighthouse on the landing page (Node run only)
 * The GET measurements (the ceiling and live odds) sample after a 3 s warm-up at the same load, so a
 * freshly started process's JIT compilation is not counted against whichever runs first.
 * Prints one table; `--write` appends it with the machine to docs/benchmarks.md.
 * The stream measurement runs on a second freshly started process (its memory is the subscribers').
 * Options: --deno, --only=a,b, --duration=30, --write, --json=file (rows and consistency checks).
 * Sizes, for a quick run (the smoke test, tests/bench/smoke.test.ts): BENCH_DURATION (s, as
 * --duration), BENCH_WARMUP (s, default 3), BENCH_CEILING_SECONDS (5), BENCH_SETTLE_BETS (10000),
 * BENCH_STREAM_SUBSCRIBERS (5000), BENCH_REGISTRATION_SECONDS (20), BENCH_OVERLOAD_RATE (3000),
 * BENCH_STEADY_RATE (2000), BENCH_CUSTOMERS (300), BENCH_LIGHTHOUSE=0 (skip Lighthouse), BENCH_PORT (4400; uses it to +40; 0: a free port from the system for each server).
 */
import autocannon from "autocannon";
import { cpus, totalmem, release } from "node:os";
import { appendFileSync } from "node:fs";
import { openServerDatabase } from "./lib/db.ts";
import { libsqlPlacementCeiling } from "./lib/ceiling-libsql.ts";
import { startCeiling, startProduct, waitFor, type RunningServer } from "./lib/server.ts";
import { streamFanOut } from "./lib/stream.ts";
import { settleLargeMarket } from "./lib/settle.ts";
import { pageWeights, lighthouseLanding } from "./lib/pages.ts";
import { paced } from "./lib/paced.ts";
import { placementLoad } from "./lib/placement-load.ts";
import { registrationLoad } from "./lib/registration-load.ts";
import { writeFileSync } from "node:fs";

const argv = process.argv.slice(2);
const runtime: "node" | "deno" = argv.includes("--deno") ? "deno" : "node";
const only = argv.find((a) => a.startsWith("--only="))?.slice(7).split(",");
const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const duration = Number(argv.find((a) => a.startsWith("--duration="))?.slice(11) ?? env("BENCH_DURATION", 30));
const jsonOut = argv.find((a) => a.startsWith("--json="))?.slice(7);
const want = (name: string) => !only || only.includes(name);
/** What the runs answered against what the database holds: the smoke test asserts these, never speed. */
const checks: { measure: string; ok: boolean; detail: string }[] = [];
const check = (measure: string, ok: boolean, detail: string) => checks.push({ measure, ok, detail });

interface Row {
  measure: string;
  result: string;
  ceiling: string;
  ratio: string;
  target: string;
  met: string;
}
const rows: Row[] = [];
const fmt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "n/a");
const row = (measure: string, result: string, target = "", met: boolean | null = null, ceiling = "", ratio = "") =>
  rows.push({ measure, result, ceiling, ratio, target, met: met === null ? "" : met ? "yes" : "NO" });

async function cannon(opts: autocannon.Options & { warmup?: { connections: number; duration: number } }): Promise<autocannon.Result> {
  const { warmup, ...measured } = opts;
  const once = (o: autocannon.Options) =>
    new Promise<autocannon.Result>((resolve, reject) => autocannon(o, (err, res) => (err ? reject(err) : resolve(res))));
  // The same requests first, unsampled (autocannon's own `warmup` only works without a callback).
  if (warmup) await once({ ...measured, ...warmup });
  return await once(measured);
}

const CONNECTIONS = 64;
// Load sent before sampling starts; its requests are not in the result.
const WARMUP = { connections: CONNECTIONS, duration: env("BENCH_WARMUP", 3) };
// BENCH_PORT moves the servers (the ceiling on it, the products on it + 10 ... + 40) when another run
// holds them; BENCH_PORT=0 lets the system give each a free port (the test suite's smoke run does).
const PORT = Number(process.env.BENCH_PORT ?? 4400);
const portAt = (offset: number) => (PORT === 0 ? 0 : PORT + offset);
let ceilingRps = NaN;
let libsqlCeiling = NaN;

if (want("ceilings")) {
  const { child, url: ceilingUrl } = await startCeiling(runtime, portAt(0));
  await waitFor(`${ceilingUrl}/json`);
  const r = await cannon({ url: `${ceilingUrl}/json`, connections: CONNECTIONS, duration: Math.min(10, duration), warmup: WARMUP });
  ceilingRps = r.requests.average;
  child.kill();
  row("ceiling: bare Hono JSON handler", `${fmt(ceilingRps)} req/s, p99 ${r.latency.p99} ms`);
  const w = await libsqlPlacementCeiling(env("BENCH_CEILING_SECONDS", 5));
  row("ceiling: placement statements, one bet per transaction", `${fmt(w.oneAtATime.writesPerSecond)} writes/s`);
  row("ceiling: placement statements, group-committed", `${fmt(w.groupCommitted.writesPerSecond)} writes/s (${fmt(w.groupCommitted.writes / Math.max(1, w.groupCommitted.groups))} per commit)`);
  check("ceiling", w.stored === w.oneAtATime.writes + w.groupCommitted.writes && w.oneAtATime.writes > 0 && w.groupCommitted.writes > 0, `${w.stored} stored of ${w.oneAtATime.writes} + ${w.groupCommitted.writes} written`);
  libsqlCeiling = w.groupCommitted.writesPerSecond;
}

const server: RunningServer = await startProduct({ runtime, port: portAt(10), env: { FEED_INTERVAL_MS: "3000", BENCH_MODE: "1" } });
try {
  if (want("live-odds")) {
    const url = `${server.url}/api/live-odds`;
    // As a browser polls: it always sends Accept-Encoding, and gets the gzip copy made with the snapshot.
    const browser = { "accept-encoding": "gzip, deflate, br, zstd" };
    const r = await cannon({ url, connections: CONNECTIONS, duration: Math.min(10, duration), headers: browser, warmup: WARMUP });
    const ratio = r.requests.average / ceilingRps;
    row("GET /api/live-odds (200, as a browser: gzip)", `${fmt(r.requests.average)} req/s, p99 ${r.latency.p99} ms`, ">= 60% of ceiling", ratio >= 0.6, fmt(ceilingRps), `${(ratio * 100).toFixed(0)}%`);
    const plain = await cannon({ url, connections: CONNECTIONS, duration: Math.min(10, duration), warmup: WARMUP });
    row("GET /api/live-odds (200, no Accept-Encoding)", `${fmt(plain.requests.average)} req/s, p99 ${plain.latency.p99} ms`, "", null, fmt(ceilingRps), `${((plain.requests.average / ceilingRps) * 100).toFixed(0)}%`);
    // Unchanged polls: the feed moves prices every few seconds, so refresh the ETag as a browser would.
    let etag = (await fetch(url)).headers.get("etag") ?? "";
    const refresh = setInterval(async () => (etag = (await fetch(url)).headers.get("etag") ?? etag), 250);
    const r304 = await cannon({
      url,
      connections: CONNECTIONS,
      duration: Math.min(10, duration),
      warmup: WARMUP,
      requests: [{ method: "GET", setupRequest: (req) => ({ ...req, headers: { ...browser, "if-none-match": etag } }) }],
    });
    clearInterval(refresh);
    row("GET /api/live-odds with If-None-Match", `${fmt(r304.requests.average)} req/s, p99 ${r304.latency.p99} ms, ${r304.non2xx} x 304 of ${r304.requests.total}`, "", null, fmt(ceilingRps), `${((r304.requests.average / ceilingRps) * 100).toFixed(0)}%`);
  }

  if (want("placement")) {
    const CUSTOMERS = env("BENCH_CUSTOMERS", 300);
    const bet = await placementLoad(server.url, CUSTOMERS);
    // A connection of its own for each count, so none stays open on the server's database while it
    // is measured.
    const storedOn = async (dbPath: string) => {
      const db = openServerDatabase(dbPath);
      try {
        return Number((await db.execute("SELECT COUNT(*) AS n FROM bets b JOIN users u ON u.id = b.user_id WHERE u.is_demo = 1")).rows[0].n);
      } finally {
        db.close();
      }
    };
    const storedBets = () => storedOn(server.dbPath);

    // The target: 2,000 bets/s arriving at a steady rate for 30 s (open model: each bet leaves when
    // it is due, whatever the latency; bench/lib/paced.ts), over 64 keep-alive connections, after 5 s
    // at the same rate unsampled. Latency counts from when each bet was due.
    const RATE = env("BENCH_STEADY_RATE", 2000);
    const before = await storedBets();
    const steady = await paced({ url: server.url, ratePerSecond: RATE, durationSeconds: duration, warmupSeconds: env("BENCH_WARMUP", 5), connections: CONNECTIONS, request: bet });
    const steadyStored = (await storedBets()) - before;
    const l = steady.latency;
    row(
      `POST /api/bets at a steady ${fmt(RATE)}/s, ${CUSTOMERS} customers, ${duration} s`,
      `${fmt(steady.perSecond)} bets/s, p50 ${l.p50} ms, p90 ${l.p90} ms, p99 ${l.p99} ms, max ${l.max} ms, ${steady.other} refused, ${steady.errors} errors, ` +
        `${steadyStored} stored (${steady.all2xx} answered with the warm-up); p99 per second: ${steady.p99BySecond.join(" ")}`,
      "2,000/s for 30 s, p99 < 50 ms, every answered bet stored",
      steady.perSecond >= RATE * 0.99 && l.p99 < 50 && steady.other + steady.errors === 0 && steadyStored === steady.all2xx,
    );
    check("placement steady", steadyStored === steady.all2xx && steady.all2xx > 0, `${steadyStored} stored, ${steady.all2xx} answered 201`);

    // Capacity: as many bets as 64 connections can place (closed loop: each sends its next bet when
    // the last is answered), after 3 s of the same unsampled. Its latency is set by the connection
    // count (mean = 64 / throughput), so it is reported, not judged; the ratio to the ceiling is.
    // On a process of its own with the admission gate's busy signal off: a closed loop answers each
    // refusal at once with another request, so on a busy thread the refusals themselves become the
    // load (with the signal on, 64 connections placed ~320 bets/s among ~10,000 refusals/s). The
    // steady and overload runs keep the product's defaults.
    const capacity = await startProduct({ runtime, port: portAt(25), env: { FEED_INTERVAL_MS: "3000", BENCH_MODE: "1", ADMISSION_MAX_BUSY_PERCENT: "100" } });
    try {
      const capacityBet = await placementLoad(capacity.url, CUSTOMERS);
      const storedBets = () => storedOn(capacity.dbPath);
      let n = 0;
      const flatOut = { url: capacity.url, connections: CONNECTIONS, requests: [{ method: "POST", path: "/api/bets", setupRequest: (req: autocannon.Request) => ({ ...req, ...capacityBet(n++) }) }] };
      const start = await storedBets();
      const warm = await cannon({ ...flatOut, duration: WARMUP.duration });
      const r = await cannon({ ...flatOut, duration });
      await new Promise((res) => setTimeout(res, 500)); // the last bets in flight land
      const stored = (await storedBets()) - start;
      const ok = r["2xx"];
      const perSecond = ok / duration;
      const ratio = perSecond / libsqlCeiling;
      // Every answered bet is stored. Requests still in flight when the load generator stops are
      // placed by the server but not counted by autocannon, so up to `sent - answered` more are stored.
      const answered = warm["2xx"] + ok;
      const sent = warm.requests.sent + r.requests.sent - warm.non2xx - r.non2xx;
      row(
        `POST /api/bets flat out, 64 connections, ${duration} s (capacity; gate's busy signal off)`,
        `${fmt(perSecond)} bets/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx} refused, ${r.errors} errors, ${stored} stored (${answered} answered with the warm-up, ${sent - answered} in flight at the ends)`,
        ">= 2,600/s, >= 80% of the group-committed ceiling",
        perSecond >= 2600 && ratio >= 0.8 && r.non2xx === 0 && stored >= answered && stored <= sent,
        fmt(libsqlCeiling),
        `${(ratio * 100).toFixed(0)}%`,
      );
      check("placement flat out", stored >= answered && stored <= sent && answered > 0, `${stored} stored, ${answered} answered 201, ${sent} sent`);
    } finally {
      await capacity.stop();
    }
  }

  if (want("stream")) {
    // On its own freshly started process, so its memory is the subscribers' and not the page
    // cache of the bets placed above.
    // Without the demo feed: it moves live prices every 3 s and could overwrite the measured change
    // within one 100 ms poll, so that no subscriber ever saw it (happened once in ~10 runs).
    const fresh = await startProduct({ runtime, port: portAt(20), env: { FEED_INTERVAL_MS: "3600000", BENCH_MODE: "1" } });
    const subscribers = env("BENCH_STREAM_SUBSCRIBERS", 5000);
    const s = await streamFanOut(fresh, subscribers).finally(() => fresh.stop());
    row(
      `live-odds stream, ${fmt(subscribers)} subscribers`,
      s.error ?? `${s.connected} connected, ${s.delivered} got the change, p50 ${s.p50} ms, p99 ${s.p99} ms, RSS ${s.rssMb} MB`,
      "all delivered, p99 < 500 ms, RSS < 250 MB",
      s.error ? false : s.delivered === subscribers && s.p99 < 500 && s.rssMb < 250,
    );
    check("stream", !s.error && s.connected === subscribers && s.delivered === subscribers, s.error ?? `${s.delivered} of ${subscribers} got the change`);
  }

  if (want("settle")) {
    const settleBets = env("BENCH_SETTLE_BETS", 10_000);
    const s = await settleLargeMarket(server, settleBets);
    // The market may hold bets of the placement runs too (they cycle over every outcome): all are settled.
    check("settle", !s.error && s.bets > 0 && s.summary.waiting === 0 && s.summary.settled >= s.bets && s.changedAgain === 0, s.error ?? `${s.summary.settled} settled (${s.bets} placed here), ${s.summary.waiting} waiting, ${s.changedAgain} rows changed again`);
    row(
      `finish an event: settle a market with ${fmt(settleBets)} bets`,
      s.error ??
        `${fmt(s.bets)} bets (${s.summary.settled} settled, ${s.summary.waiting} waiting) in ${s.ms} ms; again: ${s.againStatus}${s.againSummary ? ` (${s.againSummary.settled} settled)` : ""}, ledger and audit rows added ${s.changedAgain}`,
      "< 2,000 ms, second run changes nothing",
      s.error ? false : s.ms < 2000 && s.changedAgain === 0,
    );
  }
} finally {
  await server.stop();
}

if (want("overload")) {
  // A fresh process, so the queue and the admission estimate start from nothing. Many connections,
  // as many customers' browsers would open: with few, the queue would wait in the load generator
  // instead of at the server, where admission control can see it.
  const RATE = env("BENCH_OVERLOAD_RATE", 3000);
  const fresh = await startProduct({ runtime, port: portAt(30), env: { FEED_INTERVAL_MS: "3000", BENCH_MODE: "1" } });
  try {
    const bet = await placementLoad(fresh.url, env("BENCH_CUSTOMERS", 300));
    const storedBets = async () => {
      const db = openServerDatabase(fresh.dbPath);
      try {
        return Number((await db.execute("SELECT COUNT(*) AS n FROM bets b JOIN users u ON u.id = b.user_id WHERE u.is_demo = 1")).rows[0].n);
      } finally {
        db.close();
      }
    };
    const before = await storedBets();
    const o = await paced({ url: fresh.url, ratePerSecond: RATE, durationSeconds: duration, warmupSeconds: env("BENCH_WARMUP", 3), connections: 1000, request: bet });
    const stored = (await storedBets()) - before;
    const busy = o.byStatus[503] ?? 0;
    const fiveXX = Object.entries(o.byStatus).reduce((a, [st, n]) => a + (Number(st) >= 500 && Number(st) !== 503 ? n : 0), 0);
    const accepted = o.status2xx;
    const otherRefusals = o.measured - accepted - busy - fiveXX - o.errors;
    row(
      `POST /api/bets offered ${fmt(RATE)}/s for ${duration} s, 1,000 connections (overload)`,
      `${fmt(accepted / duration)} accepted/s, accepted p50 ${o.accepted.p50} ms, p99 ${o.accepted.p99} ms; slowest answer ${o.latency.max} ms; ` +
        `${busy} x 503 BET.BUSY, ${fiveXX} x other 5xx, ${otherRefusals} other refusals, ${o.errors} connection errors; ${stored} stored (${o.all2xx} answered 201 with the warm-up); ` +
        `p99 of all answers per second: ${o.p99BySecond.join(" ")}`,
      "accepted p99 < 250 ms, every answer < 1 s, no 5xx, every 201 stored",
      o.accepted.p99 < 250 && o.latency.max < 1000 && fiveXX === 0 && o.errors === 0 && stored === o.all2xx,
    );
    check("overload", stored === o.all2xx && fiveXX === 0 && o.errors === 0, `${stored} stored, ${o.all2xx} answered 201, ${fiveXX} x 5xx other than 503, ${o.errors} connection errors`);
  } finally {
    await fresh.stop();
  }
}

if (want("registration")) {
  const seconds = env("BENCH_REGISTRATION_SECONDS", 20);
  const fresh = await startProduct({ runtime, port: portAt(40), env: { FEED_INTERVAL_MS: "3000" } });
  try {
    const { run: r, cpuMsPerRegistration, stored } = await registrationLoad(fresh, 5, seconds, Math.min(2, seconds));
    row(
      `registration at a steady 5/s for ${seconds} s`,
      `${r.status2xx} registered, ${r.other} refused, ${r.errors} errors; p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; server CPU ${cpuMsPerRegistration} ms per registration`,
      "p99 < 500 ms, every 201 an account",
      r.latency.p99 < 500 && r.other + r.errors === 0 && stored === r.all2xx,
    );
    check("registration", stored === r.all2xx && r.all2xx > 0, `${stored} accounts, ${r.all2xx} answered 201`);
  } finally {
    await fresh.stop();
  }
}

if (want("pages") && runtime === "node") {
  const weights = pageWeights();
  for (const p of weights) {
    const budget = p.page === "/" ? 5 : p.page === "/betting" ? 110 : null;
    row(`JS on ${p.page} (gzip)`, `${p.gzipKB} KB in ${p.chunks} chunks`, budget ? `<= ${budget} KB` : "", budget ? p.gzipKB <= budget : null);
  }
  check("pages", weights.length > 0, `${weights.length} built pages weighed`);
  if (process.env.BENCH_LIGHTHOUSE !== "0") {
    const lh = await lighthouseLanding(portAt(20));
    row("Lighthouse, landing page", lh.error ?? `performance ${lh.performance}, CLS ${lh.cls}, LCP ${lh.lcpMs} ms`, ">= 95, CLS <= 0.1", lh.error ? false : lh.performance >= 95 && lh.cls <= 0.1);
  }
}

const machine = `${cpus().length} x ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Linux ${release()}, ${runtime === "node" ? `Node ${process.version}` : "Deno"}`;
console.log(`\n${runtime.toUpperCase()} run on ${machine}`);
console.table(rows);
if (argv.includes("--write")) {
  const md = [
    `\n### ${runtime === "node" ? "Node" : "Deno"} entry, ${new Date().toISOString().slice(0, 10)}`,
    "",
    `Machine: ${machine}. Command: \`npm run bench${runtime === "deno" ? " -- --deno" : ""}\`.`,
    "",
    "| measure | result | ceiling | ratio | target | met |",
    "|---|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.measure} | ${r.result} | ${r.ceiling} | ${r.ratio} | ${r.target} | ${r.met} |`),
    "",
  ].join("\n");
  appendFileSync(new URL("../docs/benchmarks.md", import.meta.url), md);
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ runtime, machine, rows, checks }, null, 2));
for (const c of checks) if (!c.ok) console.error(`INCONSISTENT: ${c.measure}: ${c.detail}`);
process.exit(checks.every((c) => c.ok) ? 0 : 1);
