/**
 * Non-runners re-form the race (docs/trading.md "Non-runners re-form the race"). When a runner is
 * withdrawn the rest of the field is re-priced in the same write as the withdrawal, as a trader
 * re-forms a book:
 * - each remaining runner's chance is its share of the book as it stood (1 / price, renormalised
 *   over the runners left), and the race's target margin is put back on with applyMargin, so the
 *   new book is at or above the target (the nine runners left behind a withdrawn 1.46 favourite were
 *   a 50% book until now);
 * - the each-way terms for NEW bets follow the new field size: a field that falls into a lower band
 *   takes that band's terms (never more places than before), a field of 2-4 offers no each way;
 * - with fewer than two runners left there is no book to make: the market is suspended for a trader.
 * Bets struck before the withdrawal keep their prices and take the Rule 4 deduction; bets after it
 * are struck at the new prices and take none.
 */
import { applyMargin, targetOverround } from "../pricing/index.ts";
import type { EachWayTerms } from "../settlement/each-way.ts";
import { settlementTerms, termsForGrading, WIN_ONLY_TERMS } from "../settlement/final-field-terms.ts";
import { gradeEachWayParts } from "../settlement/each-way.ts";
import { tattersallsDeduction } from "../settlement/rule4.ts";
import type { Cents } from "../shared/money.ts";

export interface ReformedRace {
  /** The remaining runners' new prices (thousandths), in the order given; empty when the race cannot be re-formed. */
  prices: { outcomeId: string; priceMilli: number }[];
  /** Each remaining runner's price in the market the re-form closes, with its Rule 4 deduction (race_reform_prices). */
  closedPrices: { outcomeId: string; priceMilli: number; deduction: number }[];
  /** The terms new bets are struck at (null: no each way). */
  eachWay: EachWayTerms | null;
  /** The runners left. */
  runners: number;
  /** Whether the market reopens (a book can be made) or stays suspended for a trader. */
  reopens: boolean;
  /** The new book, sum of 1 / price (1.18 = 118%); 0 when not re-formed. */
  book: number;
}

/** The terms for new bets once `before` runners are down to `after`: the band's terms, never more places; none in a field of 2-4. */
export function termsForNewBets(current: EachWayTerms | null | undefined, before: number, after: number): EachWayTerms | null {
  if (!current) return null;
  const moved = settlementTerms(current, before, after);
  if (moved === WIN_ONLY_TERMS || after < 2) return null;
  // A trader's terms may pay as many places as there are runners left: at most one fewer.
  return moved.places < after ? moved : { ...moved, places: after - 1 };
}

/** Re-form a race from the remaining runners' current prices (outcomes still open, the withdrawn one left out). */
export function reformRace(remaining: readonly { outcomeId: string; priceMilli: number }[], eachWay: EachWayTerms | null | undefined, fieldBefore: number): ReformedRace {
  const runners = remaining.length;
  const terms = termsForNewBets(eachWay, fieldBefore, runners);
  const closedPrices = remaining.map((r) => ({ ...r, deduction: tattersallsDeduction(r.priceMilli) }));
  const implied = remaining.map((r) => 1000 / r.priceMilli);
  const total = implied.reduce((s, x) => s + x, 0);
  const target = targetOverround({ type: "full_time_result", line: null, codes: remaining.map((r) => r.outcomeId) }, "racing");
  const line = runners >= 2 ? applyMargin(implied.map((x) => x / total), target) : [];
  if (runners < 2 || line.some((p) => p === null)) return { prices: [], closedPrices, eachWay: terms, runners, reopens: false, book: 0 };
  const prices = remaining.map((r, i) => ({ outcomeId: r.outcomeId, priceMilli: line[i] as number }));
  return { prices, closedPrices, eachWay: terms, runners, reopens: true, book: prices.reduce((s, p) => s + 1000 / p.priceMilli, 0) };
}

/**
 * The most a pending each-way bet can now return (it wins, on the terms the final field settles it
 * on, under its Rule 4 deduction): when withdrawals move the field into a lower band this can pass
 * the potential return it was struck with (win only in a field of 2-4 pays both parts at full odds).
 */
export function eachWayMostNow(
  bet: { stake: Cents; eachWay: EachWayTerms; oddsMilli: number },
  field: { atStrike: number; atOff: number },
  deduction: number,
): Cents {
  const terms = termsForGrading(bet.eachWay, field)!;
  return gradeEachWayParts(bet.stake / 2, bet.oddsMilli, terms, { won: true, placed: true }, deduction).actualReturn;
}
