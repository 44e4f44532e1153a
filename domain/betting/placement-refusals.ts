/**
 * The placement limits as the use case applies them: the figures read through the PlacementLimits
 * port, the rule in placement-limits.ts, and the refusal the slip shows (with `maxStake`, the
 * largest stake that fits, for its counter-offer).
 */
import { domainError, type DomainError } from "../shared/result.ts";
import { returnFor, formatOdds } from "../shared/odds.ts";
import type { PricedOutcome } from "../shared/types.ts";
import { formatMoney } from "../shared/money.ts";
import { returnAtOdds } from "./same-game-multi.ts";
import type { BetType } from "./slip.ts";
import { eachWayReturnIfWon, type EachWayTerms } from "../settlement/each-way.ts";
import { checkPlacementLimits, type LimitRefusal, type PlacementExposure } from "./placement-limits.ts";

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

export function limitRefusalError(r: LimitRefusal): DomainError {
  switch (r.code) {
    case "BET.ODDS_TOO_HIGH":
      return domainError(r.code, `These selections combine to odds above ${formatOdds(r.maxOdds)}; remove a selection`, { maxOdds: formatOdds(r.maxOdds) });
    case "BET.STAKE_TOO_HIGH":
      return domainError(r.code, `The maximum stake on this account at these odds is ${formatMoney(r.maxStake)}`, { maxStake: r.maxStake });
    case "BET.MAX_PAYOUT":
      return domainError(
        r.code,
        r.limit === "per_bet"
          ? `This bet would pay more than the maximum payout per bet; max stake for this selection is ${formatMoney(r.maxStake)}`
          : `This bet would take your payouts in 24 hours past the maximum; max stake for this selection is ${formatMoney(r.maxStake)}`,
        { maxStake: r.maxStake, limit: r.limit },
      );
    case "BET.LIABILITY_LIMIT":
      return domainError(r.code, `Max stake for this selection is ${formatMoney(r.maxStake)}`, { maxStake: r.maxStake, outcomeId: r.outcomeId });
    case "BET.EVENT_LIMIT":
      return domainError(r.code, `The book on this event is full; max stake for this selection is ${formatMoney(r.maxStake)}`, { maxStake: r.maxStake, eventId: r.eventId });
  }
}
