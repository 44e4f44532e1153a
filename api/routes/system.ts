/** The live system view (admin, trader): configuration and health, for System Settings. */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { SystemInfo } from "../schemas/audit.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { bankrollOf, EXPOSURE_ALERT_PERCENT } from "../../domain/risk/alerts.ts";
import { DEFAULT_LIABILITY_LIMIT } from "../../domain/risk/liability.ts";
import { systemStatus } from "../../domain/system/system-status.ts";

export const systemRoutes = new OpenAPIHono<AppEnv>();

systemRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/system",
    tags: ["Admin"],
    summary: "Live configuration and health: demo mode, database kind and round trip, feed status and lag, uptime, risk settings, ledger alarms (admin, trader)",
    middleware: [requireRole("admin", "trader")] as const,
    responses: { 200: json(SystemInfo, "System"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const ctx = ctxOf(c);
    const { database, houseBalance, bankrollBase, ledgerAlarms: alarms } = unwrap(await systemStatus(ctx));
    const deps = c.get("deps");
    const now = ctx.clock.now();
    const feed = deps.feed?.status() ?? { running: false, lastTickAt: null };
    return c.json(
      {
        status: database.ok && alarms.length === 0 ? ("ok" as const) : ("degraded" as const),
        demoMode: deps.demoMode,
        databaseKind: database.kind,
        dbRoundTripMs: database.roundTripMs,
        feed: {
          running: feed.running,
          lastTickAt: feed.lastTickAt ? feed.lastTickAt.toISOString() : null,
          lagMs: feed.lastTickAt ? Math.max(0, now.getTime() - feed.lastTickAt.getTime()) : null,
        },
        uptimeSeconds: Math.round((now.getTime() - (deps.startedAt ?? now).getTime()) / 1000),
        version: deps.version ?? "dev",
        serverTime: now.toISOString(),
        risk: {
          bankrollBase,
          houseBalance,
          bankroll: bankrollOf(houseBalance, bankrollBase),
          exposureAlertPercent: EXPOSURE_ALERT_PERCENT,
          defaultLiabilityLimit: DEFAULT_LIABILITY_LIMIT,
        },
        ledgerAlarms: alarms.map((a) => ({ ...a, firstSeenAt: a.firstSeenAt.toISOString(), lastSeenAt: a.lastSeenAt.toISOString() })),
      },
      200,
    );
  },
);
