/**
 * From fair probabilities to a price line with the house's margin.
 *
 * The rule, for an exhaustive set of outcomes (fair probabilities p_i summing to 1) and a target
 * overround T (e.g. 1.05):
 * 1. An outcome with p_i exactly 0 is not offered (null).
 * 2. Every open outcome gets the implied probability q_i = p_i * T, so the q_i sum to T.
 * 3. If an outcome's q_i is above 1/1.01 (its price would be below the minimum 1.01), it is priced
 *    1.01 and loses implied probability; the other open outcomes' q are then scaled up together, in
 *    proportion, so that they sum to T - 1/1.01 again (house-favourable: the book is still >= T).
 *    At most one outcome can clamp for any T <= 1.2 (two would need p_i > 0.82 each).
 * 4. Each price 1/q_i is rounded DOWN on the price ladder (0.01 steps below 10.00, 0.1 steps below
 *    100, whole units from 100) and clamped to [1.01, 1000]. Rounding down and clamping at 1000
 *    only raise an outcome's implied probability.
 * 5. A last check in the exact arithmetic the book is judged in (sum of 1000/price over the open
 *    outcomes): should floating-point rounding ever leave it below T, the longest price still above
 *    1.01 steps down the ladder until it is not. So the result always satisfies
 *    sum(1000 / price) >= T, with every price within [1010, 1_000_000] thousandths.
 *
 * A line with a single open outcome is certain: nothing is offered (all null).
 */
import { MAX_ODDS_MILLI, MIN_ODDS_MILLI } from "../shared/odds.ts";
import type { PriceLine } from "./state.ts";

/** Implied probability of the minimum price 1.01. */
const MIN_PRICE_IMPLIED = 1000 / MIN_ODDS_MILLI;

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

export function applyMargin(probs: readonly number[], target: number): PriceLine {
  const n = probs.length;
  const out: PriceLine = new Array(n).fill(null);
  let open = 0;
  for (let i = 0; i < n; i++) if (probs[i] > 0) open++;
  if (open < 2) return out; // certain (or empty): nothing to offer

  // Steps 2-3: implied probabilities, with a clamped favourite's shortfall moved onto the others.
  const q = new Array<number>(n).fill(0);
  let clamped = -1;
  for (let i = 0; i < n; i++) {
    if (probs[i] > 0) {
      q[i] = probs[i] * target;
      if (q[i] > MIN_PRICE_IMPLIED && (clamped < 0 || q[i] > q[clamped])) clamped = i;
    }
  }
  if (clamped >= 0) {
    let rest = 0;
    for (let i = 0; i < n; i++) if (i !== clamped) rest += q[i];
    const need = target - MIN_PRICE_IMPLIED;
    const scale = rest > 0 && need > rest ? need / rest : 1;
    for (let i = 0; i < n; i++) if (i !== clamped) q[i] *= scale;
  }

  // Step 4: round each price down on the ladder.
  for (let i = 0; i < n; i++) {
    if (probs[i] > 0) out[i] = i === clamped ? MIN_ODDS_MILLI : ladderDown(1000 / q[i]);
  }

  // Step 5: the exact check.
  let guard = 0;
  while (bookOf(out) < target && guard++ < 10_000) {
    let longest = -1;
    for (let i = 0; i < n; i++) {
      const p = out[i];
      if (p !== null && p > MIN_ODDS_MILLI && (longest < 0 || p > (out[longest] as number))) longest = i;
    }
    if (longest < 0) break;
    out[longest] = stepDown(out[longest] as number);
  }
  return out;
}
