/**
 * The bonus wallet as the customer reads it (docs/money.md "Bonus funds"): GET /api/wallet/bonus
 * gives cash, bonus, wagering and expiry; these helpers turn it into the words on the page, with the
 * site's money formatter and the customer-locale date formatter (local-time.ts).
 */
import type { BonusView } from "../../../domain/wallet/bonus-account.ts";
import { formatMoney } from "./format.ts";
import { formatLocal, type LocalOptions } from "./local-time.ts";

export type { BonusView };

/** A bonus to show: money in the bonus account or wagering still running. */
export const holdsBonus = (b: BonusView | undefined): b is BonusView => !!b && (b.bonus > 0 || b.active);

/** "$120.00 of $500.00 wagered at 1.50+", or null when no wagering is running. */
export function wageringText(b: BonusView): string | null {
  if (!b.active) return null;
  return `${formatMoney(Math.min(b.wagered, b.required))} of ${formatMoney(b.required)} wagered at ${b.minOdds}+`;
}

/** Whole percent of the requirement wagered (0..100); 100 when nothing is required. */
export function wageringPercent(b: BonusView): number {
  if (b.required <= 0) return 100;
  return Math.min(100, Math.floor((Math.min(b.wagered, b.required) * 100) / b.required));
}

/** "Expires Thu 26 Nov, 17:16" in the customer's locale and time zone, or null. */
export function expiryText(b: BonusView, o: LocalOptions = {}): string | null {
  return b.active && b.expiresAt ? `Expires ${formatLocal(b.expiresAt, "when", o)}` : null;
}

/** What the withdraw form says about the bonus, or null when none is held. */
export function withdrawBonusNote(b: BonusView | undefined): string | null {
  if (!holdsBonus(b)) return null;
  return `Your ${formatMoney(b.bonus)} bonus is not withdrawable until its wagering is complete${b.active ? ` (${wageringText(b)})` : ""}; then it becomes cash.`;
}
