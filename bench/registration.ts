/**
 * Registration under a steady offered load: starts the product (Node or Deno entry) on a fresh
 * database, offers 5 registrations a second for about 20 seconds (bench/lib/registration-load.ts),
 * and prints p50/p99, errors, the server's CPU per registration, and that every 201 made an account.
 * The same measurement runs in the suite (`npm run bench`, "registration").
 *
 *   node bench/registration.ts [node|deno] [rate per second] [seconds]
 *
 * Target (docs/security.md): p99 under 500 ms at 5 registrations a second on the 2-core machine.
 */
import { registrationLoad } from "./lib/registration-load.ts";
import { startProduct } from "./lib/server.ts";

const [runtime = "node", rate = "5", seconds = "20"] = process.argv.slice(2);
const server = await startProduct({ runtime: runtime === "deno" ? "deno" : "node", port: Number(process.env.BENCH_PORT || 4490), env: { FEED_INTERVAL_MS: "3000" } });
try {
  const { run: r, cpuMsPerRegistration, stored } = await registrationLoad(server, Number(rate), Number(seconds));
  console.log(
    `${runtime} registration at ${rate}/s for ${seconds} s: ${r.status2xx} registered, ${r.other} refused, ${r.errors} errors; ` +
      `p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; ` +
      `server CPU ${cpuMsPerRegistration} ms per registration (warm-up included)`,
  );
  console.log(`p99 by second: ${r.p99BySecond.join(" ")}`);
  if (stored !== r.all2xx) throw new Error(`${r.all2xx} registrations answered 201 but ${stored} accounts were stored`);
} finally {
  await server.stop();
}
