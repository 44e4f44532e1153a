/** Display helpers. Money arrives as integer cents and is shown as cents / 100 with two decimals. */
import { parseAmountToCents } from "../../../domain/shared/money.ts";
import { formatOdds, parseOdds } from "../../../domain/shared/odds.ts";

const moneyFmt = new Intl.NumberFormat("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$1,234.50", and "-$68.75" for a negative amount. */
export function formatMoney(cents: number): string {
  const text = `$${moneyFmt.format(Math.abs(cents) / 100)}`;
  return cents < 0 ? `-${text}` : text;
}

/** What a customer typed ("10", "10.5", "10.55") as cents, or null: the domain's exact parser. */
export const parseStakeToCents = parseAmountToCents;

/** The server's odds strings ("2.15") as integer thousandths for the slip maths (0 if malformed). */
export const oddsToMilli = (odds: string): number => parseOdds(odds) ?? 0;

/** Integer thousandths back to the canonical odds string ("2.15", "2.125"). */
export const milliToOdds = formatOdds;

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-AU", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString("en-AU", { hour: "2-digit", minute: "2-digit" });
}
