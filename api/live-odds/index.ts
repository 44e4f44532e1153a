/**
 * Live odds, the house's one performance-fenced read, behind one interface. Inside this folder:
 * - snapshot.ts: the GET /api/live-odds body built once per change (and its gzip copy), and the
 *   poll answered ahead of the router and the middleware chain;
 * - polling-hub.ts: one poller per database asking what changed since its cursor;
 * - broadcast.ts: one SSE broadcast per database to every stream subscriber (slow ones dropped);
 * - stream.ts: GET /api/live-odds/stream, its OpenAPI entry, and the hub and broadcast per database.
 * app.ts calls `liveOdds(deps)` once, mounts its two routes first, and wraps app.fetch with it last.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../env.ts";
import { isLiveOddsPoll, LiveOddsSnapshot, liveOddsPoll } from "./snapshot.ts";
import { serveLiveOddsStream } from "./stream.ts";
import { isForOurHost, refuseForeignHost } from "../middleware/public-origin.ts";

export { LiveOddsSnapshot } from "./snapshot.ts";
export { streamRoutes } from "./stream.ts";

export interface LiveOdds {
  /** The snapshot the routes read (c.get("liveOdds")). */
  readonly snapshot: LiveOddsSnapshot;
  /**
   * GET /api/live-odds and GET /api/live-odds/stream, registered before app.use("*") so Hono runs
   * them and stops: public, the same for everyone, at constant cost. (The poll is normally answered
   * by the fast path; this route is for a spelling of the path only the router matches.)
   */
  mount(app: OpenAPIHono<AppEnv>): void;
  /** Replaces app.fetch so the poll is answered before routing: matching a path costs more than the answer. */
  fastPath(app: OpenAPIHono<AppEnv>): void;
}

export function liveOdds(deps: AppDeps): LiveOdds {
  const snapshot = new LiveOddsSnapshot(deps.ports, deps.clock, deps.liveOddsCacheMs ?? 0);
  const poll = liveOddsPoll(snapshot, deps);
  return {
    snapshot,
    mount(app) {
      // These answer ahead of the chain, so they refuse a host that is not ours themselves (421).
      for (const path of ["/api/live-odds", "/api/live-odds/stream"]) app.use(path, refuseForeignHost(deps));
      app.get("/api/live-odds", (c) => poll(c.req.raw, c.env));
      // Likewise the stream: thousands of subscribers each keep only their stream and one header object.
      app.get("/api/live-odds/stream", serveLiveOddsStream(deps));
    },
    fastPath(app) {
      const routed = app.fetch;
      // A poll for a host that is not ours goes through the router, to be refused there.
      app.fetch = (req, env, ctx) => (isLiveOddsPoll(req) && isForOurHost(deps, req, env) ? poll(req, env) : routed(req, env, ctx));
    },
  };
}
