/**
 * The bet builder's price: quote and placement both come here, so a customer is never quoted a
 * price that placement would compute differently. The legs' market, outcome code and line and the
 * event's model and state are read from the database (the SameGameMultis port) and priced by
 * domain/pricing/sgm.ts at the event's current state; refusals are the pricer's stable codes
 * (SGM.NOT_OFFERED, SGM.SAME_MARKET, SGM.CONTRADICTORY_LEGS, SGM.CORRELATED_LEGS, and
 * BET.SGM_PRICE_TOO_LOW for a combination priced below 1.01).
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { formatOdds, parseOdds } from "../shared/odds.ts";
import type { PricedOutcome } from "../shared/types.ts";
import { priceSgm, subsetPrices, type SgmLegSpec } from "../pricing/sgm.ts";
import { MIN_STAKE_CENTS, validateSlip } from "./slip.ts";
import { checkSelectionStates, priceAcceptable } from "./placement/selections.ts";
import type { PriceChangePolicy } from "../accounts/settings.ts";

export interface SgmPriced {
  oddsMilli: number;
  /** Every subset's price keyed by the given leg keys (pricing/sgm.ts subsetPrices), for grading a void leg. */
  subsetPrices: Record<string, number>;
}

/**
 * Price the legs (one event, in slip order) at their current offered prices. `legKeys` name the
 * legs in the subset table (the bet's leg ids at placement; outcome ids otherwise).
 */
export async function priceSameGameMulti(ctx: Ctx, legs: readonly PricedOutcome[], legKeys?: readonly string[]): Promise<Result<SgmPriced>> {
  const inputs = new Map((await ctx.ports.sameGameMultis.legInputs(legs.map((l) => l.outcomeId))).map((i) => [i.outcomeId, i]));
  const first = inputs.get(legs[0]?.outcomeId ?? "");
  const model = first?.model ?? null;
  const state = first?.state ?? null;
  if (!first || !model || !state || legs.some((l) => !inputs.has(l.outcomeId) || inputs.get(l.outcomeId)!.eventId !== first.eventId))
    return err(domainError("SGM.NOT_OFFERED", "Same game multis are not offered on this event"));
  const specs: SgmLegSpec[] = legs.map((l, i) => {
    const x = inputs.get(l.outcomeId)!;
    return {
      key: legKeys?.[i] ?? l.outcomeId,
      marketId: x.marketId,
      type: x.marketType,
      line: x.line,
      code: x.code,
      marketCodes: x.marketCodes,
      offeredMilli: l.priceMilli,
      name: `${l.outcomeName} (${l.marketName})`,
    };
  });
  const q = priceSgm(specs, state, model);
  if (!q.ok) return err(domainError(q.code, q.message));
  return ok({ oddsMilli: q.oddsMilli, subsetPrices: subsetPrices(specs, state, model, q.oddsMilli) });
}

export interface SgmQuote {
  odds: string;
  legs: { outcomeId: string; odds: string }[];
}

/**
 * The bet builder's quote: the same checks as placement (2-4 selections of one event, one per
 * market, every selection still bettable) and the same price. Anyone may ask; nothing is written.
 */
export async function quoteSameGameMulti(
  ctx: Ctx,
  selections: readonly { eventId: string; marketId: string; outcomeId: string }[],
): Promise<Result<SgmQuote>> {
  const problem = validateSlip({ selections, stakeCents: MIN_STAKE_CENTS, betType: "same_game_multi" });
  if (problem) return err(domainError(problem.code, problem.message));
  const found = new Map((await ctx.ports.events.pricedOutcomes(selections.map((s) => s.outcomeId))).map((p) => [p.outcomeId, p]));
  const now = ctx.clock.now();
  const state = checkSelectionStates({ selections }, found, now);
  if (state) return err(state);
  const legs = selections.map((s) => found.get(s.outcomeId)!);
  const priced = await priceSameGameMulti(ctx, legs);
  if (!priced.ok) return priced;
  return ok({ odds: formatOdds(priced.value.oddsMilli), legs: legs.map((l) => ({ outcomeId: l.outcomeId, odds: formatOdds(l.priceMilli) })) });
}

/**
 * Placement's same game multi price: re-priced at the current state (after any in-play delay), with
 * the subset table keyed by the bet's leg ids (`${betId}-${legNo}`). With the quoted price on the
 * request, the new price must be acceptable under the customer's price-change policy (otherwise
 * BET.ODDS_CHANGED with the current price); the bet is written at the new price.
 */
export async function priceSgmForPlacement(
  ctx: Ctx,
  input: { selections: readonly { outcomeId: string }[]; sgmOdds?: string },
  found: ReadonlyMap<string, PricedOutcome>,
  betId: string,
  policy: PriceChangePolicy,
): Promise<Result<SgmPriced>> {
  const legs = input.selections.map((s) => found.get(s.outcomeId)!);
  const priced = await priceSameGameMulti(ctx, legs, legs.map((_, i) => `${betId}-${i + 1}`));
  if (!priced.ok) return priced;
  if (input.sgmOdds !== undefined) {
    const seen = parseOdds(input.sgmOdds);
    if (seen === null) return err(domainError("REQUEST.INVALID", "Odds must be between 1.01 and 1000", { field: "sgmOdds" }));
    if (!priceAcceptable(policy, seen, priced.value.oddsMilli))
      return err(
        domainError("BET.ODDS_CHANGED", `The same game multi's price changed to ${formatOdds(priced.value.oddsMilli)}`, {
          sgmOdds: formatOdds(priced.value.oddsMilli),
        }),
      );
  }
  return priced;
}
