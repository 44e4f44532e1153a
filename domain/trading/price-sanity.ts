/**
 * Price sanity (docs/trading.md "Price sanity"): a market's book (overround) is the sum of
 * 1 / price over its open outcomes, as a percent. Creating a market or moving a price that leaves
 * the book under OVERROUND_FLOOR_PERCENT (the book would lose whatever happens) or over
 * OVERROUND_CEILING_PERCENT (prices no customer should be offered) is refused with
 * MARKET.OVERROUND_OUT_OF_RANGE unless the trader confirms with a reason of at least
 * CONFIRM_REASON_MIN characters, which is written to the audit record.
 *
 * The range is tested on the exact book: 2.000 / 2.002 is 99.95 %, under 100 %, however it is
 * shown. Rounding is for display only (bookLabel), and never shows a book on the other side of a
 * bound from where it is (99.95 % reads "99.95", not "100.0").
 */
import { domainError, err, ok, type Result } from "../shared/result.ts";

export const OVERROUND_FLOOR_PERCENT = 100;
export const OVERROUND_CEILING_PERCENT = 130;
export const CONFIRM_REASON_MIN = 10;

export interface PriceConfirmation {
  reason: string;
}

/** The exact book of a set of decimal prices (milli-odds) as a percent: sum(1 / price) x 100. */
export function bookPercent(pricesMilli: readonly number[]): number {
  return pricesMilli.reduce((s, p) => s + 100_000 / p, 0);
}

/** Whether an exact book is within the range, bounds included. */
export const inBookRange = (percent: number): boolean =>
  percent >= OVERROUND_FLOOR_PERCENT && percent <= OVERROUND_CEILING_PERCENT;

/**
 * The book for display: one decimal, or two (rounded away from the range) when one decimal would
 * put it on the other side of a bound: 99.95 -> "99.95", 130.04 -> "130.04", 103.92 -> "103.9".
 */
export function bookLabel(percent: number): string {
  const one = percent.toFixed(1);
  if (inBookRange(Number(one)) === inBookRange(percent)) return one;
  const two = percent < OVERROUND_FLOOR_PERCENT ? Math.floor(percent * 100) / 100 : Math.ceil(percent * 100) / 100;
  return two.toFixed(2);
}

export interface PriceSanity {
  /** The book as shown and audited (bookLabel, as a number). */
  overround: number;
  /** The trader's reason, when the book is out of range and was confirmed. */
  confirmedReason: string | null;
}

/** Check a market's open prices; an out-of-range book passes only with a confirmation reason. */
export function checkBook(pricesMilli: readonly number[], confirm?: PriceConfirmation | null): Result<PriceSanity> {
  const exact = bookPercent(pricesMilli);
  const label = bookLabel(exact);
  const overround = Number(label);
  if (pricesMilli.length < 2 || inBookRange(exact)) return ok({ overround, confirmedReason: null });
  const reason = confirm?.reason.trim() ?? "";
  if (reason.length >= CONFIRM_REASON_MIN) return ok({ overround, confirmedReason: reason });
  return err(
    domainError(
      "MARKET.OVERROUND_OUT_OF_RANGE",
      `The book would be ${label} %, outside ${OVERROUND_FLOOR_PERCENT}-${OVERROUND_CEILING_PERCENT} %; confirm with a reason to proceed`,
      { overround, min: OVERROUND_FLOOR_PERCENT, max: OVERROUND_CEILING_PERCENT },
    ),
  );
}
