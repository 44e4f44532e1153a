/**
 * Deno entry: `deno task serve`. The same app, wiring and HTTP server as Node (@hono/node-server on
 * Deno's node:http), not Deno.serve: with Deno.serve every open response stream costs ~61 KB
 * (measured on a bare server), so 5,000 live-odds subscribers took 450 MB against 253 MB on
 * node:http, with the same placement throughput (docs/benchmarks.md, docs/decisions.md).
 */
import { serve } from "@hono/node-server";
import { fileURLToPath } from "node:url";
import { bootstrap, configFromEnv } from "./bootstrap.ts";
import { collectStartupGarbage } from "../adapters/system/process-memory.ts";

const config = configFromEnv(Deno.env.toObject(), fileURLToPath(new URL("../dist", import.meta.url)));
const { app, close } = await bootstrap(config);
// What start-up left (the seed's batches, a grown young generation) goes now, not hours later.
collectStartupGarbage();
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  console.log(`BetPro (Deno) listening on http://localhost:${info.port} (database ${config.databaseUrl}, demo mode ${config.demoMode ? "on" : "off"})`);
});

const shutdown = async () => {
  server.close();
  await close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", shutdown);
Deno.addSignalListener("SIGTERM", shutdown);
