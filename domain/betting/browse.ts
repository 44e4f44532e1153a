/**
 * What anyone may read on the betting pages: events with their markets, the next races, recent price
 * rises (boosts) and recent bets (the activity feed, shown by initials only). Public: no role needed.
 */
import type { Ctx } from "../shared/context.ts";
import type { BetRecord, EventView, SportCode } from "../shared/types.ts";
import type { EventListStatus, PriceRise } from "../ports/index.ts";

/** How far back a price rise counts as a boost. */
export const BOOST_WINDOW_MS = 60 * 60 * 1000;

export function browseEvents(ctx: Ctx, filter: { status: EventListStatus; limit: number; sport?: SportCode }): Promise<EventView[]> {
  return ctx.ports.events.list(filter);
}

/** How long an in-play bet on this sport waits before it is placed (shown with each event). */
export function inPlayDelayOf(ctx: Ctx, sport: SportCode): number {
  return ctx.ports.inPlay.delayMs(sport);
}

export function nextRaces(ctx: Ctx, limit: number): Promise<EventView[]> {
  return ctx.ports.events.list({ status: "upcoming", sport: "racing", limit });
}

export function recentBoosts(ctx: Ctx, limit: number): Promise<PriceRise[]> {
  return ctx.ports.priceHistory.risesSince(new Date(ctx.clock.now().getTime() - BOOST_WINDOW_MS), limit);
}

export function recentActivity(ctx: Ctx, limit: number): Promise<(BetRecord & { customer: { firstName: string; lastName: string } })[]> {
  return ctx.ports.bets.listAll(limit);
}
