/**
 * The price steps of placement: every selection against its current price and state under the
 * customer's price-change policy (selections.ts), the each-way terms, the in-play delay and the
 * second look after it, then the bet's price and potential return (a same game multi re-priced by
 * the quote's own function), and the one limit that needs no figures, the combined-odds ceiling.
 */
import type { Ctx } from "../../shared/context.ts";
import type { DomainError } from "../../shared/result.ts";
import { combinedOddsMilli, returnFor } from "../../shared/odds.ts";
import type { PricedOutcome, User } from "../../shared/types.ts";
import type { PriceChangePolicy } from "../../accounts/settings.ts";
import type { PeriodLimits } from "../../responsible/limits.ts";
import { eachWayReturnIfWon } from "../../settlement/each-way.ts";
import { returnAtOdds } from "../same-game-multi.ts";
import { priceSgmForPlacement } from "../sgm-quote.ts";
import { inPlayDelayFor } from "../in-play.ts";
import { liabilityBaseFor, minStakeFactorBp, oddsRefusal } from "../placement-limits.ts";
import { betStakeOf, eachWayTermsFor } from "../each-way-placement.ts";
import { checkSelections } from "./selections.ts";
import { limitRefusalError } from "./limit-refusals.ts";
import type { PlaceBetInput, Placement } from "./types.ts";

const NO_LEGS: number[] = [];

export const byOutcome = (outcomes: readonly PricedOutcome[]): Map<string, PricedOutcome> => new Map(outcomes.map((p) => [p.outcomeId, p]));

/** The bet being placed, once the customer's gates have passed and the prices are read. */
export function placementOf(
  user: User,
  input: PlaceBetInput,
  policy: PriceChangePolicy,
  lossLimits: PeriodLimits,
  listed: boolean,
  outcomeIds: string[],
  found: Map<string, PricedOutcome>,
  now: Date,
): Placement {
  return {
    user, input: { ...input, stake: betStakeOf(input) }, unitStake: input.stake, policy, lossLimits, listed, outcomeIds, now, found,
    eachWay: null, betId: "", legOdds: NO_LEGS, totalOddsMilli: 0, potentialReturn: 0, sgmPrices: undefined, minFactorBp: 0, response: undefined,
  };
}

/** Each selection at its current price and state, and the each-way terms: the first refusal, or null. */
export function checkPrices(p: Placement): DomainError | null {
  const refusal = checkSelections(p.input, p.found, p.now, p.policy);
  if (refusal) return refusal;
  const eachWay = eachWayTermsFor(p.input, p.found);
  if (!eachWay.ok) return eachWay.error;
  p.eachWay = eachWay.value;
  return null;
}

/** The in-play bet delay of the slip (the longest of its live legs' sports), 0 before the off. */
export const inPlayDelay = (ctx: Ctx, p: Placement): number => inPlayDelayFor([...p.found.values()], (sport) => ctx.ports.inPlay.delayMs(sport));

/** Wait the bet delay, then check again at the prices and state after it, read as of now (in-play.ts). */
export async function afterDelay(ctx: Ctx, p: Placement, delay: number): Promise<DomainError | null> {
  await ctx.ports.inPlay.wait(delay);
  p.now = ctx.clock.now();
  p.found = byOutcome(await ctx.ports.events.pricedOutcomes(p.outcomeIds));
  return checkSelections(p.input, p.found, p.now, p.policy);
}

/** The bet's id and its legs at the current prices: equal to the seen ones under "refuse", acceptable ones otherwise. */
function strike(ctx: Ctx, p: Placement): void {
  p.betId = ctx.ids.next("bet");
  p.legOdds = p.input.selections.map((s) => p.found.get(s.outcomeId)!.priceMilli);
}

/** A single or a multiple: its price is its legs' (combined), its potential return both parts won each way. */
export function priceLegs(ctx: Ctx, p: Placement): null {
  strike(ctx, p);
  p.totalOddsMilli = p.input.betType === "single" ? p.legOdds[0] : combinedOddsMilli(p.legOdds);
  p.potentialReturn = p.eachWay ? eachWayReturnIfWon(p.unitStake, p.legOdds[0], p.eachWay) : returnFor(p.input.stake, p.legOdds);
  return null;
}

/** A same game multi, re-priced here at the state after any delay by the quote's own function (sgm-quote.ts). */
export async function priceSameGame(ctx: Ctx, p: Placement): Promise<DomainError | null> {
  strike(ctx, p);
  const sgm = await priceSgmForPlacement(ctx, p.input, p.found, p.betId, p.policy);
  if (!sgm.ok) return sgm.error;
  p.totalOddsMilli = sgm.value.oddsMilli;
  p.sgmPrices = sgm.value.subsetPrices;
  p.potentialReturn = returnAtOdds(p.input.stake, p.totalOddsMilli);
  return null;
}

/**
 * The limits. Those that need the book's figures (the stake factor, the payout ceilings, the market
 * and event liability limits) are checked by the write itself: the stake-factor assertion and the
 * triggers on bets and bet_legs (admission-rules.ts). Most bets fit, so those figures are read only
 * when the write refuses, to say which limit and the largest stake that fits (explain.ts). The
 * combined-odds ceiling needs no figures and refuses here.
 */
export function limit(p: Placement): DomainError | null {
  const ceiling = oddsRefusal(p.totalOddsMilli);
  if (ceiling) return limitRefusalError(ceiling);
  // The least stake factor this stake needs, asserted inside the write against the factor then.
  p.minFactorBp = minStakeFactorBp(liabilityBaseFor([...p.found.values()].map((o) => o.sport)), p.input.stake, p.totalOddsMilli);
  return null;
}
