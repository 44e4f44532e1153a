/** The trading desk (admin, trader): overview, odds control, alerts, sharp tracking, stake factors. */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import {
  AcknowledgeResponse, AdjustOddsBody, AdjustOddsResponse, AlertsQuery, CustomerIdParam, OddsControl, SharpBettors,
  StakeFactorBody, StakeFactorResponse, TradingAlert, TradingAlerts, TradingOverview,
} from "../schemas/trading.ts";
import type { LiveOddsItem } from "../schemas/events.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { presentLiveOdds } from "../presenters.ts";
import { presentOutcomeExposure } from "./outcome-exposure.ts";
import { requireRole } from "../middleware/session.ts";
import { withinReach } from "../middleware/reach.ts";
import { formatOdds } from "../../domain/shared/odds.ts";
import type { TradingAlertRecord } from "../../domain/ports/index.ts";
import { oddsControl, sharpBettors, tradingOverview } from "../../domain/trading/desk.ts";
import { adjustOdds } from "../../domain/trading/adjust-odds.ts";
import { acknowledgeAlert, listAlerts } from "../../domain/trading/alerts.ts";
import { setStakeFactor } from "../../domain/trading/stake-factor.ts";

export const tradingRoutes = new OpenAPIHono<AppEnv>();
const traders = requireRole("admin", "trader");

const presentAlert = (a: TradingAlertRecord): TradingAlert => ({
  id: a.id,
  type: a.type,
  severity: a.severity,
  message: a.message,
  eventId: a.eventId,
  eventName: a.eventName,
  marketId: a.marketId,
  createdAt: a.createdAt.toISOString(),
  acknowledged: a.acknowledgedAt !== null,
  acknowledgedAt: a.acknowledgedAt ? a.acknowledgedAt.toISOString() : null,
  acknowledgedBy: a.acknowledgedBy,
  acknowledgedByName: a.acknowledgedByName ?? null,
  resolvedAt: a.resolvedAt ? a.resolvedAt.toISOString() : null,
  resolvedBy: a.resolvedBy,
});

tradingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/trading/overview",
    tags: ["Trading"],
    summary: "Header cards and per-event exposure from real bets (admin, trader)",
    middleware: [traders] as const,
    responses: { 200: json(TradingOverview, "Overview"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const v = unwrap(await tradingOverview(ctxOf(c)));
    return c.json(
      {
        ...v,
        generatedAt: v.generatedAt.toISOString(),
        markets: v.markets.map((m) => ({ ...m, startTime: m.startTime.toISOString(), outcomes: m.outcomes.map(presentOutcomeExposure) })),
      },
      200,
    );
  },
);

tradingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/trading/odds-control",
    tags: ["Trading"],
    summary: "The first 6 live events with their match-winner outcomes and prices (admin, trader)",
    middleware: [traders] as const,
    responses: { 200: json(OddsControl, "Live events"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const ctx = ctxOf(c);
    const rows = unwrap(await oddsControl(ctx, 6));
    const now = ctx.clock.now();
    return c.json(rows.map((r) => presentLiveOdds(r.event, r.volume, now)).filter((x): x is LiveOddsItem => x !== null), 200);
  },
);

tradingRoutes.openapi(
  createRoute({
    method: "post",
    path: "/trading/adjust-odds",
    tags: ["Trading"],
    summary: "Set an outcome's price, or move it one 0.01 tick up or down (admin, trader). Audited; price history kept.",
    description:
      "Body {outcomeId, odds} or {outcomeId, direction}. 404 MARKET.OUTCOME_NOT_FOUND, 409 MARKET.CLOSED, 409 ODDS.UNCHANGED, " +
      "422 ODDS.OUT_OF_RANGE (below 1.01), 409 ODDS.MOVED when the price kept moving under the change, " +
      "422 MARKET.OVERROUND_OUT_OF_RANGE (details.overround) when the book leaves 100-130 % without confirm.reason.",
    middleware: [traders] as const,
    request: { body: { required: true, content: { "application/json": { schema: AdjustOddsBody } } } },
    responses: { 200: json(AdjustOddsResponse, "The outcome's new price"), ...errorResponses(400, 401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const base = body.odds !== undefined ? { outcomeId: body.outcomeId, odds: body.odds } : { outcomeId: body.outcomeId, direction: body.direction! };
    const input = body.confirm ? { ...base, confirm: body.confirm } : base;
    const o = unwrap(await adjustOdds(ctxOf(c), input));
    return c.json(
      {
        outcome: {
          id: o.id,
          name: o.name,
          odds: formatOdds(o.priceMilli),
          previousOdds: formatOdds(o.previousMilli),
          marketId: o.marketId,
          eventId: o.eventId,
          updatedAt: o.updatedAt.toISOString(),
        },
      },
      200,
    );
  },
);

tradingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/trading/alerts",
    tags: ["Trading"],
    summary: "Trading alerts, newest first; the engine runs first (admin, trader)",
    description: "Types: liability_limit (market over its limit), exposure (event over 3% of the bankroll), steam_move (price history).",
    middleware: [traders] as const,
    request: { query: AlertsQuery },
    responses: { 200: json(TradingAlerts, "Alerts"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const alerts = unwrap(await listAlerts(ctxOf(c), c.req.valid("query")));
    return c.json(alerts.map(presentAlert), 200);
  },
);

tradingRoutes.openapi(
  createRoute({
    method: "post",
    path: "/trading/alerts/{id}/acknowledge",
    tags: ["Trading"],
    summary: "Acknowledge an alert (admin, trader). Audited.",
    middleware: [traders] as const,
    request: { params: z.object({ id: z.string().min(1).max(64).openapi({ param: { name: "id", in: "path" } }) }) },
    responses: { 200: json(AcknowledgeResponse, "The alert"), ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    const a = unwrap(await acknowledgeAlert(ctxOf(c), c.req.valid("param").id));
    return c.json({ alert: presentAlert(a) }, 200);
  },
);

tradingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/trading/sharp-bettors",
    tags: ["Trading"],
    summary: "Customers by sharp score, from their real bets (admin, trader)",
    description: "sharpScore = min(1, bets/10) x (4 x clamp(CLV%, 0, 10) + clamp(winRate - 50, 0, 30) + clamp(ROI%, 0, 30)).",
    middleware: [traders] as const,
    responses: { 200: json(SharpBettors, "Bettors"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const rows = unwrap(await sharpBettors(ctxOf(c)));
    return c.json(
      rows.map((r) => ({
        userId: r.userId,
        username: r.username,
        email: r.email,
        clv: r.clv,
        winRate: r.winRate,
        avgStake: r.avgStake,
        profit: r.profit,
        sharpScore: r.sharpScore,
        totalBets: r.totalBets,
        settledBets: r.settledBets,
        lastBet: r.lastBet ? r.lastBet.toISOString() : null,
        riskLevel: r.riskLevel,
        stakeFactor: r.stakeFactor,
      })),
      200,
    );
  },
);

tradingRoutes.openapi(
  createRoute({
    method: "put",
    path: "/trading/customers/{userId}/stake-factor",
    tags: ["Trading"],
    summary: "Limit a customer to max stake x factor (0.01..1; 1 lifts the limit) (admin, trader). Audited.",
    description: "Placement then refuses a larger stake with 400 BET.STAKE_TOO_HIGH naming the limit.",
    middleware: [traders, withinReach("user", "userId")] as const,
    request: { params: CustomerIdParam, body: { required: true, content: { "application/json": { schema: StakeFactorBody } } } },
    responses: { 200: json(StakeFactorResponse, "The customer's stake factor"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const r = unwrap(await setStakeFactor(ctxOf(c), c.req.valid("param").userId, c.req.valid("json").factor));
    return c.json(r, 200);
  },
);
