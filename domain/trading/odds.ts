/**
 * Odds control: a trader sets an outcome's price, or moves it one tick (0.01) up or down. Prices
 * stay within 1.01..1000. The database appends every change to the price history (trigger on
 * outcomes), whoever made it.
 */
import { MAX_ODDS_MILLI, MIN_ODDS_MILLI, type OddsMilli } from "../shared/odds.ts";

export const TICK_MILLI = 10;

/** The next price on the 0.01 grid above or below `milli`; null below 1.01 or above 1000. */
export function tickPrice(milli: OddsMilli, direction: "up" | "down"): OddsMilli | null {
  const next =
    direction === "up"
      ? Math.floor(milli / TICK_MILLI) * TICK_MILLI + TICK_MILLI
      : Math.ceil(milli / TICK_MILLI) * TICK_MILLI - TICK_MILLI;
  if (next < MIN_ODDS_MILLI || next > MAX_ODDS_MILLI) return null;
  return next;
}
