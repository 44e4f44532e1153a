import autocannon from "autocannon";
import { readFileSync } from "node:fs";
import { startProduct } from "./lib/server.ts";
const cpu = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); return (Number(f[11]) + Number(f[12])) * 10; }; // ms (CLK_TCK 100)
const server = await startProduct({ runtime: (process.argv[2] as "node") ?? "node", port: 4480, env: { FEED_INTERVAL_MS: "3000", BENCH_MODE: "1" } });
const cookies: string[] = [];
for (let i = 0; i < 300; i++) { const res = await fetch(`${server.url}/api/demo/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ role: "customer" }) }); cookies.push(res.headers.getSetCookie()[0].split(";")[0]); }
type Ev = { id: string; markets: { id: string; outcomes: { id: string; odds: string }[] }[] };
const events = (await (await fetch(`${server.url}/api/events?status=upcoming&limit=200`)).json()) as Ev[];
const bodies = events.flatMap((e) => e.markets.flatMap((m) => m.outcomes.map((o) => JSON.stringify({ selections: [{ eventId: e.id, marketId: m.id, outcomeId: o.id, odds: o.odds }], stake: 100, betType: "single" }))));
let n = 0;
const mode = process.argv[3] ?? "bets";
const c0 = cpu(server.pid);
const r: any = await new Promise((res, rej) => autocannon({ url: server.url, connections: 64, duration: Number(process.argv[4] ?? 10),
  requests: mode === "bets" ? [{ method: "POST", path: "/api/bets", setupRequest: (req: any) => { const i = n++; return { ...req, headers: { "content-type": "application/json", cookie: cookies[i % 300] }, body: bodies[i % bodies.length] }; } }]
  : [{ method: "GET", path: mode }] } as any, (e: any, x: any) => e ? rej(e) : res(x)));
const c1 = cpu(server.pid);
const ok = r["2xx"] + (mode === "bets" ? 0 : r["3xx"] ?? 0);
console.log(`${mode}: ${ok} ok, ${r.non2xx} non2xx, ${Math.round(ok / r.duration)} /s, p99 ${r.latency.p99} ms, server CPU ${((c1 - c0) * 1000 / ok).toFixed(0)} µs per request`);
await server.stop();
process.exit(0);
