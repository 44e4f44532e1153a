/**
 * The placement limits as the use case applies them: the figures read through the PlacementLimits
 * port, the rule in ../placement-limits.ts, and the refusal the slip shows (with `maxStake`, the
 * largest stake that fits, for its counter-offer), worded by admission-rules.ts.
 */
import { domainError, type DomainError } from "../../shared/result.ts";
import { returnFor, formatOdds } from "../../shared/odds.ts";
import type { PricedOutcome } from "../../shared/types.ts";
import { returnAtOdds } from "../same-game-multi.ts";
import type { BetType } from "../slip.ts";
import { eachWayReturnIfWon, type EachWayTerms } from "../../settlement/each-way.ts";
import { checkPlacementLimits, type LimitRefusal, type PlacementExposure } from "../placement-limits.ts";
import { ADMISSION_RULES } from "./admission-rules.ts";

export interface LimitCheck {
  stake: number;
  betType: BetType;
  legOdds: readonly number[];
  totalOddsMilli: number;
  found: readonly PricedOutcome[];
  /** An each-way single: `stake` is the total (2 x unit) and a win pays both parts (each-way.ts). */
  eachWay?: EachWayTerms | null;
}

export function limitRefusalOf(check: LimitCheck, exposure: PlacementExposure): LimitRefusal | null {
  const ew = check.eachWay;
  const returnOf = ew
    ? (s: number) => eachWayReturnIfWon(Math.floor(s / 2), check.legOdds[0], ew)
    : check.betType === "same_game_multi"
      ? (s: number) => returnAtOdds(s, check.totalOddsMilli)
      : (s: number) => returnFor(s, check.legOdds);
  return checkPlacementLimits({
    stake: check.stake,
    totalOddsMilli: check.totalOddsMilli,
    sports: check.found.map((p) => p.sport),
    returnOf,
    exposure,
  });
}

/** The refusal the slip shows for a limit, worded by the limit's admission rule. */
export function limitRefusalError(r: LimitRefusal): DomainError {
  switch (r.code) {
    case "BET.ODDS_TOO_HIGH":
      return domainError(r.code, ADMISSION_RULES.oddsCeiling.message(r.maxOdds), { maxOdds: formatOdds(r.maxOdds) });
    case "BET.STAKE_TOO_HIGH":
      return domainError(r.code, ADMISSION_RULES.stakeFactor.message(r.maxStake), { maxStake: r.maxStake });
    case "BET.MAX_PAYOUT":
      return domainError(r.code, ADMISSION_RULES.maxPayout.message(r.maxStake, r.limit), { maxStake: r.maxStake, limit: r.limit });
    case "BET.LIABILITY_LIMIT":
      return domainError(r.code, ADMISSION_RULES.liability.message(r.maxStake), { maxStake: r.maxStake, outcomeId: r.outcomeId });
    case "BET.EVENT_LIMIT":
      return domainError(r.code, ADMISSION_RULES.eventLimit.message(r.maxStake), { maxStake: r.maxStake, eventId: r.eventId });
  }
}
