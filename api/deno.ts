/** Deno entry: `deno task serve`. The same app and wiring as Node; only serving differs. */
import { fileURLToPath } from "node:url";
import { bootstrap, configFromEnv } from "./bootstrap.ts";

const config = configFromEnv(Deno.env.toObject(), fileURLToPath(new URL("../dist", import.meta.url)));
const { app, close } = await bootstrap(config);
const server = Deno.serve({ port: config.port, onListen: ({ port }) => {
  console.log(`BetPro (Deno) listening on http://localhost:${port} (database ${config.databaseUrl}, demo mode ${config.demoMode ? "on" : "off"})`);
} }, app.fetch);

const shutdown = async () => {
  await server.shutdown();
  await close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", shutdown);
Deno.addSignalListener("SIGTERM", shutdown);
