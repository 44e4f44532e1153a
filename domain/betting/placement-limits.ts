/**
 * Placement limits (docs/trading.md "Placement limits"): the odds-aware maximum stake, the maximum
 * payout per bet and per customer per day, the market liability limit and the ceilings that keep
 * every money value an exact integer far below 2^53. Pure: the use case (place-bet.ts) reads the
 * figures through the PlacementLimits port and the database re-checks liability and payout inside
 * the placement write (migration 0026).
 */
import type { SportCode } from "../shared/types.ts";
import type { OddsMilli } from "../shared/odds.ts";
import { MAX_STAKE_CENTS, MIN_STAKE_CENTS } from "./slip.ts";

/** A stake factor in basis points: 10000 = 100 % (no extra limit), 1 = 0.01 %. */
export const FULL_STAKE_FACTOR_BP = 10_000;
export const MIN_STAKE_FACTOR_BP = 1;

/** Any amount field (stake, limit, setting) is at most 100,000,000.00, so no product overflows. */
export const MAX_AMOUNT_CENTS = 10_000_000_000;
/** Combined odds above 1,000,000.00 are refused (BET.ODDS_TOO_HIGH). */
export const MAX_COMBINED_ODDS_MILLI = 1_000_000_000;
export const DEFAULT_MAX_PAYOUT_PER_BET = 25_000_000; // 250,000.00
export const DEFAULT_MAX_PAYOUT_PER_DAY = 100_000_000; // 1,000,000.00
export const PAYOUT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Liability base per sport (cents): the most a customer at factor 100 % may win on one bet from
 * the stake-factor rule, i.e. the max stake at 2.00. Thinner markets get smaller bases.
 */
export const LIABILITY_BASE_CENTS: Record<SportCode, number> = {
  soccer: 10_000_000, // 100,000.00
  basketball: 10_000_000,
  tennis: 10_000_000,
  nfl: 10_000_000,
  hockey: 5_000_000, // 50,000.00
  mlb: 5_000_000,
  cricket: 5_000_000,
  afl: 2_500_000, // 25,000.00
  nrl: 2_500_000,
  golf: 2_500_000,
  racing: 2_500_000,
};
export const DEFAULT_LIABILITY_BASE_CENTS = 2_500_000;

/** The base for a bet: the smallest base among its legs' sports. */
export function liabilityBaseFor(sports: readonly SportCode[]): number {
  return Math.min(...sports.map((s) => LIABILITY_BASE_CENTS[s] ?? DEFAULT_LIABILITY_BASE_CENTS));
}

/**
 * Odds-aware maximum stake: base x factor / (price - 1), rounded down to the cent, never above
 * the slip's absolute maximum (100,000.00). `oddsMilli` is the bet's (combined) price.
 */
/**
 * The smallest stake factor (basis points) at which `stake` is within oddsAwareMaxStake: the write
 * re-checks the customer's factor against it (a trader lowering it meanwhile refuses the bet).
 * floor(base x f x 1000 / (10000 x profit)) >= stake  <=>  f >= ceil(stake x 10000 x profit / (base x 1000)).
 */
export function minStakeFactorBp(baseCents: number, stake: number, oddsMilli: OddsMilli): number {
  const profitMilli = BigInt(Math.max(1, oddsMilli - 1000));
  const need = BigInt(stake) * BigInt(FULL_STAKE_FACTOR_BP) * profitMilli;
  const per = BigInt(baseCents) * 1000n;
  return Number((need + per - 1n) / per);
}

export function oddsAwareMaxStake(baseCents: number, factorBp: number, oddsMilli: OddsMilli): number {
  const profitMilli = BigInt(Math.max(1, oddsMilli - 1000));
  const byPrice = (BigInt(baseCents) * BigInt(factorBp) * 1000n) / (BigInt(FULL_STAKE_FACTOR_BP) * profitMilli);
  return Number(byPrice < BigInt(MAX_STAKE_CENTS) ? byPrice : BigInt(MAX_STAKE_CENTS));
}

/** The max stake at even money (2.00) on the largest base: what a factor means, for the trader. */
export const maxStakeAtEvens = (factorBp: number): number =>
  oddsAwareMaxStake(Math.max(...Object.values(LIABILITY_BASE_CENTS)), factorBp, 2000);

/**
 * The largest stake in [0, upper] for which `fits` holds (`fits` must be monotone: true up to some
 * stake, false after), or 0 when not even the minimum stake fits.
 */
export function largestStake(fits: (stake: number) => boolean, upper: number = MAX_STAKE_CENTS): number {
  if (upper < MIN_STAKE_CENTS || !fits(MIN_STAKE_CENTS)) return 0;
  let lo = MIN_STAKE_CENTS;
  let hi = upper;
  if (fits(hi)) return hi;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

export interface PlacementExposure {
  /** The customer's stake factor, basis points. */
  stakeFactorBp: number;
  /** Per outcome of the slip: its current liability and its market's limit (cents), and its event's figures. */
  outcomes: readonly ExposedOutcome[];
  maxPayoutPerBet: number;
  maxPayoutPerDay: number;
  /** Potential returns of the customer's bets (not void) placed in the payout window before now. */
  returnsInWindow: number;
}

export interface ExposedOutcome {
  outcomeId: string;
  liability: number;
  limit: number;
  /**
   * The outcome's event in the same book: its liability (the sum over its markets of each market's
   * worst outcome, the running total the placement write keeps) and limit, and the worst outcome
   * liability of this outcome's market now. Absent where no event limit is kept.
   */
  event?: { eventId: string; marketWorst: number; liability: number; limit: number };
}

/**
 * Whether adding `added` (a bet's potential return - stake) to each of these outcomes keeps every
 * event within its limit: an event's total grows by how far each touched outcome rises above its
 * market's worst. Returns the first event that would pass its limit, or null.
 */
export function eventOverLimit(outcomes: readonly ExposedOutcome[], added: number): string | null {
  const growth = new Map<string, { total: number; limit: number; grows: number }>();
  for (const o of outcomes) {
    if (!o.event) continue;
    const e = growth.get(o.event.eventId) ?? { total: o.event.liability, limit: o.event.limit, grows: 0 };
    e.grows += Math.max(0, o.liability + added - o.event.marketWorst);
    growth.set(o.event.eventId, e);
  }
  for (const [eventId, e] of growth) if (e.total + e.grows > e.limit) return eventId;
  return null;
}

export type LimitRefusal =
  | { code: "BET.ODDS_TOO_HIGH"; maxOdds: number }
  | { code: "BET.STAKE_TOO_HIGH"; maxStake: number }
  | { code: "BET.MAX_PAYOUT"; maxStake: number; limit: "per_bet" | "per_day" }
  | { code: "BET.LIABILITY_LIMIT"; maxStake: number; outcomeId: string }
  | { code: "BET.EVENT_LIMIT"; maxStake: number; eventId: string };

/** The one limit that needs no figures from the book: combined odds above the ceiling. */
export function oddsRefusal(totalOddsMilli: number): LimitRefusal | null {
  return totalOddsMilli > MAX_COMBINED_ODDS_MILLI ? { code: "BET.ODDS_TOO_HIGH", maxOdds: MAX_COMBINED_ODDS_MILLI } : null;
}

/**
 * The first limit this bet breaks, or null. `returnOf` gives the potential return of a stake at
 * the bet's prices (exact, rounded down, as placement computes it).
 */
export function checkPlacementLimits(input: {
  stake: number;
  totalOddsMilli: number;
  sports: readonly SportCode[];
  returnOf: (stake: number) => number;
  exposure: PlacementExposure;
}): LimitRefusal | null {
  const { stake, totalOddsMilli, returnOf, exposure } = input;
  const odds = oddsRefusal(totalOddsMilli);
  if (odds) return odds;
  const maxByFactor = oddsAwareMaxStake(liabilityBaseFor(input.sports), exposure.stakeFactorBp, totalOddsMilli);
  if (stake > maxByFactor) return { code: "BET.STAKE_TOO_HIGH", maxStake: maxByFactor >= MIN_STAKE_CENTS ? maxByFactor : 0 };
  const payoutRoom = Math.min(exposure.maxPayoutPerBet, exposure.maxPayoutPerDay - exposure.returnsInWindow);
  if (returnOf(stake) > payoutRoom)
    return {
      code: "BET.MAX_PAYOUT",
      limit: returnOf(stake) > exposure.maxPayoutPerBet ? "per_bet" : "per_day",
      maxStake: largestStake((s) => returnOf(s) <= payoutRoom, maxByFactor),
    };
  const headroom = Math.min(...exposure.outcomes.map((o) => o.limit - o.liability));
  if (returnOf(stake) - stake > headroom) {
    const tightest = exposure.outcomes.find((o) => o.limit - o.liability === headroom)!;
    return {
      code: "BET.LIABILITY_LIMIT",
      outcomeId: tightest.outcomeId,
      maxStake: largestStake((s) => returnOf(s) - s <= headroom && returnOf(s) <= payoutRoom, maxByFactor),
    };
  }
  const event = eventOverLimit(exposure.outcomes, returnOf(stake) - stake);
  if (event !== null)
    return {
      code: "BET.EVENT_LIMIT",
      eventId: event,
      maxStake: largestStake(
        (s) => returnOf(s) - s <= headroom && returnOf(s) <= payoutRoom && eventOverLimit(exposure.outcomes, returnOf(s) - s) === null,
        maxByFactor,
      ),
    };
  return null;
}
