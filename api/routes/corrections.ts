/**
 * Settlement corrections by market (admin) and what a customer owes (issue 18 item 4):
 * POST /admin/markets/{id}/resettle, POST /admin/markets/{id}/unsettle, GET /me/debt,
 * GET /admin/users/{id}/debt. Every change is audited (domain/settlement/correct-market.ts).
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { DebtResponse, MarketCorrectionResponse, ResettleMarketBody, UnsettleMarketBody } from "../schemas/corrections.ts";
import { MarketIdParam } from "../schemas/markets.ts";
import { IdParam } from "../schemas/common.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { allowSuspendedCustomer, requireRole } from "../middleware/session.ts";
import { withinReach } from "../middleware/reach.ts";
import { presentAdminMarket } from "./markets.ts";
import { resettleMarket, unsettleMarket } from "../../domain/settlement/correct-market.ts";
import { customerDebt, myDebt } from "../../domain/wallet/debt-view.ts";

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
      "409 SETTLE.EVENT_NOT_FINISHED before the event has finished unless override.reason is given.",
    middleware: [adminOnly] as const,
    request: { params: MarketIdParam, body: { required: true, content: { "application/json": { schema: ResettleMarketBody } } } },
    responses: { 200: json(MarketCorrectionResponse, "Resettled"), ...errorResponses(400, 401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const r = unwrap(await resettleMarket(ctxOf(c), c.req.valid("param").id, c.req.valid("json")));
    return c.json({ market: presentAdminMarket(r.market), regraded: r.regraded, correction: r.correction, debt: r.debt }, 200);
  },
);

correctionRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/markets/{id}/unsettle",
    tags: ["Markets"],
    summary: "Withdraw a market's result: every bet on it goes back to pending, payouts reversed (admin). Audited with the reason.",
    middleware: [adminOnly] as const,
    request: { params: MarketIdParam, body: { required: true, content: { "application/json": { schema: UnsettleMarketBody } } } },
    responses: { 200: json(MarketCorrectionResponse, "Unsettled"), ...errorResponses(400, 401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const r = unwrap(await unsettleMarket(ctxOf(c), c.req.valid("param").id, c.req.valid("json")));
    return c.json({ market: presentAdminMarket(r.market), regraded: r.regraded, correction: r.correction, debt: r.debt }, 200);
  },
);

correctionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/debt",
    tags: ["Wallet"],
    summary: "What the signed-in customer owes after a correction (taken from their next deposits or winnings first)",
    middleware: [allowSuspendedCustomer(), requireRole("customer")] as const,
    responses: { 200: json(DebtResponse, "Debt"), ...errorResponses(401) },
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
