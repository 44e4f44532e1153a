/**
 * The betting page's read models, public like the event list: racing next-to-go (real racing
 * events of the catalogue), recent boosts (the largest price rises of the last hour on open
 * markets, from the price history) and recent activity (real bets, with the customer shown only
 * by initials).
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { nextRaces, recentActivity, recentBoosts } from "../../domain/betting/browse.ts";
import {
  ActivityQuery, ActivityResponse, BoostsQuery, BoostsResponse, NextToGoQuery, NextToGoResponse, type Race,
} from "../schemas/account.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { formatOdds } from "../../domain/shared/odds.ts";
import { initialsOf } from "../../domain/accounts/profile.ts";
import type { EventView } from "../../domain/shared/types.ts";

function presentRace(e: EventView): Race | null {
  const market = e.markets.find((m) => m.type === "full_time_result");
  if (!market) return null;
  return {
    eventId: e.id,
    meeting: e.homeTeam,
    race: e.awayTeam,
    description: e.description,
    startTime: e.startTime.toISOString(),
    marketId: market.id,
    marketName: market.name,
    marketStatus: market.status,
    runners: market.outcomes.map((o) => ({ outcomeId: o.id, name: o.name, odds: formatOdds(o.priceMilli) })),
  };
}

/** A stable id for an activity row that does not give the bet id away. */
async function activityId(betId: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`activity:${betId}`));
  return "act_" + Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

export const bettingDataRoutes = new OpenAPIHono<AppEnv>();

bettingDataRoutes.openapi(
  createRoute({
    method: "get",
    path: "/racing/next-to-go",
    tags: ["Betting page"],
    summary: "The next upcoming races with their runners and Race Winner prices, soonest first",
    request: { query: NextToGoQuery },
    responses: { 200: json(NextToGoResponse, "Next races"), ...errorResponses(400) },
  }),
  async (c) => {
    const { limit } = c.req.valid("query");
    const events = await nextRaces(ctxOf(c), limit);
    const races = events.map(presentRace).filter((r): r is Race => r !== null);
    return c.json({ races }, 200);
  },
);

bettingDataRoutes.openapi(
  createRoute({
    method: "get",
    path: "/betting/boosts",
    tags: ["Betting page"],
    summary: "Recent boosts: the largest price rises of the last hour on open markets of upcoming and live events",
    description: "oldOdds is the price an hour ago (before its first move since), newOdds the current price.",
    request: { query: BoostsQuery },
    responses: { 200: json(BoostsResponse, "Largest relative rise first"), ...errorResponses(400) },
  }),
  async (c) => {
    const { limit } = c.req.valid("query");
    const rises = await recentBoosts(ctxOf(c), limit);
    return c.json(
      {
        boosts: rises.map((r) => ({
          outcomeId: r.outcomeId,
          marketId: r.marketId,
          marketName: r.marketName,
          eventId: r.eventId,
          eventName: r.eventName,
          selectionName: r.outcomeName,
          oldOdds: formatOdds(r.oldPriceMilli),
          newOdds: formatOdds(r.newPriceMilli),
          changedAt: r.changedAt.toISOString(),
        })),
      },
      200,
    );
  },
);

bettingDataRoutes.openapi(
  createRoute({
    method: "get",
    path: "/betting/activity",
    tags: ["Betting page"],
    summary: "Recent bets by all customers, newest first, each customer shown only by initials",
    request: { query: ActivityQuery },
    responses: { 200: json(ActivityResponse, "Recent bets"), ...errorResponses(400) },
  }),
  async (c) => {
    const { limit } = c.req.valid("query");
    const bets = await recentActivity(ctxOf(c), limit);
    const items = await Promise.all(
      bets.map(async (b) => {
        const single = b.legs.length === 1;
        return {
          id: await activityId(b.id),
          who: initialsOf(b.customer.firstName, b.customer.lastName),
          betType: b.betType,
          legs: b.legs.length,
          eventName: single ? b.legs[0].eventName : `Multiple (${b.legs.length} legs)`,
          selectionName: single ? b.legs[0].selectionName : b.legs.map((l) => l.selectionName).join(" + "),
          stake: b.stake,
          totalOdds: formatOdds(b.totalOddsMilli),
          placedAt: b.placedAt.toISOString(),
        };
      }),
    );
    return c.json({ items }, 200);
  },
);
