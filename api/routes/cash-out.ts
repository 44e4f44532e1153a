/** Cash out: the quote for a pending bet, and accepting it. */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { CashOutBody, CashOutQuoteResponse, CashOutResponse } from "../schemas/bets.ts";
import { IdParam } from "../schemas/common.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { presentBet } from "../presenters.ts";
import { acceptCashOut, quoteCashOut } from "../../domain/betting/cash-out.ts";

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
    responses: { 200: json(CashOutResponse, "Cashed out"), ...errorResponses(400, 401, 403, 404, 409, 503) },
  }),
  async (c) => {
    const out = unwrap(await acceptCashOut(ctxOf(c), c.req.valid("param").id, c.req.valid("json").quoteId));
    return c.json({ bet: presentBet(out.bet), amount: out.amount, balance: out.balance }, 200);
  },
);
