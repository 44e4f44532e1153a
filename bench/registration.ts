/**
 * Registration under a steady offered load: starts the product (Node or Deno entry) on a fresh
 * database, offers 5 registrations a second for about 20 seconds (open model: each is due at its
 * time whatever the server's latency; bench/lib/paced.ts), and prints p50/p99, errors, the server's
 * CPU per registration, and that every 201 made an account. A registration is one password hash
 * (scrypt, adapters/system/password.ts) plus person keys (HMAC) and one database write.
 *
 *   node bench/registration.ts [node|deno] [rate per second] [seconds]
 *
 * Target (docs/security.md): p99 under 500 ms at 5 registrations a second on the 2-core machine.
 */
import { createClient } from "@libsql/client";
import { paced } from "./lib/paced.ts";
import { cpuMsOf, startProduct } from "./lib/server.ts";

const [runtime = "node", rate = "5", seconds = "20"] = process.argv.slice(2);
const server = await startProduct({ runtime: runtime === "deno" ? "deno" : "node", port: Number(process.env.BENCH_PORT || 4490), env: { FEED_INTERVAL_MS: "3000" } });
const run = Date.now().toString(36);
const body = (i: number) =>
  JSON.stringify({
    firstName: `Bench${i}`,
    lastName: `Registrant${run}`,
    email: `reg${i}.${run}@bench.example`,
    password: `correct horse battery ${i}`,
    dateOfBirth: `19${60 + (i % 40)}-0${(i % 9) + 1}-1${i % 10}`,
  });

try {
  const before = cpuMsOf(server.pid);
  const r = await paced({
    url: server.url,
    ratePerSecond: Number(rate),
    durationSeconds: Number(seconds),
    warmupSeconds: 2,
    connections: 16,
    request: (i) => ({ method: "POST", path: "/api/auth/register", headers: { "content-type": "application/json" }, body: body(i) }),
  });
  const cpu = cpuMsOf(server.pid) - before;
  const db = createClient({ url: `file:${server.dbPath}` });
  const stored = Number((await db.execute({ sql: "SELECT COUNT(*) AS n FROM users WHERE last_name = ?", args: [`Registrant${run}`] })).rows[0].n);
  db.close();
  console.log(
    `${runtime} registration at ${rate}/s for ${seconds} s: ${r.status2xx} registered, ${r.other} refused, ${r.errors} errors; ` +
      `p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; ` +
      `server CPU ${(cpu / Math.max(1, r.all2xx)).toFixed(0)} ms per registration (warm-up included)`,
  );
  console.log(`p99 by second: ${r.p99BySecond.join(" ")}`);
  if (stored !== r.all2xx) throw new Error(`${r.all2xx} registrations answered 201 but ${stored} accounts were stored`);
} finally {
  await server.stop();
}
