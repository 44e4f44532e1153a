/** Operator routes: all bets, settlement, dashboard figures and their CSV. */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { AdminBet, SettleBetBody, SettleBetResponse } from "../schemas/bets.ts";
import { DashboardStats } from "../schemas/admin.ts";
import { IdParam } from "../schemas/common.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { presentAdminBet } from "../presenters.ts";
import { requireRole } from "../middleware/session.ts";
import { withinReach } from "../middleware/reach.ts";
import { settleBet } from "../../domain/settlement/settle-bet.ts";
import { dashboardCsv, dashboardStats } from "../../domain/risk/dashboard.ts";
import { RiskHeatmapQuery } from "../schemas/risk.ts";
import { csvContent, csvResponse } from "./users.ts";
import { operatorBets } from "../../domain/betting/operator-bets.ts";

export const adminRoutes = new OpenAPIHono<AppEnv>();

adminRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/all-bets",
    tags: ["Admin"],
    summary: "Every customer's bets, newest first (admin, trader: read only); demo staff see the demo sandbox's",
    middleware: [requireRole("admin", "trader")] as const,
    request: {
      query: z.object({
        limit: z.coerce.number().int().min(1).max(500).default(100).openapi({ param: { name: "limit", in: "query" } }),
        status: z
          .enum(["all", "pending", "settled"])
          .default("all")
          .openapi({ param: { name: "status", in: "query" }, description: "pending, settled, or all (default)" }),
      }),
    },
    responses: { 200: json(z.array(AdminBet), "Bets"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const page = unwrap(await operatorBets(ctxOf(c), { limit: q.limit, status: q.status }));
    return c.json(page === "bad_cursor" ? [] : page.items.map(presentAdminBet), 200);
  },
);

adminRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/settle-bet/{id}",
    tags: ["Admin"],
    summary: "Settle a pending bet won, lost or void (admin). Audited.",
    description:
      "The server computes the return (won: stake x odds with void legs at 1.00; void: the stake; lost: 0). " +
      "An actualReturn that disagrees is refused (422 BET.RETURN_MISMATCH); a bet that is not pending is refused (409 BET.NOT_PENDING) and pays nothing. " +
      "A void needs reasonCode (422 SETTLE.REASON_REQUIRED without it), audited.",
    middleware: [requireRole("admin"), withinReach("bet")] as const,
    request: {
      params: IdParam,
      body: { required: true, content: { "application/json": { schema: SettleBetBody } } },
    },
    responses: { 200: json(SettleBetResponse, "Settled"), ...errorResponses(400, 401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { reasonCode, reason, ...body } = c.req.valid("json");
    const settled = unwrap(await settleBet(ctxOf(c), id, { ...body, ...(reasonCode ? { reason: { code: reasonCode, text: reason ?? null } } : {}) }));
    return c.json(settled, 200);
  },
);

adminRoutes.openapi(
  createRoute({
    method: "get",
    path: "/dashboard/stats",
    tags: ["Admin"],
    summary: "Dashboard figures from the books (admin, trader)",
    middleware: [requireRole("admin", "trader")] as const,
    responses: { 200: json(DashboardStats, "Figures"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(unwrap(await dashboardStats(ctxOf(c))), 200),
);

adminRoutes.openapi(
  createRoute({
    method: "get",
    path: "/dashboard/stats.csv",
    tags: ["Admin"],
    summary: "The dashboard as CSV, built from the same figures as GET /dashboard/stats and the risk heatmap (admin, trader)",
    description:
      "Columns section, sport, market, metric, value. Section 'dashboard': the stats (money as decimals, cents / 100); " +
      "section 'heatmap_<range>': each heatmap cell's liability, exposure, active bets and risk value over the range (default 24h).",
    middleware: [requireRole("admin", "trader")] as const,
    request: { query: RiskHeatmapQuery },
    responses: { 200: csvContent("dashboard.csv"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const csv = unwrap(await dashboardCsv(ctxOf(c), c.req.valid("query").range));
    return csvResponse(c, "dashboard.csv", csv);
  },
);
