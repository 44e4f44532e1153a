/**
 * Server CPU time per request: starts the product (Node or Deno entry) on a fresh database, loads one
 * route with autocannon (64 connections) and divides the server process's CPU time (user + system,
 * from /proc) by the requests answered. Requests per second depend on whatever else the machine is
 * doing; CPU per request depends much less on it, so this is the figure to compare changes with
 * while other work runs. The suite (bench/run.ts) gives the figures that count.
 *
 *   node bench/cpu-per-request.ts [node|deno] [bets|/api/path] [seconds]
 *
 * `bets` places single bets from 300 demo customers (as bench/run.ts does); a path is a plain GET
 * sent as a browser would (Accept-Encoding: gzip).
 */
import autocannon from "autocannon";
import { cpuMsOf, startProduct } from "./lib/server.ts";
import { placementLoad } from "./lib/placement-load.ts";

const [runtime = "node", target = "bets", seconds = "10"] = process.argv.slice(2);

// The admission gate's busy signal off: 64 connections in a closed loop keep the thread busy, and
// each refusal would come straight back as another request (bench/run.ts measures capacity the same way).
const server = await startProduct({
  runtime: runtime === "deno" ? "deno" : "node",
  port: Number(process.env.BENCH_PORT || 4480),
  env: { FEED_INTERVAL_MS: "3000", ADMISSION_MAX_BUSY_PERCENT: "100" },
});
const requests: autocannon.Options["requests"] = [];
if (target === "bets") {
  const bet = await placementLoad(server.url);
  let n = 0;
  requests.push({ method: "POST", path: "/api/bets", setupRequest: (req) => ({ ...req, ...bet(n++) }) });
} else requests.push({ method: "GET", path: target, headers: { "accept-encoding": "gzip, deflate, br, zstd" } });

try {
  const before = cpuMsOf(server.pid);
  const generatorBefore = process.cpuUsage();
  const r = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url: server.url, connections: 64, duration: Number(seconds), requests }, (e, res) => (e ? reject(e) : resolve(res))),
  );
  const used = cpuMsOf(server.pid) - before;
  const generator = process.cpuUsage(generatorBefore);
  const answered = r["2xx"];
  console.log(
    `${runtime} ${target}: ${answered} answered 2xx, ${r.non2xx} other, ${Math.round(answered / Number(seconds))}/s, p99 ${r.latency.p99} ms, ` +
      `server CPU ${((used * 1000) / Math.max(1, answered)).toFixed(0)} µs per request`,
  );
  const l = r.latency;
  console.log(
    `  latency ms: p50 ${l.p50}, p90 ${l.p90}, p97.5 ${l.p97_5}, p99 ${l.p99}, max ${l.max}; ` +
      `load generator ${((generator.user + generator.system) / 1e6 / Number(seconds)).toFixed(2)} cores`,
  );
  // What the answers were: refusals cost CPU too, and the figure above divides it by the 2xx only.
  const codes = (r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  console.log(`  statuses: ${Object.entries(codes).map(([code, s]) => `${code} ${s.count}`).join(", ")}`);
} finally {
  await server.stop();
}
process.exit(0);
