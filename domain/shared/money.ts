/**
 * Money is an integer number of minor units (cents). Never a float. Validated and converted
 * exactly; formatMoney writes it for people, the one formatter of the server's texts and the site.
 */
export type Cents = number;

export const isCents = (n: unknown): n is Cents => typeof n === "number" && Number.isSafeInteger(n);

/** Parse a decimal amount such as "12.5", "12." or "1000.00" into cents, exactly (no float maths). */
export function parseAmountToCents(text: string): Cents | null {
  const m = /^(\d{1,12})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  const whole = Number(m[1]);
  const frac = Number((m[2] ?? "").padEnd(2, "0"));
  return whole * 100 + frac;
}

/** "1234.50" from 123450; a plain machine-readable decimal, no grouping. */
export function centsToDecimalString(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * "$1,234.50", and "-$68.75" for a negative amount: money as people read it, in every text the
 * server writes (refusals, alerts, markers) and on every screen (site/src/lib/format.ts). Exact, in
 * integers: no float rounding, no locale data needed.
 */
export function formatMoney(cents: Cents): string {
  const abs = Math.abs(Math.trunc(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${cents < 0 ? "-" : ""}$${whole}.${String(abs % 100).padStart(2, "0")}`;
}
