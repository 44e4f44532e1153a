/**
 * A market created without outcomes (the spec's create-market body {eventId, marketType, name,
 * description}): the standard outcomes of its type, priced by the event's model with the book's
 * margin (domain/pricing priceMarket), then created like any other market (createMarket).
 *
 * - full_time_result: home, Draw (when the sport's model has a draw), away;
 * - over_under: Over/Under at the line in the name ("Over/Under 2.5 Goals" -> 2.5);
 * - handicap: home and away at the home line in the name ("Asian Handicap -1.5" -> home -1.5, away +1.5);
 * - both_teams_score: Yes, No;
 * - correct_score: the twelve common scores and "Any other".
 * The names are those of market-shape.ts (defaultOutcomeNames), so they pass its checks.
 * A type the model cannot price (a race's result needs its runners; both teams to score outside
 * soccer, hockey and MLB; a name without a line), or prices too short to offer (1.02 or shorter),
 * is refused with MARKET.CANNOT_PRICE.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { formatOdds } from "../shared/odds.ts";
import type { MarketType, SportCode, MatchModel, MatchState } from "../shared/types.ts";
import { quoteMarket } from "../pricing/price.ts";
import type { MarketRecord } from "../ports/index.ts";
import { createMarket, MARKET_MAKERS, type CreateMarketInput } from "./create-market.ts";
import { defaultOutcomeNames, marketShape } from "./market-shape.ts";

const cannot = (message: string) => err(domainError("MARKET.CANNOT_PRICE", message));

/** The standard outcomes of a market type, priced from the model and state; refused when the model prices any of them as not offered. */
export function standardOutcomes(
  type: MarketType,
  event: { sport: SportCode; homeTeam: string; awayTeam: string },
  name: string,
  basis: { state: MatchState; model: MatchModel },
): Result<{ name: string; odds: string }[]> {
  if (type === "full_time_result" && event.sport === "racing") return cannot("A race's result market is its runners: give the outcomes");
  const names = defaultOutcomeNames(type, event, name, basis.model.drawPossible);
  if (names === null)
    return cannot(type === "over_under"
      ? 'An over/under market needs its line in the name, e.g. "Over/Under 2.5 Goals"'
      : 'A handicap market needs the home side\'s line in the name, e.g. "Asian Handicap -1.5"');
  const shape = marketShape(type, event, names, name);
  if (!shape.ok) return shape;
  const outcomes = names.map((n, i) => ({ name: n, code: shape.value.codes[i] }));
  const line = shape.value.line;
  if (basis.state.phase === "finished") return cannot("The match has finished");
  const quote = quoteMarket({ type, line, codes: outcomes.map((o) => o.code) }, basis.state, basis.model);
  const prices = quote.prices;
  if (quote.tooShort)
    return cannot("The model prices this market too short to offer (a price of 1.02 or shorter); give the outcomes and prices");
  if (prices.some((p) => p === null))
    return cannot(`The ${event.sport} model does not price every outcome of this market (${outcomes.filter((_, i) => prices[i] === null).map((o) => o.name).join(", ")}); give the outcomes and prices`);
  return ok(outcomes.map((o, i) => ({ name: o.name, odds: formatOdds(prices[i]!) })));
}

/** createMarket for a body without outcomes: the type's standard outcomes at the model's prices. */
export async function createStandardMarket(ctx: Ctx, input: Omit<CreateMarketInput, "outcomes">): Promise<Result<MarketRecord>> {
  const who = requireRole(ctx.actor, MARKET_MAKERS, "create markets");
  if (!who.ok) return who;
  const event = await ctx.ports.events.findById(input.eventId);
  if (!event) return err(domainError("EVENT.NOT_FOUND", "No event with that id"));
  if (event.status === "finished") return err(domainError("MARKET.EVENT_FINISHED", `${event.name} has finished; it takes no new markets`));
  const basis = await ctx.ports.eventPricing.basisOf(event.id);
  if (!basis) return cannot("No pricing model is available for this event: give the outcomes and prices");
  const outcomes = standardOutcomes(input.marketType, event, input.name, basis);
  if (!outcomes.ok) return outcomes;
  return createMarket(ctx, { ...input, outcomes: outcomes.value });
}
