/** Cash out (quote, accept) and the popular same game multis. */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { CashOutBody, CashOutQuoteResponse, CashOutResponse, SameGameMultisResponse, SgmQuoteBody, SgmQuoteResponse } from "../schemas/bets.ts";
import { quoteSameGameMulti } from "../../domain/betting/sgm-quote.ts";
import { IdParam } from "../schemas/common.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { presentBet } from "../presenters.ts";
import { acceptCashOut, quoteCashOut } from "../../domain/betting/cash-out.ts";
import { sameGameMultiSuggestions } from "../../domain/betting/same-game-multi-suggestions.ts";

export const cashOutRoutes = new OpenAPIHono<AppEnv>();

cashOutRoutes.openapi(
  createRoute({
    method: "post",
    path: "/bets/{id}/cash-out/quote",
    tags: ["Bets"],
    summary: "A cash-out quote for a pending bet, valid 10 seconds (customer)",
    description:
      "amount = stake x placed odds / current odds x 0.95, rounded down to the cent. Refused with 409 CASHOUT.MARKET_SUSPENDED " +
      "when a leg's market is not open, 409 BET.NOT_PENDING, 404 BET.NOT_FOUND (not yours).",
    middleware: [requireRole("customer")] as const,
    request: { params: IdParam },
    responses: { 200: json(CashOutQuoteResponse, "The quote"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => c.json(unwrap(await quoteCashOut(ctxOf(c), c.req.valid("param").id)), 200),
);

cashOutRoutes.openapi(
  createRoute({
    method: "post",
    path: "/bets/{id}/cash-out",
    tags: ["Bets"],
    summary: "Accept a cash-out quote: the bet settles as cashed_out for the quoted amount (customer)",
    description:
      "One write: refused with 409 CASHOUT.QUOTE_EXPIRED, 409 CASHOUT.QUOTE_MOVED (a price moved since the quote), 409 " +
      "CASHOUT.MARKET_SUSPENDED, 409 BET.NOT_PENDING (already settled or cashed out), 404 CASHOUT.QUOTE_NOT_FOUND.",
    middleware: [requireRole("customer")] as const,
    request: { params: IdParam, body: { required: true, content: { "application/json": { schema: CashOutBody } } } },
    responses: { 200: json(CashOutResponse, "Cashed out"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const out = unwrap(await acceptCashOut(ctxOf(c), c.req.valid("param").id, c.req.valid("json").quoteId));
    return c.json({ bet: presentBet(out.bet), amount: out.amount, balance: out.balance }, 200);
  },
);

cashOutRoutes.openapi(
  createRoute({
    method: "get",
    path: "/betting/same-game-multis",
    tags: ["Betting"],
    summary: "Popular same game multis from real markets of upcoming and live events, with how many bets were placed on each",
    request: {
      query: z.object({
        limit: z.coerce.number().int().min(1).max(20).default(4).openapi({ param: { name: "limit", in: "query" } }),
      }),
    },
    responses: { 200: json(SameGameMultisResponse, "Same game multis"), ...errorResponses(400) },
  }),
  async (c) => c.json({ items: await sameGameMultiSuggestions(ctxOf(c), c.req.valid("query").limit) }, 200),
);

cashOutRoutes.openapi(
  createRoute({
    method: "post",
    path: "/betting/same-game-multis/quote",
    tags: ["Betting"],
    summary: "The bet builder's price for 2-4 selections of one event, or why they cannot be combined",
    description:
      "Priced from the joint score model at the event's current state (domain/pricing/sgm.ts), as placement prices it. " +
      "Refused with 400 SGM.SAME_MARKET, SGM.CONTRADICTORY_LEGS (can never all win), SGM.CORRELATED_LEGS (a correct score " +
      "with anything, or a selection implying another), SGM.NOT_OFFERED (no joint model for the sport or market), " +
      "BET.SGM_PRICE_TOO_LOW, BET.SGM_LEG_COUNT, BET.SGM_ONE_EVENT; 404 BET.SELECTION_NOT_FOUND. Nothing is written.",
    request: { body: { required: true, content: { "application/json": { schema: SgmQuoteBody } } } },
    responses: { 200: json(SgmQuoteResponse, "The quote"), ...errorResponses(400, 404, 409) },
  }),
  async (c) => c.json(unwrap(await quoteSameGameMulti(ctxOf(c), c.req.valid("json").selections)), 200),
);
