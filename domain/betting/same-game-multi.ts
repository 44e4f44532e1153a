/**
 * Same game multis: 2 to 4 selections of ONE event, each from a different market. Legs of one game
 * are correlated, so the bet is priced as one outcome by domain/pricing/sgm.ts (priceSgm, through
 * sgm-quote.ts): quote, slip, placement and grading use that one price. A bet's return is stake x
 * that price, rounded down to the cent. Settlement grades it like a multiple (any lost leg loses;
 * void legs drop out) and prices the legs that won from the subset table stored at placement,
 * never above the whole bet's price.
 */
import type { OddsMilli } from "../shared/odds.ts";
import type { Cents } from "../shared/money.ts";

export const SGM_MIN_LEGS = 2;
export const SGM_MAX_LEGS = 4;

/** stake x odds (thousandths), rounded down to the cent. */
export const returnAtOdds = (stake: Cents, oddsMilli: OddsMilli): Cents => Number((BigInt(stake) * BigInt(oddsMilli)) / 1000n);
