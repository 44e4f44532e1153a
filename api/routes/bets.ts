/** Placing and listing a customer's own bets; the balance. */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { Bet, PlaceBetResponse } from "../schemas/bets.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { presentBet } from "../presenters.ts";
import { requireRole, requireUser } from "../middleware/session.ts";
import { placeBet } from "../../domain/betting/place-bet.ts";
import { myBets } from "../../domain/betting/my-bets.ts";
import { cashOutAvailabilities } from "../../domain/betting/cash-out.ts";
import { PlaceBetRequest, SpecPlaceBetResponse } from "../schemas/spec-alias.ts";
import { inRequestUnit, placeBetValidationHook, toPlaceBetInput } from "./bets-spec-alias.ts";

export const betRoutes = new OpenAPIHono<AppEnv>();

const IdempotencyHeader = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\x21-\x7e]{1,128}$/, "1 to 128 visible ASCII characters")
    .optional()
    .openapi({ param: { name: "idempotency-key", in: "header" }, description: "A repeat returns the first response" }),
});

betRoutes.openapi(
  createRoute({
    method: "post",
    path: "/bets",
    tags: ["Bets"],
    summary: "Place a single or multiple at the prices the customer saw (customer)",
    description:
      "Refused with 409 BET.ODDS_CHANGED (details.prices has the current prices), BET.EVENT_CLOSED, BET.MARKET_CLOSED or BET.INSUFFICIENT_FUNDS; " +
      "409 BET.RACE_OFF for a race from its start (betting on it has closed; races are not bet in running); " +
      "403 KYC.LEVEL_REQUIRED, AUTH.ACCOUNT_SUSPENDED or RG.SELF_EXCLUDED; 422 RG.LOSS_LIMIT (details {period, limit, used}). " +
      "The customer's price-change policy applies: refuse (default), accept_higher or accept_any (placed at the current price). " +
      "betType same_game_multi: 2-4 legs of one event from different markets, priced as one outcome from the match model (SGM.* and BET.SGM_* refusals). " +
      "Honours Idempotency-Key: a repeat returns the first response and creates nothing; the same key with another body is a 409. " +
      "The spec's body is accepted too: a stake as a decimal string in dollars (\"10\", \"2.50\"; more than 2 decimals, negative or " +
      "non-numeric is 400 REQUEST.INVALID) and selections {eventId, marketId: \"match-winner\", outcomeId: \"home\"|\"draw\"|\"away\", odds} " +
      "(the event's match-result market; 404 BET.SELECTION_NOT_FOUND when it has no such outcome). The answer's bet.stake and " +
      "bet.potentialReturn are in the unit the request's stake used: dollar strings (\"21.50\") for a dollar-string stake, integer cents otherwise; balance is always cents.",
    middleware: [requireRole("customer")] as const,
    request: {
      headers: IdempotencyHeader,
      body: { required: true, content: { "application/json": { schema: PlaceBetRequest } } },
    },
    responses: {
      201: json(z.union([PlaceBetResponse, SpecPlaceBetResponse]), "The bet was placed (money in the request's unit)"),
      ...errorResponses(400, 401, 403, 404, 409, 422, 503),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const key = c.req.valid("header")["idempotency-key"] ?? null;
    const ctx = ctxOf(c);
    const input = unwrap(await toPlaceBetInput(ctx, body));
    const out = unwrap(await placeBet(ctx, input, key));
    if (out.replayed) c.header("Idempotent-Replayed", "true");
    return c.json(inRequestUnit(body, out.response), 201);
  },
  // A refused body is reported in one shape's terms (ours unless it uses the spec's).
  (result, c) => placeBetValidationHook(result, c) as never,
);

betRoutes.openapi(
  createRoute({
    method: "get",
    path: "/bets",
    tags: ["Bets"],
    summary: "The signed-in user's own bets, newest first",
    middleware: [requireUser()] as const,
    request: {
      query: z.object({
        limit: z.coerce.number().int().min(1).max(200).default(50).openapi({ param: { name: "limit", in: "query" } }),
      }),
    },
    responses: { 200: json(z.array(Bet), "Bets"), ...errorResponses(400, 401) },
  }),
  async (c) => {
    const bets = unwrap(await myBets(ctxOf(c), c.req.valid("query").limit));
    // Pending bets say whether they can be cashed out now (every leg's market open).
    const cashOut = await cashOutAvailabilities(ctxOf(c), bets);
    return c.json(bets.map((b) => {
      const a = cashOut.get(b.id);
      return a ? { ...presentBet(b), cashOut: a.available ? { available: true } : { available: false, reason: a.reason } } : presentBet(b);
    }), 200);
  },
);
