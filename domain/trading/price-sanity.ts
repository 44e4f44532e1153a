/**
 * Price sanity (docs/trading.md "Price sanity"): a market's book (overround) is the sum of
 * 1 / price over its open outcomes, as a percent. Creating a market or moving a price that leaves
 * the book under OVERROUND_FLOOR_PERCENT (the book would lose whatever happens) or over
 * OVERROUND_CEILING_PERCENT (prices no customer should be offered) is refused with
 * MARKET.OVERROUND_OUT_OF_RANGE unless the trader confirms with a reason of at least
 * CONFIRM_REASON_MIN characters, which is written to the audit record.
 */
import { domainError, err, ok, type Result } from "../shared/result.ts";

export const OVERROUND_FLOOR_PERCENT = 100;
export const OVERROUND_CEILING_PERCENT = 130;
export const CONFIRM_REASON_MIN = 10;

export interface PriceConfirmation {
  reason: string;
}

/** The book of a set of decimal prices (milli-odds) as a percent, 1 decimal: sum(1 / price) x 100. */
export function bookPercent(pricesMilli: readonly number[]): number {
  const sum = pricesMilli.reduce((s, p) => s + 100_000 / p, 0);
  return Math.round(sum * 10) / 10;
}

export const inBookRange = (percent: number): boolean =>
  percent >= OVERROUND_FLOOR_PERCENT && percent <= OVERROUND_CEILING_PERCENT;

export interface PriceSanity {
  overround: number;
  /** The trader's reason, when the book is out of range and was confirmed. */
  confirmedReason: string | null;
}

/** Check a market's open prices; an out-of-range book passes only with a confirmation reason. */
export function checkBook(pricesMilli: readonly number[], confirm?: PriceConfirmation | null): Result<PriceSanity> {
  const overround = bookPercent(pricesMilli);
  if (pricesMilli.length < 2 || inBookRange(overround)) return ok({ overround, confirmedReason: null });
  const reason = confirm?.reason.trim() ?? "";
  if (reason.length >= CONFIRM_REASON_MIN) return ok({ overround, confirmedReason: reason });
  return err(
    domainError(
      "MARKET.OVERROUND_OUT_OF_RANGE",
      `The book would be ${overround.toFixed(1)} %, outside ${OVERROUND_FLOOR_PERCENT}-${OVERROUND_CEILING_PERCENT} %; confirm with a reason to proceed`,
      { overround, min: OVERROUND_FLOOR_PERCENT, max: OVERROUND_CEILING_PERCENT },
    ),
  );
}
