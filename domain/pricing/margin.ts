/**
 * From fair probabilities to a price line with the house's margin, by the power method.
 *
 * For an exhaustive set of outcomes (fair probabilities p_i summing to 1) and a target overround T
 * (e.g. 1.05):
 * 1. An outcome with p_i exactly 0 is not offered (null). A line with fewer than two open outcomes
 *    is certain: nothing is offered.
 * 2. Implied probabilities q_i = p_i ^ k, with the one exponent k (0 < k <= 1) that makes them sum
 *    to T (found by Newton's method, safeguarded by bisection). Every q_i is at least p_i (no price
 *    is above its fair price), the order of the outcomes is kept, and the overround each outcome
 *    carries grows as its probability falls, as the favourite-longshot bias of real books does:
 *    evens stays near evens less the margin, a long shot gives up more of its fair price. Chosen
 *    over Shin's model for having one parameter, a closed form per outcome and the same shape; a
 *    favourite's q_i never exceeds 1 and no outcome is ever shortened to hold the book.
 * 3. Each price 1/q_i is rounded DOWN on the price ladder (0.01 steps below 10.00, 0.1 steps below
 *    100, whole units from 100) and clamped to [1.01, 1000]. Rounding down and clamping at 1000
 *    only raise an outcome's implied probability.
 * 4. Too short: when an outcome's price is at or below 1.02 (SHORTEST_OFFERED_MILLI is the
 *    shortest offered) the line is `tooShort` and must not be offered: books take such markets down
 *    rather than offer 1.01 against a capped other side.
 * 5. A last check in the exact arithmetic the book is judged in (sum of 1000/price over the open
 *    outcomes): should floating-point rounding ever leave it below T, the longest price still above
 *    1.01 steps down the ladder until it is not. So the result always satisfies
 *    sum(1000 / price) >= T, with every price within [1010, 1_000_000] thousandths.
 */
import { MAX_ODDS_MILLI, MIN_ODDS_MILLI } from "../shared/odds.ts";
import type { PriceLine } from "../shared/types.ts";

/** The shortest price a market is offered at (1.03): at 1.02 or below it is too short to offer. */
export const SHORTEST_OFFERED_MILLI = 1030;
/**
 * A market taken down as too short comes back only once its shortest price is 1.05 or longer, so
 * a price hovering at the edge does not open and close it tick after tick.
 */
export const REOPEN_SHORTEST_MILLI = 1050;

/** The ladder step (in thousandths) at a price (in thousandths). */
export function ladderStep(milli: number): number {
  if (milli < 10_000) return 10;
  if (milli < 100_000) return 100;
  return 1000;
}

/** A raw price in thousandths rounded DOWN onto the ladder and clamped to [1010, 1_000_000]. */
export function ladderDown(rawMilli: number): number {
  if (!(rawMilli < MAX_ODDS_MILLI)) return MAX_ODDS_MILLI; // also catches Infinity / NaN-free huge values
  if (rawMilli <= MIN_ODDS_MILLI) return MIN_ODDS_MILLI;
  const step = ladderStep(rawMilli);
  // The tiny epsilon keeps a value that floating point lands a hair below a ladder point on it (the
  // exact check in applyMargin still guarantees the book).
  const down = Math.floor(rawMilli / step + 1e-9) * step;
  // Just above a step change (e.g. 10_000.4) the floor lands on the previous ladder's last point.
  return Math.min(MAX_ODDS_MILLI, Math.max(MIN_ODDS_MILLI, down));
}

/** The next price down the ladder (never below 1010). */
function stepDown(milli: number): number {
  const below = milli - 1;
  const step = ladderStep(below);
  return Math.max(MIN_ODDS_MILLI, Math.floor(below / step) * step);
}

/** The book of a price line: sum of 1000/price over the offered prices. */
export function bookOf(prices: PriceLine): number {
  let s = 0;
  for (const p of prices) if (p !== null) s += 1000 / p;
  return s;
}

/**
 * The exponent k in (0, 1] with sum(p_i ^ k) = target over the open outcomes (p_i in (0, 1)).
 * f(k) = sum p^k - target falls as k grows (each p < 1), f(1) = 1 - target < 0 and f(0) = open - target > 0.
 */
export function powerExponent(probs: readonly number[], target: number): number {
  const open = probs.filter((p) => p > 0);
  let lo = 0;
  let hi = 1;
  let k = 1;
  for (let i = 0; i < 100; i++) {
    let f = -target;
    let df = 0;
    for (const p of open) {
      const pk = p ** k;
      f += pk;
      df += pk * Math.log(p);
    }
    if (Math.abs(f) < 1e-13) break;
    if (f > 0) lo = k;
    else hi = k;
    const newton = df < 0 ? k - f / df : NaN;
    k = newton > lo && newton < hi ? newton : (lo + hi) / 2;
    if (hi - lo < 1e-15) break;
  }
  return k;
}

/** Prices for fair probabilities at a target book, and whether the line is too short to offer. */
export function marginLine(probs: readonly number[], target: number): { prices: PriceLine; tooShort: boolean } {
  const n = probs.length;
  const out: PriceLine = new Array(n).fill(null);
  let open = 0;
  for (let i = 0; i < n; i++) if (probs[i] > 0) open++;
  if (open < 2) return { prices: out, tooShort: false }; // certain (or empty): nothing to offer
  const k = powerExponent(probs, target);
  for (let i = 0; i < n; i++) if (probs[i] > 0) out[i] = ladderDown(1000 / probs[i] ** k);
  // The exact check.
  let guard = 0;
  while (bookOf(out) < target && guard++ < 10_000) {
    let longest = -1;
    for (let i = 0; i < n; i++) {
      const p = out[i];
      // Of prices tied at the longest, the likeliest outcome steps down, so the order is kept.
      if (p === null || p <= MIN_ODDS_MILLI) continue;
      const l = longest < 0 ? 0 : (out[longest] as number);
      if (longest < 0 || p > l || (p === l && probs[i] > probs[longest])) longest = i;
    }
    if (longest < 0) break;
    out[longest] = stepDown(out[longest] as number);
  }
  return { prices: out, tooShort: isTooShort(out) };
}

/** The prices of marginLine (callers that offer them check marginLine's `tooShort`, or isTooShort). */
export function applyMargin(probs: readonly number[], target: number): PriceLine {
  return marginLine(probs, target).prices;
}

/** Whether a line has an offered price at or below 1.02. */
export function isTooShort(prices: PriceLine): boolean {
  return prices.some((p) => p !== null && p < SHORTEST_OFFERED_MILLI);
}
