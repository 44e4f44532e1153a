/** Node entry: `node api/node.ts` (Node 22+ runs TypeScript directly). */
import { collectStartupGarbage, execWithMallocArenas } from "../adapters/system/process-memory.ts";

// First, before the app's modules load: the same process again with glibc's malloc arenas limited
// (adapters/system/process-memory.ts). Returns at once when they already are.
execWithMallocArenas();
const { serve } = await import("@hono/node-server");
const { fileURLToPath } = await import("node:url");
const { bootstrap, configFromEnv } = await import("./bootstrap.ts");

const config = configFromEnv(process.env, fileURLToPath(new URL("../dist", import.meta.url)));
const { app, close } = await bootstrap(config);
// What start-up left (the seed's batches, a grown young generation) goes now, not hours later.
collectStartupGarbage();
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  console.log(`BetPro listening on http://localhost:${info.port} (database ${config.databaseUrl}, demo mode ${config.demoMode ? "on" : "off"})`);
});
// Keep idle connections longer than the clients and load balancers that reuse them (commonly 60 s):
// with Node's 5 s default, a request sent on a connection just as the server closes it fails with
// ECONNRESET at the client (seen in a journey). Headers must be allowed a little longer still.
if ("keepAliveTimeout" in server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

const shutdown = async () => {
  server.close();
  await close();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
