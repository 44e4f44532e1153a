/**
 * Each-way terms after withdrawals (docs/money.md "Each-way terms after withdrawals"). A bet keeps
 * the place terms it was struck at, unless withdrawals after it moved the field (runners that come
 * under orders) into a lower band than the field it was struck in; it is then settled on the terms
 * of the final field, never better than those struck:
 * - 2-4 runners: win only. The place part is placed on the win (terms 1/1, 1 place): a 2.00 each-way
 *   bet becomes 4.00 to win.
 * - 5-7 runners: 1/4 the odds, 2 places; 8 or more: 1/5, 3 places (defaultPlaceTerms), with never
 *   more places than struck (a trader may have set other terms); a better fraction only comes with
 *   fewer places (1/5 three places -> 1/4 two places), otherwise the struck terms stand.
 * "Runners at strike": the market's runners less those withdrawn at or before the bet's placed_at;
 * "runners at off": less every withdrawal. Both are read with the bet (adapters/libsql/bets.ts).
 */
import { defaultPlaceTerms, type EachWayTerms } from "./each-way.ts";

/** The field sizes an each-way bet is graded against: when struck and at the off. */
export interface EachWayField {
  atStrike: number;
  atOff: number;
}

/** The place-terms band of a field: 3 = 8 or more runners, 2 = 5-7, 1 = 2-4 (win only). */
export function fieldBand(runners: number): 1 | 2 | 3 {
  if (runners >= 8) return 3;
  if (runners >= 5) return 2;
  return 1;
}

/** Win only: the place part is graded as a second win part. */
export const WIN_ONLY_TERMS: EachWayTerms = Object.freeze({ fractionNum: 1, fractionDen: 1, places: 1 });

/** The terms an each-way bet struck at `struck` with `runnersAtStrike` runners is settled on when `runnersAtOff` come under orders. */
export function settlementTerms(struck: EachWayTerms, runnersAtStrike: number, runnersAtOff: number): EachWayTerms {
  if (fieldBand(runnersAtOff) >= fieldBand(runnersAtStrike)) return struck;
  const band = defaultPlaceTerms(runnersAtOff);
  if (!band) return WIN_ONLY_TERMS;
  // The final field's terms, but never more places than struck, and never a better fraction unless
  // places were lost with it (8 runners at 1/5 three places down to 7: 1/4 two places).
  const places = Math.min(struck.places, band.places);
  const bandFractionBetter = band.fractionNum * struck.fractionDen > struck.fractionNum * band.fractionDen;
  if (places === struck.places && bandFractionBetter) return struck;
  return { fractionNum: band.fractionNum, fractionDen: band.fractionDen, places };
}

/** The terms to grade with: the struck terms, moved by the field when it is known. */
export function termsForGrading(struck: EachWayTerms | null | undefined, field: EachWayField | null | undefined): EachWayTerms | null {
  if (!struck) return null;
  return field ? settlementTerms(struck, field.atStrike, field.atOff) : struck;
}

/** Whether the bet is settled on other terms than it was struck at (what the customer is told). */
export function termsChanged(struck: EachWayTerms, settled: EachWayTerms): boolean {
  return struck.fractionNum * settled.fractionDen !== settled.fractionNum * struck.fractionDen || struck.places !== settled.places;
}
