/** The bet builder: suggested same-game multis, and the quote for one (priced for correlation, or refused). */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { SameGameMultisResponse, SgmQuoteBody, SgmQuoteResponse } from "../schemas/bets.ts";
import { quoteSameGameMulti } from "../../domain/betting/sgm-quote.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { sameGameMultiSuggestions } from "../../domain/betting/same-game-multi-suggestions.ts";

export const sameGameMultiRoutes = new OpenAPIHono<AppEnv>();

sameGameMultiRoutes.openapi(
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

sameGameMultiRoutes.openapi(
  createRoute({
    method: "post",
    path: "/betting/same-game-multis/quote",
    tags: ["Betting"],
    summary: "The bet builder's price for 2-4 selections of one event, or why they cannot be combined",
    description:
      "Priced from the joint score model at the event's current state (domain/pricing/sgm.ts), as placement prices it. " +
      "Refused with 400 SGM.SAME_MARKET, SGM.CONTRADICTORY_LEGS (can never all win), SGM.CORRELATED_LEGS (a correct score " +
      "with anything, or a selection implying another), SGM.NOT_OFFERED (no joint model for the sport or market), " +
      "BET.SGM_PRICE_TOO_LOW, BET.SGM_LEG_COUNT, BET.SGM_ONE_EVENT; 404 BET.SELECTION_NOT_FOUND; 409 with placement's own refusal when a " +
      "selection takes no bets now (BET.EVENT_CLOSED, BET.RACE_OFF, BET.EVENT_STARTED, BET.SELECTION_DECIDED, BET.MARKET_CLOSED, " +
      "BET.MARKET_SUSPENDED). Nothing is written.",
    request: { body: { required: true, content: { "application/json": { schema: SgmQuoteBody } } } },
    responses: { 200: json(SgmQuoteResponse, "The quote"), ...errorResponses(400, 404, 409) },
  }),
  async (c) => c.json(unwrap(await quoteSameGameMulti(ctxOf(c), c.req.valid("json").selections)), 200),
);
