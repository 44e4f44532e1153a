/**
 * Settlement corrections by market (admin) and what a customer owes:
 * POST /admin/markets/{id}/resettle, POST /admin/markets/{id}/unsettle, GET /me/debt,
 * GET /admin/users/{id}/debt. Every change is audited (domain/settlement/correct-market.ts).
 * GET /admin/settlement-exceptions: settlements a database guard refused
 * (domain/settlement/settlement-exceptions.ts).
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import {
  DebtResponse, MarketCorrectionResponse, MarketReviewsResponse, ReleaseMarketBody, ReleaseMarketResponse, ResettleMarketBody, SettlementExceptionsQuery, SettlementExceptionsResponse, UnsettleMarketBody,
} from "../schemas/corrections.ts";
import { MarketIdParam } from "../schemas/markets.ts";
import { IdParam } from "../schemas/common.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { allowSuspendedCustomer, requireRole } from "../middleware/session.ts";
import { withinReach } from "../middleware/reach.ts";
import { presentAdminMarket } from "./markets.ts";
import { pending202, pendingBody } from "./approvals.ts";
import { isPending } from "../../domain/approvals/four-eyes.ts";
import { resettleMarket, unsettleMarket } from "../../domain/settlement/correct-market.ts";
import { customerDebt, myDebt } from "../../domain/wallet/debt-view.ts";
import { listSettlementExceptions } from "../../domain/settlement/settlement-exceptions.ts";
import { marketsUnderReview, releaseMarket } from "../../domain/settlement/market-review.ts";

export const correctionRoutes = new OpenAPIHono<AppEnv>();
const adminOnly = requireRole("admin");

correctionRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/markets/{id}/resettle",
    tags: ["Markets"],
    summary: "Correct a settled market's result and re-grade every bet on it through correcting postings (admin). Audited with the reason.",
    description:
      "Settled bets get a bet_resettlement transaction for the difference (what a customer has spent becomes a debt); multiples waiting on other legs " +
      "have their leg rewritten; each bet is its own write. Running it again finishes what a crash left. 409 MARKET.NOT_SETTLED for a market with no result; " +
      "409 SETTLE.EVENT_NOT_FINISHED before the event has finished unless override.reason is given. A market under review (unsettled) is given its result here. " +
      "Moving more than the four-eyes threshold (risk_settings approval_money_threshold, default 1,000.00) answers 202 with the request for a second admin.",
    middleware: [adminOnly] as const,
    request: { params: MarketIdParam, body: { required: true, content: { "application/json": { schema: ResettleMarketBody } } } },
    responses: { 200: json(MarketCorrectionResponse, "Resettled"), ...errorResponses(400, 401, 403, 404, 409, 422), ...pending202 },
  }),
  async (c) => {
    const r = unwrap(await resettleMarket(ctxOf(c), c.req.valid("param").id, c.req.valid("json")));
    if (isPending(r)) return c.json(pendingBody(r), 202);
    return c.json({ market: presentAdminMarket(r.market), regraded: r.regraded, correction: r.correction, debt: r.debt }, 200);
  },
);

correctionRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/markets/{id}/unsettle",
    tags: ["Markets"],
    summary: "Withdraw a market's result: every bet on it goes back to pending, payouts reversed, and the market is held under review (admin). Audited with the reason.",
    description:
      "Held under review, the results job and bulk settlement leave it alone until it is resettled or released. " +
      "Moving more than the four-eyes threshold answers 202 with the request for a second admin.",
    middleware: [adminOnly] as const,
    request: { params: MarketIdParam, body: { required: true, content: { "application/json": { schema: UnsettleMarketBody } } } },
    responses: { 200: json(MarketCorrectionResponse, "Unsettled"), ...errorResponses(400, 401, 403, 404, 409, 422), ...pending202 },
  }),
  async (c) => {
    const r = unwrap(await unsettleMarket(ctxOf(c), c.req.valid("param").id, c.req.valid("json")));
    if (isPending(r)) return c.json(pendingBody(r), 202);
    return c.json({ market: presentAdminMarket(r.market), regraded: r.regraded, correction: r.correction, debt: r.debt }, 200);
  },
);

correctionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/market-reviews",
    tags: ["Markets"],
    summary: "Markets under review: unsettled by an operator and held from automatic settlement until resettled or released (admin)",
    middleware: [adminOnly] as const,
    responses: { 200: json(MarketReviewsResponse, "Markets under review, the longest held first"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const items = unwrap(await marketsUnderReview(ctxOf(c)));
    return c.json({ items: items.map((m) => ({ ...m, since: m.since.toISOString() })) }, 200);
  },
);

correctionRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/markets/{id}/release",
    tags: ["Markets"],
    summary: "Release a market under review back to automatic settlement, with a reason (admin). Audited.",
    description:
      "If every outcome already has a result, the system settles it from them at once (as the results job would). " +
      "409 MARKET.NOT_UNDER_REVIEW for a market that is not held.",
    middleware: [adminOnly] as const,
    request: { params: MarketIdParam, body: { required: true, content: { "application/json": { schema: ReleaseMarketBody } } } },
    responses: { 200: json(ReleaseMarketResponse, "Released"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const r = unwrap(await releaseMarket(ctxOf(c), c.req.valid("param").id, c.req.valid("json")));
    return c.json({ market: presentAdminMarket(r.market), settled: r.settled }, 200);
  },
);

correctionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/debt",
    tags: ["Wallet"],
    summary: "What the signed-in customer owes after a correction (taken from their next deposits or winnings first)",
    middleware: [allowSuspendedCustomer(), requireRole("customer")] as const,
    responses: { 200: json(DebtResponse, "Debt"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(unwrap(await myDebt(ctxOf(c))), 200),
);

correctionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/users/{id}/debt",
    tags: ["Users"],
    summary: "What a customer owes after a correction (admin)",
    middleware: [requireRole("admin"), withinReach("user")] as const,
    request: { params: IdParam },
    responses: { 200: json(DebtResponse, "Debt"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(unwrap(await customerDebt(ctxOf(c), c.req.valid("param").id)), 200),
);

correctionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/settlement-exceptions",
    tags: ["Markets"],
    summary: "Settlements a database guard refused (admin): the bet, the guard and its reason, what settlement tried to pay",
    description:
      "A bet whose settlement a guard refuses (e.g. BET.RETURN_ABOVE_POTENTIAL) stays pending and is listed here while the rest of its market " +
      "settles; settling the bet by any path resolves it. Newest first; status=all includes resolved ones.",
    middleware: [adminOnly] as const,
    request: { query: SettlementExceptionsQuery },
    responses: { 200: json(SettlementExceptionsResponse, "Settlement exceptions"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const { status, limit } = c.req.valid("query");
    const items = unwrap(await listSettlementExceptions(ctxOf(c), { includeResolved: status === "all", limit }));
    return c.json(
      {
        items: items.map((x) => ({
          ...x,
          createdAt: x.createdAt.toISOString(),
          resolvedAt: x.resolvedAt ? x.resolvedAt.toISOString() : null,
        })),
      },
      200,
    );
  },
);
