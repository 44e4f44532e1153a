/**
 * Decimal odds stored exactly as integer thousandths: 2.150 -> 2150. The smallest price is 1.01.
 * Conversions to fractional and American formats are derived from the exact value.
 */
export type OddsMilli = number;

export const MIN_ODDS_MILLI = 1010;
export const MAX_ODDS_MILLI = 1_000_000; // 1000.00

export function parseOdds(text: string): OddsMilli | null {
  const m = /^(\d{1,4})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!m) return null;
  const milli = Number(m[1]) * 1000 + Number((m[2] ?? "").padEnd(3, "0"));
  if (milli < MIN_ODDS_MILLI || milli > MAX_ODDS_MILLI) return null;
  return milli;
}

/** Canonical decimal string with at least two decimals: 2150 -> "2.15", 2125 -> "2.125", 1500 -> "1.50". */
export function formatOdds(milli: OddsMilli): string {
  const whole = Math.floor(milli / 1000);
  let frac = String(milli % 1000).padStart(3, "0");
  if (frac.endsWith("0")) frac = frac.slice(0, 2);
  return `${whole}.${frac}`;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Fractional odds: (decimal - 1) reduced, e.g. 2.50 -> "3/2", 2.00 -> "1/1" (evens). */
export function toFractional(milli: OddsMilli): string {
  const num = milli - 1000;
  const den = 1000;
  const g = gcd(num, den);
  return `${num / g}/${den / g}`;
}

/**
 * American odds: decimal >= 2.00 -> +100*(d-1); below 2.00 -> -100/(d-1), rounded to the nearest
 * whole number (half away from zero), as books print them.
 */
export function toAmerican(milli: OddsMilli): string {
  const profit = milli - 1000; // per 1000 staked
  if (milli >= 2000) {
    return `+${Math.round((100 * profit) / 1000)}`;
  }
  return `-${Math.round((100 * 1000) / profit)}`;
}

/**
 * Combined odds of a multiple: the exact product of the legs, kept as a rational number
 * (numerator over 1000^n) so returns are computed without rounding until the final cent.
 */
export function combineOdds(legs: readonly OddsMilli[]): { numerator: bigint; denominator: bigint } {
  let numerator = 1n;
  let denominator = 1n;
  for (const o of legs) {
    numerator *= BigInt(o);
    denominator *= 1000n;
  }
  return { numerator, denominator };
}

/** The combined odds as milli, rounded down (for display and storage of the bet's total price). */
export function combinedOddsMilli(legs: readonly OddsMilli[]): OddsMilli {
  const { numerator, denominator } = combineOdds(legs);
  return Number((numerator * 1000n) / denominator);
}

/**
 * Return on a stake at the given leg odds, in cents, rounded down to the cent: the house never
 * pays a fraction of a cent more than the exact product.
 */
export function returnFor(stake: number, legs: readonly OddsMilli[]): number {
  const { numerator, denominator } = combineOdds(legs);
  return Number((BigInt(stake) * numerator) / denominator);
}
