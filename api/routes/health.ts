import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { Health } from "../schemas/admin.ts";
import { json } from "./openapi-helpers.ts";
import { checkDatabase } from "../../domain/system/check-database.ts";

export const healthRoutes = new OpenAPIHono<AppEnv>();

healthRoutes.openapi(
  createRoute({
    method: "get",
    path: "/health",
    tags: ["System"],
    summary: "Liveness with the database round trip, feed and fantasy runner status (and which one this instance leads) and uptime",
    responses: { 200: json(Health, "Healthy"), 503: json(Health, "The database did not answer") },
  }),
  async (c) => {
    const deps = c.get("deps");
    const database = await checkDatabase(deps);
    const dbOk = database.ok;
    const feed = deps.feed?.status() ?? { running: false, lastTickAt: null };
    const runner = deps.fantasyRunner?.status() ?? { running: false, lastPassAt: null, leader: false };
    const body = {
      status: dbOk ? ("ok" as const) : ("degraded" as const),
      database: { ok: dbOk, kind: database.kind, roundTripMs: database.roundTripMs },
      feed: { running: feed.running, lastTickAt: feed.lastTickAt ? feed.lastTickAt.toISOString() : null, leader: feed.leader ?? false },
      fantasyRunner: { running: runner.running, lastPassAt: runner.lastPassAt ? runner.lastPassAt.toISOString() : null, leader: runner.leader },
      demoMode: deps.demoMode,
      uptimeSeconds: Math.round((deps.clock.now().getTime() - (deps.startedAt ?? deps.clock.now()).getTime()) / 1000),
      version: deps.version ?? "dev",
    };
    c.header("Cache-Control", "no-store");
    return dbOk ? c.json(body, 200) : c.json(body, 503);
  },
);
