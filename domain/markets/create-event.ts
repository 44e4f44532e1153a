/**
 * createEvent: an admin adds an upcoming event with its match-winner market priced home / draw /
 * away. The draw price is required for sports with a draw and refused for the others. Racing is
 * refused here: a race's market is its runners, so a race meeting is created elsewhere.
 * Event, market, outcomes and audit record are one write.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { formatOdds, parseOdds } from "../shared/odds.ts";
import type { EventView, SportCode } from "../shared/types.ts";

export interface CreateEventInput {
  sport: SportCode;
  league: string;
  homeTeam: string;
  awayTeam: string;
  startTime: string;
  featured?: boolean;
  description?: string;
  prices: { home: string; draw?: string; away: string };
}

const clean = (s: string) => s.trim().replace(/\s+/g, " ");
const invalid = (message: string, field: string) => err(domainError("EVENT.INVALID", message, { field }));

export async function createEvent(ctx: Ctx, input: CreateEventInput): Promise<Result<EventView>> {
  const who = requireRole(ctx.actor, ["admin"], "create events");
  if (!who.ok) return who;
  const actor = who.value;
  const markets = ctx.ports.markets;
  const sport = await markets.sport(input.sport);
  if (!sport) return invalid("Unknown sport", "sport");
  if (sport.code === "racing") return invalid("A race needs its runners: racing events cannot be created with home and away prices", "sport");
  const [league, home, away] = [clean(input.league), clean(input.homeTeam), clean(input.awayTeam)];
  if (!league) return invalid("League is required", "league");
  if (!home) return invalid("Home team is required", "homeTeam");
  if (!away) return invalid("Away team is required", "awayTeam");
  if (home.toLowerCase() === away.toLowerCase()) return invalid("Home and away must be different sides", "awayTeam");
  const start = new Date(input.startTime);
  const now = ctx.clock.now();
  if (Number.isNaN(start.getTime())) return invalid("Start time must be an ISO date-time", "startTime");
  if (start.getTime() <= now.getTime()) return invalid("Start time must be in the future", "startTime");
  const homeP = parseOdds(input.prices.home);
  const awayP = parseOdds(input.prices.away);
  const drawP = input.prices.draw === undefined ? null : parseOdds(input.prices.draw);
  if (homeP === null) return invalid("Home price must be between 1.01 and 1000", "prices.home");
  if (awayP === null) return invalid("Away price must be between 1.01 and 1000", "prices.away");
  if (input.prices.draw !== undefined && drawP === null) return invalid("Draw price must be between 1.01 and 1000", "prices.draw");
  if (sport.hasDraw && drawP === null) return invalid(`${sport.name} has a draw: give a draw price`, "prices.draw");
  if (!sport.hasDraw && drawP !== null) return invalid(`${sport.name} has no draw: leave the draw price out`, "prices.draw");

  const id = ctx.ids.next("evt");
  const marketId = `${id}-m1`;
  const name = `${home} vs ${away}`;
  const outcomes = [
    { id: `${marketId}-o1`, name: home, priceMilli: homeP, code: "home" },
    ...(drawP !== null ? [{ id: `${marketId}-o2`, name: "Draw", priceMilli: drawP, code: "draw" }] : []),
    { id: `${marketId}-o${drawP !== null ? 3 : 2}`, name: away, priceMilli: awayP, code: "away" },
  ];
  const plan = {
    event: {
      id, sport: sport.code, league, homeTeam: home, awayTeam: away, name,
      description: clean(input.description ?? "") || `${league}: ${home} v ${away}`,
      startTime: start, featured: input.featured ?? false, createdAt: now,
    },
    market: {
      market: { id: marketId, eventId: id, type: "full_time_result" as const, name: sport.hasDraw ? "Match Result" : "Head to Head", description: null, createdAt: now },
      outcomes,
    },
  };
  const created = await markets.createEvent(plan, {
    id: ctx.ids.next("aud"),
    actorId: actor.id,
    actorRole: actor.role,
    action: "event.create",
    entityType: "event",
    entityId: id,
    before: null,
    after: {
      sport: sport.code, league, homeTeam: home, awayTeam: away, startTime: start.toISOString(), featured: plan.event.featured,
      market: { id: marketId, outcomes: outcomes.map((o) => ({ id: o.id, name: o.name, odds: formatOdds(o.priceMilli) })) },
    },
    createdAt: now,
  });
  if (created === "duplicate") return err(domainError("EVENT.INVALID", "An event with that id exists; try again", { field: "id" }));
  return ok((await ctx.ports.events.findById(id))!);
}
