/** Display helpers. Money arrives as integer cents and is shown as cents / 100 with two decimals. */
import { formatMoney as domainFormatMoney, parseAmountToCents } from "../../../domain/shared/money.ts";
import { formatOdds } from "../../../domain/shared/odds.ts";
import { formatLocal } from "./local-time.ts";

/** "$1,234.50", and "-$68.75" for a negative amount: the same formatter as the server's texts. */
export const formatMoney = (cents: number): string => domainFormatMoney(Math.round(cents));

/** A whole amount of dollars, as on quick-amount buttons: "$25", "$1,000". */
export const formatDollars = (dollars: number): string => domainFormatMoney(Math.round(dollars * 100)).replace(/\.00$/, "");

/** What a customer typed ("10", "10.5", "10.55") as cents, or null: the domain's exact parser. */
export const parseStakeToCents = parseAmountToCents;

/** The server's odds strings ("2.15") as integer thousandths for the slip maths (0 if malformed). */
export { oddsToMilli } from "./price-format.ts";

/** Integer thousandths back to the canonical odds string ("2.15", "2.125"). */
export const milliToOdds = formatOdds;

/** "Thu 26 Nov, 17:16" in the customer's own locale and time zone (site/src/lib/local-time.ts). */
export function formatDateTime(iso: string): string {
  return formatLocal(iso, "when");
}

/** "17:16" in the customer's own locale and time zone. */
export function formatTime(iso: string): string {
  return formatLocal(iso, "time");
}

export { formatPrice, type OddsFormat } from "./price-format.ts";

/** A signed amount with an explicit sign: "+$12.50", "-$4.00", "$0.00". */
export function formatSignedMoney(cents: number): string {
  return cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents);
}

/** Cents as the plain decimal a customer would type ("25", "12.5" -> "12.50"). */
export const centsToInput = (cents: number): string => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** "26 Nov 2026" in the customer's own locale and time zone. */
export function formatDate(iso: string): string {
  return formatLocal(iso, "date");
}

/** 135 -> "2 h 15 min", 45 -> "45 min". */
export function formatMinutes(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  return h > 0 ? `${h} h ${m % 60} min` : `${m} min`;
}
