/** Risk: the heatmap and the risk-management figures (admin, trader). */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { RiskHeatmap, RiskHeatmapQuery, RiskMetrics } from "../schemas/risk.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { riskHeatmap, riskMetrics } from "../../domain/risk/risk-views.ts";
import type { Aggregate } from "../../domain/risk/liability.ts";
import { presentOutcomeExposure } from "./outcome-exposure.ts";

export const riskRoutes = new OpenAPIHono<AppEnv>();

const group = (a: Aggregate) => ({
  key: a.key,
  markets: a.markets,
  activeBets: a.bets,
  volume: a.stakes,
  exposure: a.exposure,
  liability: a.liability,
  riskValue: a.riskValue,
});

riskRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/risk-heatmap",
    tags: ["Risk"],
    summary: "Risk heatmap by sport and market type from open bets placed in the range (admin, trader)",
    description:
      "Rows Soccer, Tennis, Basketball, Racing, Rugby (NRL), Cricket; columns FT Win, O/U, Handicap (single bets), Player (none offered), " +
      "Parlay (multiples). riskValue 0..100 = max(limit usage %, 20 x log10(1 + liability in currency units)); bands > 80, > 60, > 40, > 20.",
    middleware: [requireRole("admin", "trader")] as const,
    request: { query: RiskHeatmapQuery },
    responses: { 200: json(RiskHeatmap, "The heatmap"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const { range } = c.req.valid("query");
    const v = unwrap(await riskHeatmap(ctxOf(c), range));
    return c.json(
      { range: v.range, rows: v.rows as RiskHeatmap["rows"], columns: v.columns as RiskHeatmap["columns"], cells: v.cells, generatedAt: v.generatedAt.toISOString() },
      200,
    );
  },
);

riskRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/risk-metrics",
    tags: ["Risk"],
    summary: "Book exposure, liability and margin, market and customer risk, and the last 24 hours (admin, trader)",
    description: "Runs the trading alerts engine first, so activeAlerts counts every current alert.",
    middleware: [requireRole("admin", "trader")] as const,
    responses: { 200: json(RiskMetrics, "Risk figures"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const v = unwrap(await riskMetrics(ctxOf(c)));
    const body: RiskMetrics = {
      totalPayout: v.totalPayout,
      totalExposure: v.totalExposure,
      totalLiability: v.totalLiability,
      profitMargin: v.profitMargin,
      activeAlerts: v.activeAlerts,
      dailyExposureLimit: v.dailyExposureLimit,
      markets: v.markets.map(({ position: p, riskLevel, event }) => ({
        marketId: p.market.id,
        eventId: p.market.eventId,
        eventName: p.market.eventName,
        sport: p.market.sportName,
        marketName: p.market.name,
        marketType: p.market.type,
        status: p.market.status,
        payout: p.payout,
        exposure: p.exposure,
        liability: p.liability,
        outcomes: p.outcomes.map(presentOutcomeExposure),
        limit: p.market.liabilityLimit,
        limitUsage: p.limitUsage,
        eventLimit: event ? { liability: event.liability, limit: event.limit, limitUsage: event.limitUsage } : null,
        volume: p.stakes,
        activeBets: p.bets,
        riskValue: p.riskValue,
        riskLevel,
        margin: p.margin,
        lastUpdate: p.market.updatedAt.toISOString(),
      })),
      bySport: v.bySport.map(group),
      byMarketType: v.byMarketType.map(group),
      customers: v.customers.map((x) => ({
        userId: x.userId,
        name: x.name,
        email: x.email,
        isActive: x.isActive,
        totalStaked: x.totalStaked,
        winRate: x.winRate,
        sharpScore: x.sharpScore,
        riskScore: x.riskScore,
        flags: x.flags,
        lastActivity: x.lastActivity ? x.lastActivity.toISOString() : null,
        stakeFactor: x.stakeFactor,
      })),
      series: v.series.map((s) => ({ at: s.at.toISOString(), exposure: s.exposure, liability: s.liability })),
      generatedAt: v.generatedAt.toISOString(),
    };
    return c.json(body, 200);
  },
);
