/**
 * Each-way and Rule 4 for racing, as pure grading rules (docs/money.md "Results and grading").
 * Place terms live on a racing market (defaultPlaceTerms, checkPlaceTerms) and are copied onto an
 * each-way bet at placement; docs/money.md "Each way and Rule 4".
 *
 * - Each way: two equal parts, a win part and a place part (the customer pays 2 x the unit stake).
 *   The win part pays unit x odds if the runner won; the place part pays unit x (1 + (odds - 1) x
 *   fraction) if it finished within the places (place terms of the market, e.g. 1/4 odds, 3 places).
 *   A dead heat divides each part by its factor as for any leg.
 * - Rule 4 (Tattersalls): when a runner is withdrawn, winning bets on the others struck before the
 *   withdrawal have their winnings (not the stake) reduced by a deduction in pence per pound
 *   (the scale and the cap live in rule4.ts); every part here takes the deduction it is given.
 * Everything is exact in integers and the total return is rounded once, down, to the cent.
 */
import type { OddsMilli } from "../shared/odds.ts";
import type { Cents } from "../shared/money.ts";
import type { DeadHeat } from "../shared/types.ts";

export interface EachWayTerms {
  /** The place odds fraction, e.g. 1/4. */
  fractionNum: number;
  fractionDen: number;
  /** Finishing positions 1..places are placed. */
  places: number;
}

/**
 * The standard (UK) place terms by the number of runners: 5-7 runners 1/4 the odds, 2 places; 8 or
 * more 1/5, 3 places; fewer than 5: no each way (null). A trader may set other terms on the market.
 */
export function defaultPlaceTerms(runners: number): EachWayTerms | null {
  if (runners >= 8) return { fractionNum: 1, fractionDen: 5, places: 3 };
  if (runners >= 5) return { fractionNum: 1, fractionDen: 4, places: 2 };
  return null;
}

/** Terms a trader may set: a fraction in (0, 1] with whole numbers (denominator up to 100), 1..10 places, fewer than the runners. */
export function placeTermsProblem(terms: EachWayTerms, runners: number): string | null {
  const { fractionNum: n, fractionDen: d, places } = terms;
  if (!Number.isInteger(n) || !Number.isInteger(d) || n <= 0 || d < n || d > 100) return "The place fraction must be between 1/100 and 1/1";
  if (!Number.isInteger(places) || places < 1 || places > 10) return "Places must be between 1 and 10";
  if (places >= runners) return `With ${runners} runners at most ${runners - 1} places can be paid`;
  return null;
}

/** The terms as the customer reads them: "E/W 1/5 1-2-3". */
export function formatPlaceTerms(terms: EachWayTerms): string {
  return `E/W ${terms.fractionNum}/${terms.fractionDen} ${Array.from({ length: terms.places }, (_, i) => i + 1).join("-")}`;
}

/** One part's return as an exact fraction: unit x (1 + (odds - 1) x fraction x (100 - deduction)/100) x factor. */
function part(unit: Cents, oddsMilli: OddsMilli, fracNum: number, fracDen: number, deduction: number, dh: DeadHeat | null): [bigint, bigint] {
  // winnings per unit, as a fraction over 1000 x fracDen x 100
  const den = 1000n * BigInt(fracDen) * 100n;
  const winnings = BigInt(oddsMilli - 1000) * BigInt(fracNum) * BigInt(100 - deduction);
  let num = BigInt(unit) * (den + winnings);
  let d = den;
  if (dh) {
    num *= BigInt(dh.num);
    d *= BigInt(dh.den);
  }
  return [num, d];
}

export interface EachWayFinish {
  /** Finishing position (1 = won), null when unplaced or did not finish. */
  position: number | null;
  /** A dead heat at this position (e.g. two tied for the last place: 1/2). */
  deadHeat?: DeadHeat | null;
}

/**
 * Grade an each-way single: returns of the win part and the place part and the total, rounded once,
 * down. `deduction` is the Rule 4 deduction (pence per pound) that applies to this bet, 0 if none.
 */
export function gradeEachWay(
  unitStake: Cents,
  oddsMilli: OddsMilli,
  terms: EachWayTerms,
  finish: EachWayFinish,
  deduction = 0,
): { status: "won" | "lost"; actualReturn: Cents; winPart: "won" | "lost"; placePart: "won" | "lost" } {
  const dh = finish.deadHeat && finish.deadHeat.num < finish.deadHeat.den ? finish.deadHeat : null;
  const won = finish.position === 1;
  const placed = finish.position !== null && finish.position >= 1 && finish.position <= terms.places;
  const parts: [bigint, bigint][] = [];
  if (won) parts.push(part(unitStake, oddsMilli, 1, 1, deduction, dh));
  if (placed) parts.push(part(unitStake, oddsMilli, terms.fractionNum, terms.fractionDen, deduction, dh));
  if (parts.length === 0) return { status: "lost", actualReturn: 0, winPart: "lost", placePart: "lost" };
  // sum the exact fractions, then round once
  let num = 0n;
  let den = 1n;
  for (const [n, d] of parts) {
    num = num * d + n * den;
    den *= d;
  }
  return { status: "won", actualReturn: Number(num / den), winPart: won ? "won" : "lost", placePart: placed ? "won" : "lost" };
}

/**
 * Both parts of a racing single from its result: the win part (won, with its dead-heat factor) and,
 * with terms, the place part (placed, with the factor of a dead heat for the last place), each at
 * `unit`, under a Rule 4 deduction. Without terms only the win part counts (a win single under Rule 4).
 * Exact; the total rounded once, down.
 */
export function gradeEachWayParts(
  unit: Cents,
  oddsMilli: OddsMilli,
  terms: EachWayTerms | null,
  finish: { won: boolean; winDeadHeat?: DeadHeat | null; placed: boolean; placeDeadHeat?: DeadHeat | null },
  deduction = 0,
): { actualReturn: Cents } {
  const dh = (d: DeadHeat | null | undefined) => (d && d.num < d.den ? d : null);
  const parts: [bigint, bigint][] = [];
  if (finish.won) parts.push(part(unit, oddsMilli, 1, 1, deduction, dh(finish.winDeadHeat)));
  if (terms && finish.placed) parts.push(part(unit, oddsMilli, terms.fractionNum, terms.fractionDen, deduction, dh(finish.placeDeadHeat)));
  let num = 0n;
  let den = 1n;
  for (const [n, d] of parts) {
    num = num * d + n * den;
    den *= d;
  }
  return { actualReturn: Number(num / den) };
}

/** An each-way bet's potential return (both parts won): unit x odds + unit x (1 + (odds - 1) x fraction), rounded down once. */
export function eachWayReturnIfWon(unitStake: Cents, oddsMilli: OddsMilli, terms: EachWayTerms): Cents {
  return gradeEachWay(unitStake, oddsMilli, terms, { position: 1 }).actualReturn;
}
