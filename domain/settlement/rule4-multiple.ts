/**
 * Rule 4 on multiples (docs/trading.md "Results and Rule 4"): a leg on a race from which another
 * runner was withdrawn after the bet was struck carries the deduction into its price: the leg's
 * odds become 1 + (odds - 1) x (1 - deduction), the deduction in pence per pound (BetLegRecord.rule4,
 * several withdrawals added up, at most 90p). Every grading path grades a multiple with gradeBet,
 * which comes here when a won leg has a deduction. Exact in integers (odds in 1/100,000), dead-heat
 * factors multiplied in, rounded once, down, to the cent.
 */
import type { Cents } from "../shared/money.ts";
import type { OddsMilli } from "../shared/odds.ts";
import type { DeadHeat } from "../shared/types.ts";

const SCALE = 100_000n; // odds in milli (1000) x pence per pound (100)

/** A leg's odds after a Rule 4 deduction, as an exact fraction over 100,000: 1 + (odds - 1) x (100 - d)/100. */
export function rule4LegOdds(oddsMilli: OddsMilli, deduction: number): bigint {
  const d = BigInt(Math.max(0, Math.min(90, Math.trunc(deduction))));
  return SCALE + BigInt(oddsMilli - 1000) * (100n - d);
}

/** A won multiple's return with its legs' Rule 4 deductions: stake x product of the won legs' (reduced) odds x their dead-heat factors. */
export function multipleReturnUnderRule4(
  stake: Cents,
  legs: readonly { result: string; oddsMilli: OddsMilli; rule4?: number | null; deadHeat?: DeadHeat | null }[],
): Cents {
  let num = BigInt(stake);
  let den = 1n;
  for (const l of legs) {
    if (l.result !== "won") continue;
    num *= rule4LegOdds(l.oddsMilli, l.rule4 ?? 0);
    den *= SCALE;
    if (l.deadHeat && l.deadHeat.num < l.deadHeat.den) {
      num *= BigInt(l.deadHeat.num);
      den *= BigInt(l.deadHeat.den);
    }
  }
  return Number(num / den);
}
