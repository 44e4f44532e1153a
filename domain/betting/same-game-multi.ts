/**
 * Same game multis: 2 to 4 selections of ONE event, each from a different market. Legs of one game
 * are correlated, so the price is the product of the legs x 0.85, rounded down to 0.001. A bet's
 * return is stake x that price, rounded down to the cent. Settlement grades it like a multiple
 * (any lost leg loses; void legs drop out) and re-prices the legs that won the same way; one
 * remaining leg is paid at its own odds.
 */
import { combineOdds, MIN_ODDS_MILLI, type OddsMilli } from "../shared/odds.ts";
import type { Cents } from "../shared/money.ts";

export const SGM_MIN_LEGS = 2;
export const SGM_MAX_LEGS = 4;
/** The correlation factor, as a percentage of the product. */
export const SGM_PRICE_PERCENT = 85n;

/** floor(product of legs x 0.85) in thousandths; one leg is its own price. */
export function sameGameMultiOddsMilli(legs: readonly OddsMilli[]): OddsMilli {
  if (legs.length === 0) return 0;
  if (legs.length === 1) return legs[0];
  const { numerator, denominator } = combineOdds(legs);
  return Number((numerator * 1000n * SGM_PRICE_PERCENT) / (denominator * 100n));
}

/** stake x odds (thousandths), rounded down to the cent. */
export const returnAtOdds = (stake: Cents, oddsMilli: OddsMilli): Cents => Number((BigInt(stake) * BigInt(oddsMilli)) / 1000n);

/** A same game multi priced below 1.01 would return less than the stake: it is not offered. */
export const isPlaceableSgmPrice = (oddsMilli: OddsMilli): boolean => oddsMilli >= MIN_ODDS_MILLI;
