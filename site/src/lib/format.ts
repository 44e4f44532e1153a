/** Display helpers. Money arrives as integer cents and is shown as cents / 100 with two decimals. */
const moneyFmt = new Intl.NumberFormat("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$1,234.50", and "-$68.75" for a negative amount. */
export function formatMoney(cents: number): string {
  const text = `$${moneyFmt.format(Math.abs(cents) / 100)}`;
  return cents < 0 ? `-${text}` : text;
}

/** Parse what a customer typed ("10", "10.5", "10.55") into cents; null when it is not a valid amount. */
export function parseStakeToCents(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:\.(\d{0,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** Odds strings are exact decimals ("2.15"); convert to integer thousandths for slip maths. */
export function oddsToMilli(odds: string): number {
  const [w, f = ""] = odds.split(".");
  return Number(w) * 1000 + Number(f.padEnd(3, "0").slice(0, 3));
}

export function milliToOdds(milli: number): string {
  const whole = Math.floor(milli / 1000);
  let frac = String(milli % 1000).padStart(3, "0");
  if (frac.endsWith("0")) frac = frac.slice(0, 2);
  return `${whole}.${frac}`;
}

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
