/**
 * Popular same game multis for the betting page, from real data only: first the combinations
 * customers have actually placed as same game multis on events still open (most placed first), then
 * combinations built from each open event's own markets: the favourite of the result market, the
 * "Over" side of the totals market and "Yes" to both teams scoring, where those markets are open.
 * Punters = the number of real same game multis placed on exactly those legs.
 */
import type { Ctx } from "../shared/context.ts";
import { formatOdds } from "../shared/odds.ts";
import type { EventView, MarketView, PricedOutcome } from "../shared/types.ts";
import { SGM_MAX_LEGS, SGM_MIN_LEGS } from "./same-game-multi.ts";
import { priceSameGameMulti } from "./sgm-quote.ts";

export interface SgmLegView {
  outcomeId: string;
  marketId: string;
  marketName: string;
  selectionName: string;
  odds: string;
}
export interface SgmView {
  eventId: string;
  eventName: string;
  legs: SgmLegView[];
  odds: string;
  punters: number;
}

const key = (ids: readonly string[]) => [...ids].sort().join("|");

/** The legs a suggestion takes from one event's open markets, in market order. */
export function suggestedLegs(markets: readonly MarketView[]): { market: MarketView; outcomeId: string }[] {
  const legs: { market: MarketView; outcomeId: string }[] = [];
  for (const m of markets) {
    // Outcomes the match has decided are not offered.
    const open = m.outcomes.filter((o) => !o.result);
    if (m.status !== "open" || open.length === 0) continue;
    let pick: string | undefined;
    if (m.type === "full_time_result") pick = [...open].sort((a, b) => a.priceMilli - b.priceMilli)[0].id;
    else if (m.type === "over_under") pick = open.find((o) => /^over\b/i.test(o.name))?.id;
    else if (m.type === "both_teams_score") pick = open.find((o) => /^yes$/i.test(o.name))?.id;
    if (pick) legs.push({ market: m, outcomeId: pick });
  }
  return legs.slice(0, SGM_MAX_LEGS);
}

/** The view of a combination that may be offered, without its price (repriced gives it). */
function fromPriced(eventId: string, eventName: string, legs: PricedOutcome[], punters: number): Omit<SgmView, "odds"> | null {
  if (legs.length < SGM_MIN_LEGS || legs.length > SGM_MAX_LEGS) return null;
  if (legs.some((l) => l.eventId !== eventId || l.marketStatus !== "open" || l.eventStatus === "finished" || l.outcomeResult !== null)) return null;
  if (new Set(legs.map((l) => l.marketId)).size !== legs.length) return null;
  return {
    eventId,
    eventName,
    legs: legs.map((l) => ({ outcomeId: l.outcomeId, marketId: l.marketId, marketName: l.marketName, selectionName: l.outcomeName, odds: formatOdds(l.priceMilli) })),
    punters,
  };
}

const pricedFromEvent = (e: EventView, legs: { market: MarketView; outcomeId: string }[]): PricedOutcome[] =>
  legs.map(({ market, outcomeId }) => {
    const o = market.outcomes.find((x) => x.id === outcomeId)!;
    return {
      outcomeId, outcomeName: o.name, priceMilli: o.priceMilli, marketId: market.id, marketName: market.name,
      marketStatus: market.status, eventId: e.id, eventName: e.name, eventStatus: e.status,
      sport: e.sport, eventStartTime: e.startTime, eventSuspendedUntil: e.suspendedUntil ?? null, outcomeResult: o.result ?? null,
    };
  });

/** The view at the bet builder's own price (sgm-quote.ts), or null when the pricer refuses the legs. */
async function repriced(ctx: Ctx, view: Omit<SgmView, "odds"> | null, legs: readonly PricedOutcome[]): Promise<SgmView | null> {
  if (!view) return null;
  const q = await priceSameGameMulti(ctx, legs);
  return q.ok ? { ...view, odds: formatOdds(q.value.oddsMilli) } : null;
}

export async function sameGameMultiSuggestions(ctx: Ctx, limit: number): Promise<SgmView[]> {
  const stats = ctx.ports.sameGameMultis;
  const out: SgmView[] = [];
  const seen = new Set<string>();

  for (const combo of await stats.popular(limit)) {
    const priced = await ctx.ports.events.pricedOutcomes(combo.outcomeIds);
    if (priced.length !== combo.outcomeIds.length) continue;
    const view = await repriced(ctx, fromPriced(combo.eventId, priced[0].eventName, priced, combo.punters), priced);
    if (view && !seen.has(key(combo.outcomeIds))) {
      out.push(view);
      seen.add(key(combo.outcomeIds));
    }
    if (out.length >= limit) return out;
  }

  const events = await ctx.ports.events.list({ status: "open", limit: 50 });
  const candidates: { event: EventView; priced: PricedOutcome[] }[] = [];
  for (const e of [...events].sort((a, b) => Number(b.featured) - Number(a.featured))) {
    const legs = suggestedLegs(e.markets);
    if (legs.length < SGM_MIN_LEGS || seen.has(key(legs.map((l) => l.outcomeId)))) continue;
    candidates.push({ event: e, priced: pricedFromEvent(e, legs) });
    if (out.length + candidates.length >= limit) break;
  }
  const punters = await stats.punters(candidates.map((c) => c.priced.map((p) => p.outcomeId)));
  for (const [i, c] of candidates.entries()) {
    const view = await repriced(ctx, fromPriced(c.event.id, c.event.name, c.priced, punters[i] ?? 0), c.priced);
    if (view && out.length < limit) out.push(view);
  }
  return out;
}
