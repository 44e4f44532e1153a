/**
 * Ceiling 1: a bare Hono handler returning a small JSON body, on the same runtime and server
 * adapter as the product: @hono/node-server on both (on Deno through its node:http, as api/deno.ts
 * serves). `CEILING_SERVER=deno` measures Deno.serve instead, for comparison. Started by bench/run.ts.
 */
import { Hono } from "hono";

const app = new Hono();
const body = { ok: true, service: "ceiling", items: [1, 2, 3] };
app.get("/json", (c) => c.json(body));
const port = Number((globalThis as { process?: { env: Record<string, string> } }).process?.env.PORT ?? 4400);

const deno = (globalThis as { Deno?: { serve(o: object, h: unknown): unknown; env: { get(k: string): string | undefined } } }).Deno;
// The port it bound (PORT=0: one the system chose), which bench/lib/server.ts reads.
if (deno && deno.env.get("CEILING_SERVER") === "deno") deno.serve({ port, onListen: (a: { port: number }) => console.log(`ceiling listening on http://localhost:${a.port}`) }, app.fetch);
else {
  const { serve } = await import("@hono/node-server");
  serve({ fetch: app.fetch, port }, (info) => console.log(`ceiling listening on http://localhost:${info.port}`));
}
