/**
 * Markets and events for operators: create a market (admin, trader), create an event (admin),
 * liability limits, suspend / reopen and the bets on a market (admin, trader), settlement by market
 * and resettlement of a bet (admin). Every change is audited.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import {
  AdminMarketResponse, CreateEventBody, CreateMarketBody, MarketIdParam, MarketLimitBody, ResettleBody, ResettleResponse,
  SettleMarketBody, SettleMarketResponse, type AdminMarket,
} from "../schemas/markets.ts";
import { AdminBet } from "../schemas/bets.ts";
import { Event } from "../schemas/events.ts";
import { IdParam } from "../schemas/common.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { presentAdminBet, presentEvent } from "../presenters.ts";
import { requireRole } from "../middleware/session.ts";
import { withinReach } from "../middleware/reach.ts";
import { formatOdds } from "../../domain/shared/odds.ts";
import type { MarketRecord } from "../../domain/ports/index.ts";
import { createMarket } from "../../domain/markets/create-market.ts";
import { createStandardMarket } from "../../domain/markets/standard-outcomes.ts";
import { createEvent } from "../../domain/markets/create-event.ts";
import { getMarket, marketBets, reopenMarket, setMarketLimit, suspendMarket } from "../../domain/markets/market-controls.ts";
import { settleMarket } from "../../domain/settlement/settle-market.ts";
import { legGradeFor, recordedResult } from "../../domain/settlement/market-result.ts";
import { resettleBet } from "../../domain/settlement/resettle-bet.ts";
import { withWithdrawn } from "../../domain/settlement/rule4.ts";
import { isPending } from "../../domain/approvals/four-eyes.ts";
import { pending202, pendingBody } from "./approvals.ts";

export const marketRoutes = new OpenAPIHono<AppEnv>();

export function presentAdminMarket(m: MarketRecord): AdminMarket {
  return {
    id: m.id,
    eventId: m.eventId,
    eventName: m.eventName,
    type: m.type,
    name: m.name,
    description: m.description,
    status: m.status,
    ...(m.status === "suspended" && m.suspendedReason ? { suspendedReason: m.suspendedReason } : {}),
    liabilityLimit: m.liabilityLimit,
    settledAt: m.settledAt ? m.settledAt.toISOString() : null,
    ...presentMarketResult(m),
    eachWay: m.eachWay ?? null,
    ...(m.sport ? { sport: m.sport } : {}),
    underReview: m.underReview ? { since: m.underReview.since.toISOString(), by: m.underReview.by, reason: m.underReview.reason } : null,
  };
}

/** A settled market's result and every outcome's result (a dead heat with its factor); docs/money.md "Results and grading". */
function presentMarketResult(m: MarketRecord): Pick<AdminMarket, "result" | "outcomes"> {
  const rec = withWithdrawn(m, recordedResult(m));
  const gone = new Map((m.withdrawn ?? []).map((w) => [w.outcomeId, w]));
  return {
    result: rec ? { kind: rec.kind, winningOutcomeId: rec.kind === "winner" ? rec.winningOutcomeId : null } : null,
    outcomes: m.outcomes.map((o) => {
      const g = rec ? legGradeFor(o.id, rec) : null;
      return {
        id: o.id,
        name: o.name,
        odds: formatOdds(o.priceMilli),
        result: g === null ? null : g.deadHeat ? ("dead_heat" as const) : g.result,
        ...(g?.deadHeat ? { deadHeat: { numerator: g.deadHeat.num, denominator: g.deadHeat.den } } : {}),
        ...(gone.has(o.id) ? { withdrawn: { odds: formatOdds(gone.get(o.id)!.priceMilli), deduction: gone.get(o.id)!.deduction, at: gone.get(o.id)!.withdrawnAt.toISOString() } } : {}),
      };
    }),
  };
}

const staffRoles = requireRole("admin", "trader");
const adminOnly = requireRole("admin");

marketRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/create-market",
    tags: ["Markets"],
    summary: "Create a market with 2..20 priced outcomes on an event that has not finished (admin, trader). Audited.",
    description:
      "Without outcomes (the spec's body {eventId, marketType, name, description}) the market gets its type's standard outcomes, " +
      "priced by the event's match model with the book's margin; a type the model cannot price is refused with 422 MARKET.CANNOT_PRICE.",
    middleware: [staffRoles] as const,
    request: { body: { required: true, content: { "application/json": { schema: CreateMarketBody } } } },
    responses: { 201: json(AdminMarketResponse, "The new market"), ...errorResponses(400, 401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const { outcomes, ...rest } = body;
    const market = unwrap(outcomes ? await createMarket(ctxOf(c), { ...rest, outcomes }) : await createStandardMarket(ctxOf(c), rest));
    return c.json({ market: presentAdminMarket(market) }, 201);
  },
);

marketRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/events",
    tags: ["Markets"],
    summary: "Create an upcoming event with its match-winner market (admin). Audited.",
    description: "prices.draw is required for sports with a draw and refused for the others; racing is refused (a race needs runners).",
    middleware: [adminOnly] as const,
    request: { body: { required: true, content: { "application/json": { schema: CreateEventBody } } } },
    responses: { 201: json(z.object({ event: Event }), "The new event"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const event = unwrap(await createEvent(ctxOf(c), c.req.valid("json")));
    return c.json({ event: presentEvent(event, c.get("deps").clock.now()) }, 201);
  },
);

marketRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/markets/{id}",
    tags: ["Markets"],
    summary: "One market with its limit, status, result and prices (admin, trader)",
    middleware: [staffRoles] as const,
    request: { params: MarketIdParam },
    responses: { 200: json(AdminMarketResponse, "The market"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const m = unwrap(await getMarket(ctxOf(c), c.req.valid("param").id));
    return c.json({ market: presentAdminMarket(m) }, 200);
  },
);

marketRoutes.openapi(
  createRoute({
    method: "put",
    path: "/admin/markets/{id}/limit",
    tags: ["Markets"],
    summary: "Set a market's liability limit in cents (admin, trader). Audited.",
    description:
      "Lowering a limit applies at once. Raising it above the four-eyes threshold (risk_settings approval_limit_threshold, default " +
      "10 x the default limit) answers 202 with the request: an admin other than the requester approves it.",
    middleware: [staffRoles] as const,
    request: { params: MarketIdParam, body: { required: true, content: { "application/json": { schema: MarketLimitBody } } } },
    responses: { 200: json(AdminMarketResponse, "The market"), ...errorResponses(400, 401, 403, 404, 409), ...pending202 },
  }),
  async (c) => {
    const m = unwrap(await setMarketLimit(ctxOf(c), c.req.valid("param").id, c.req.valid("json").liabilityLimit));
    return isPending(m) ? c.json(pendingBody(m), 202) : c.json({ market: presentAdminMarket(m) }, 200);
  },
);

for (const [verb, use, summary] of [
  ["suspend", suspendMarket, "Suspend an open market: it takes no bets until reopened (admin, trader). Audited."],
  ["reopen", reopenMarket, "Reopen a suspended market (admin, trader). Audited."],
] as const) {
  marketRoutes.openapi(
    createRoute({
      method: "post",
      path: `/admin/markets/{id}/${verb}`,
      tags: ["Markets"],
      summary,
      middleware: [staffRoles] as const,
      request: { params: MarketIdParam },
      responses: { 200: json(AdminMarketResponse, "The market"), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      const m = unwrap(await use(ctxOf(c), c.req.valid("param").id));
      return c.json({ market: presentAdminMarket(m) }, 200);
    },
  );
}

marketRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/markets/{id}/bets",
    tags: ["Markets"],
    summary: "Every bet with a leg on the market, newest first (admin, trader)",
    middleware: [staffRoles] as const,
    request: {
      params: MarketIdParam,
      query: z.object({
        limit: z.coerce.number().int().min(1).max(500).default(100).openapi({ param: { name: "limit", in: "query" } }),
      }),
    },
    responses: { 200: json(z.array(AdminBet), "Bets"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const bets = unwrap(await marketBets(ctxOf(c), c.req.valid("param").id, c.req.valid("query").limit));
    return c.json(bets.map(presentAdminBet), 200);
  },
);

marketRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/markets/{id}/settle",
    tags: ["Markets"],
    summary: "Settle a market: record its winning outcome (or void) and grade every pending bet on it (admin). Audited.",
    description:
      "Singles settle; a multiple settles when all its legs have results (or one has lost) and otherwise waits with this leg's result stored. " +
      "The market closes. The same result again only finishes bets left pending; a different result is 409 MARKET.ALREADY_SETTLED.",
    middleware: [adminOnly] as const,
    request: { params: MarketIdParam, body: { required: true, content: { "application/json": { schema: SettleMarketBody } } } },
    responses: { 200: json(SettleMarketResponse, "Settled"), ...errorResponses(400, 401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const s = unwrap(await settleMarket(ctxOf(c), c.req.valid("param").id, c.req.valid("json")));
    return c.json({ market: presentAdminMarket(s.market), graded: s.graded, settled: s.settled, waiting: s.waiting, paid: s.paid, regraded: s.regraded ?? 0 }, 200);
  },
);

marketRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/bets/{id}/resettle",
    tags: ["Markets"],
    summary: "Resettle a wrongly settled bet: correcting bet_resettlement postings, earlier postings untouched (admin). Audited.",
    description:
      "reasonCode is required (other: with reason text). 409 SETTLE.CONTRADICTS_MARKET when the result contradicts the result recorded " +
      "on a leg's market, unless override.reason is given (audited). 409 BET.NOT_SETTLED for a pending or cashed-out bet, BET.RESETTLE_NO_CHANGE " +
      "when nothing would change, BET.RESETTLE_INSUFFICIENT_FUNDS when the customer cannot repay an overpayment, BET.RESETTLE_CONFLICT when the bet " +
      "changed meanwhile. Moving more than the four-eyes threshold (default 1,000.00) answers 202 with the request for a second admin.",
    middleware: [adminOnly, withinReach("bet")] as const,
    request: { params: IdParam, body: { required: true, content: { "application/json": { schema: ResettleBody } } } },
    responses: { 200: json(ResettleResponse, "Resettled"), ...errorResponses(400, 401, 403, 404, 409, 422), ...pending202 },
  }),
  async (c) => {
    const { reasonCode, reason, ...body } = c.req.valid("json");
    const r = unwrap(await resettleBet(ctxOf(c), c.req.valid("param").id, { ...body, reason: { code: reasonCode, text: reason ?? null } }));
    if (isPending(r)) return c.json(pendingBody(r), 202);
    return c.json({ bet: { ...r.bet, settledAt: r.bet.settledAt.toISOString() }, correction: r.correction }, 200);
  },
);
