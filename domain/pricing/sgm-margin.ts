/**
 * The bet builder's margin and the price it gives a joint probability (docs/trading.md "Same game
 * multi margin"). A same game multi is one outcome ("every leg wins"), so it is priced as one: the
 * fair price 1 / p less a margin chosen by its number of legs, rounded DOWN on the price ladder and
 * never above the product of the legs' offered prices. There is no second side ("not every leg
 * wins" is not a bet anyone can strike), so nothing is balanced against it and no 1.01 floor on an
 * unbettable side can move the margin onto the multi.
 *
 * Kept apart from sgm.ts (the joint model) so the site can show the same sentence the server prices
 * by without loading the models.
 */
import { MIN_ODDS_MILLI } from "../shared/odds.ts";
import { ladderDown } from "./margin.ts";

/**
 * The margin by number of legs, as a fraction of the fair probability: implied probability =
 * p x (1 + margin). Close to, and below, what a plain multiple of legs each margined at 5% carries
 * (1.05^n - 1: 10.3%, 15.8%, 21.6%), so a combination the model finds positively correlated is
 * priced from the model rather than from the product cap, and every added leg adds model risk.
 */
export const SGM_MARGIN_BY_LEGS: Readonly<Record<2 | 3 | 4, number>> = { 2: 0.1, 3: 0.15, 4: 0.2 };

/** The margin for a combination of `legs` legs (a subset of one or more legs keeps the 2-leg figure at least). */
export function sgmMargin(legs: number): number {
  if (legs <= 2) return SGM_MARGIN_BY_LEGS[2];
  if (legs === 3) return SGM_MARGIN_BY_LEGS[3];
  return SGM_MARGIN_BY_LEGS[4];
}

/**
 * The price in thousandths of "every leg wins" at joint probability `p`: min(1 / (p x (1 + margin)),
 * product of the legs' offered prices), rounded down on the ladder. Null when that is below 1.01
 * (the combination is all but certain: not offered).
 */
export function sgmPriceFromProbability(p: number, legs: number, productMilli: number): number | null {
  if (!(p > 0)) return null;
  const raw = 1000 / (p * (1 + sgmMargin(legs)));
  const capped = Math.min(raw, productMilli);
  if (!(capped >= MIN_ODDS_MILLI)) return null;
  return ladderDown(capped);
}

const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;

/** The one sentence the bet builder's card and the slip show, made from the table above. */
export const SGM_PRICING_SENTENCE =
  `Priced as one bet from the match model's chance that every leg wins, less a margin of ` +
  `${pct(SGM_MARGIN_BY_LEGS[2])} for 2 legs, ${pct(SGM_MARGIN_BY_LEGS[3])} for 3 and ${pct(SGM_MARGIN_BY_LEGS[4])} for 4, ` +
  `and never above the legs' odds multiplied.`;
