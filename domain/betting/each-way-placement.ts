/**
 * Each-way placement (docs/money.md "Each way and Rule 4"): a single on a market with place terms
 * may be struck each way. The customer names the unit stake; the bet's stake is 2 x unit (the win
 * part and the place part), taken in full by the ledger and counted in full by every limit; its
 * potential return is both parts won. The bet keeps the market's terms as they were at placement.
 * Refused: in a multiple or same game multi (BET.EACH_WAY_SINGLES_ONLY), on a market without terms
 * (BET.EACH_WAY_NOT_OFFERED).
 */
import { domainError, err, ok, type DomainError, type Result } from "../shared/result.ts";
import type { PricedOutcome } from "../shared/types.ts";
import type { EachWayTerms } from "../settlement/each-way.ts";
import type { LimitRefusal } from "./placement-limits.ts";

interface EachWayInput {
  betType: string;
  stake: number;
  eachWay?: boolean;
  selections: readonly { outcomeId: string }[];
}

/** The slip-level refusal, before anything is read: each way is for singles only. */
export function eachWaySlipProblem(input: EachWayInput): DomainError | null {
  if (!input.eachWay) return null;
  if (input.betType !== "single" || input.selections.length !== 1)
    return domainError("BET.EACH_WAY_SINGLES_ONLY", "Each way is offered on singles only", { field: "eachWay" });
  return null;
}

/** The bet's stake: 2 x the unit stake each way, else the stake. */
export const betStakeOf = (input: EachWayInput): number => (input.eachWay ? input.stake * 2 : input.stake);

/** The terms the bet is struck at (null for a win-only bet); refused when the market offers no each way. */
export function eachWayTermsFor(input: EachWayInput, found: ReadonlyMap<string, PricedOutcome>): Result<EachWayTerms | null> {
  if (!input.eachWay) return ok(null);
  const p = found.get(input.selections[0].outcomeId);
  const terms = p?.eachWay ?? null;
  if (!terms) return err(domainError("BET.EACH_WAY_NOT_OFFERED", `The ${p?.marketName ?? "selected"} market has no each-way terms`, { field: "eachWay" }));
  return ok({ fractionNum: terms.fractionNum, fractionDen: terms.fractionDen, places: terms.places });
}

/** A limit's counter-offer in unit stakes (what the slip's stake field holds) for an each-way bet. */
export function inUnitStakes(r: LimitRefusal, terms: EachWayTerms | null): LimitRefusal {
  if (!terms || !("maxStake" in r)) return r;
  return { ...r, maxStake: Math.floor(r.maxStake / 2) };
}
