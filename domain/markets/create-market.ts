/**
 * createMarket: an admin or trader adds a market with priced outcomes to an event that has not
 * finished (the Create New Market dialog). Outcome names must differ (ignoring case and spaces);
 * the event may not already have a market of that name. Market, outcomes and audit record are one
 * write, which re-checks the event and the name.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { parseOdds, formatOdds } from "../shared/odds.ts";
import { type MarketRecord } from "../ports/index.ts";
import type { MarketType } from "../shared/types.ts";
import { isAnyOther, marketShape } from "./market-shape.ts";
import { checkBook, type PriceConfirmation } from "../trading/price-sanity.ts";
import { defaultPlaceTerms, placeTermsProblem, type EachWayTerms } from "../settlement/each-way.ts";

export const MARKET_MAKERS = ["admin", "trader"] as const;

export interface CreateMarketInput {
  eventId: string;
  marketType: MarketType;
  name: string;
  description?: string;
  outcomes: { name: string; odds: string }[];
  /** Needed when the book is outside the price-sanity range (domain/trading/price-sanity.ts); audited. */
  confirm?: PriceConfirmation;
  /**
   * Each-way place terms (racing winner markets only): omitted = the standard terms by field size
   * (each-way.ts defaultPlaceTerms), null = no each way, or the trader's own terms.
   */
  eachWay?: EachWayTerms | null;
}

const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/** Outcome names and prices, checked: 2..20 outcomes, distinct names, prices 1.01..1000. */
export function checkOutcomes(outcomes: readonly { name: string; odds: string }[]): Result<{ name: string; priceMilli: number }[]> {
  if (outcomes.length < 2 || outcomes.length > 20)
    return err(domainError("REQUEST.INVALID", "A market needs between 2 and 20 outcomes", { field: "outcomes" }));
  const seen = new Set<string>();
  const out: { name: string; priceMilli: number }[] = [];
  for (const [i, o] of outcomes.entries()) {
    const name = o.name.trim().replace(/\s+/g, " ");
    if (!name) return err(domainError("REQUEST.INVALID", `Outcome ${i + 1} needs a name`, { field: `outcomes.${i}.name` }));
    if (seen.has(norm(name)))
      return err(domainError("MARKET.DUPLICATE_OUTCOME", `Two outcomes are called "${name}"`, { field: `outcomes.${i}.name` }));
    seen.add(norm(name));
    const priceMilli = parseOdds(o.odds);
    if (priceMilli === null)
      return err(domainError("REQUEST.INVALID", `Outcome ${i + 1}: odds must be between 1.01 and 1000`, { field: `outcomes.${i}.odds` }));
    out.push({ name, priceMilli });
  }
  return ok(out);
}

/**
 * A market's each-way terms: only a racing winner market (full_time_result) may have them; omitted,
 * it gets the standard terms by field size. Refused: MARKET.EACH_WAY_NOT_OFFERED (terms on another
 * market), MARKET.EACH_WAY_TERMS_INVALID (a fraction outside (0, 1], places outside 1..runners-1).
 */
export function placeTermsFor(sport: string, input: Pick<CreateMarketInput, "marketType" | "eachWay">, runners: number): Result<EachWayTerms | null> {
  const racingWinner = sport === "racing" && input.marketType === "full_time_result";
  if (input.eachWay === undefined) return ok(racingWinner ? defaultPlaceTerms(runners) : null);
  if (input.eachWay === null) return ok(null);
  if (!racingWinner) return err(domainError("MARKET.EACH_WAY_NOT_OFFERED", "Each-way terms are for a race's winner market only", { field: "eachWay" }));
  const problem = placeTermsProblem(input.eachWay, runners);
  if (problem) return err(domainError("MARKET.EACH_WAY_TERMS_INVALID", problem, { field: "eachWay" }));
  return ok({ fractionNum: input.eachWay.fractionNum, fractionDen: input.eachWay.fractionDen, places: input.eachWay.places });
}

export async function createMarket(ctx: Ctx, input: CreateMarketInput): Promise<Result<MarketRecord>> {
  const who = requireRole(ctx.actor, MARKET_MAKERS, "create markets");
  if (!who.ok) return who;
  const actor = who.value;
  const markets = ctx.ports.markets;
  const name = input.name.trim().replace(/\s+/g, " ");
  if (!name) return err(domainError("REQUEST.INVALID", "Market Name is required", { field: "name" }));
  const outcomes = checkOutcomes(input.outcomes);
  if (!outcomes.ok) return outcomes;
  const event = await ctx.ports.events.findById(input.eventId);
  if (!event) return err(domainError("EVENT.NOT_FOUND", "No event with that id"));
  if (event.status === "finished") return err(domainError("MARKET.EVENT_FINISHED", `${event.name} has finished; it takes no new markets`));
  if (event.markets.some((m) => norm(m.name) === norm(name)))
    return err(domainError("MARKET.DUPLICATE_NAME", `${event.name} already has a market called "${name}"`));

  const now = ctx.clock.now();
  const id = ctx.ids.next("mkt");
  // A correct-score market always has a winner: it carries "Any other" (priced to keep its book at 105%).
  if (input.marketType === "correct_score" && !outcomes.value.some((o) => isAnyOther(o.name))) {
    const book = outcomes.value.reduce((sum, o) => sum + 1000 / o.priceMilli, 0);
    const rest = 1.05 - book;
    outcomes.value.push({ name: "Any other", priceMilli: rest > 1 / 1000 ? Math.max(1010, Math.floor(1000 / rest / 10) * 10) : 50_000 });
  }
  // The outcomes must be what the type grades (market-shape.ts), or the results job could not settle it.
  const shape = marketShape(input.marketType, event, outcomes.value.map((o) => o.name), name);
  if (!shape.ok) return shape;
  const sanity = checkBook(outcomes.value.map((o) => o.priceMilli), input.confirm);
  if (!sanity.ok) return sanity;
  const eachWay = placeTermsFor(event.sport, input, outcomes.value.length);
  if (!eachWay.ok) return eachWay;
  const { codes, line } = shape.value;
  const plan = {
    market: { id, eventId: event.id, type: input.marketType, name, description: input.description?.trim() || null, createdAt: now, line, eachWay: eachWay.value },
    outcomes: outcomes.value.map((o, i) => ({ id: `${id}-o${i + 1}`, name: o.name, priceMilli: o.priceMilli, code: codes[i] })),
  };
  const created = await markets.create(plan, {
    id: ctx.ids.next("aud"),
    actorId: actor.id,
    actorRole: actor.role,
    action: "market.create",
    entityType: "market",
    entityId: id,
    before: null,
    after: {
      eventId: event.id,
      type: input.marketType,
      name,
      description: plan.market.description,
      outcomes: plan.outcomes.map((o) => ({ id: o.id, name: o.name, odds: formatOdds(o.priceMilli) })),
      overround: sanity.value.overround,
      ...(eachWay.value ? { eachWay: eachWay.value } : {}),
      ...(sanity.value.confirmedReason ? { overroundConfirmedReason: sanity.value.confirmedReason } : {}),
    },
    createdAt: now,
  });
  if (created === "event_not_found") return err(domainError("EVENT.NOT_FOUND", "No event with that id"));
  if (created === "event_finished") return err(domainError("MARKET.EVENT_FINISHED", `${event.name} has finished; it takes no new markets`));
  if (created === "duplicate_name") return err(domainError("MARKET.DUPLICATE_NAME", `${event.name} already has a market called "${name}"`));
  return ok((await markets.findById(id))!);
}
