/**
 * Prices as the customer chose to see them, in a module of their own: the landing page's script
 * needs only this (and the odds arithmetic), not the rest of lib/format.ts, so the bundler can
 * give it a chunk of its own and the landing page stays within its few kilobytes.
 */
import { formatOdds, parseOdds, toAmerican, toFractional } from "../../../domain/shared/odds.ts";

/** The customer's odds format setting (api/schemas/account.ts OddsFormat). */
export type OddsFormat = "decimal" | "fractional" | "american";

/** The API's decimal odds string as exact thousandths ("2.15" -> 2150); 0 for anything else. */
export const oddsToMilli = (odds: string): number => parseOdds(odds) ?? 0;

/**
 * A price as the customer chose to see it: decimal "2.50", fractional "3/2" or American "+150",
 * from the exact thousandths (domain/shared/odds.ts). Accepts the API's decimal string or milli.
 */
export function formatPrice(odds: string | number, format: OddsFormat = "decimal"): string {
  const milli = typeof odds === "number" ? odds : oddsToMilli(odds);
  if (!milli) return typeof odds === "string" ? odds : "–";
  if (format === "fractional") return toFractional(milli);
  if (format === "american") return toAmerican(milli);
  return formatOdds(milli);
}
