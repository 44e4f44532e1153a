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

/**
 * The traditional fractional ladder, as UK books print prices (4/6, 11/10, 100/30, 5/1 ...), in
 * increasing order. Fractions are kept as printed (4/6, not 2/3; 100/30, not 10/3).
 */
const LADDER: readonly (readonly [number, number])[] = [
  [1, 100], [1, 66], [1, 50], [1, 40], [1, 33], [1, 25], [1, 20], [1, 16], [1, 14], [1, 12], [1, 11],
  [1, 10], [1, 9], [1, 8], [2, 15], [1, 7], [2, 13], [1, 6], [2, 11], [1, 5], [2, 9], [1, 4], [2, 7],
  [3, 10], [1, 3], [4, 11], [2, 5], [4, 9], [1, 2], [8, 15], [4, 7], [8, 13], [4, 6], [8, 11], [4, 5],
  [5, 6], [10, 11], [1, 1], [21, 20], [11, 10], [6, 5], [5, 4], [11, 8], [7, 5], [6, 4], [8, 5], [13, 8],
  [7, 4], [15, 8], [2, 1], [85, 40], [9, 4], [5, 2], [11, 4], [3, 1], [100, 30], [7, 2], [4, 1], [9, 2],
  [5, 1], [11, 2], [6, 1], [13, 2], [7, 1], [15, 2], [8, 1], [17, 2], [9, 1], [10, 1], [11, 1], [12, 1],
  [14, 1], [16, 1], [18, 1], [20, 1], [22, 1], [25, 1], [28, 1], [33, 1], [40, 1], [50, 1], [66, 1],
  [80, 1], [100, 1], [125, 1], [150, 1], [200, 1], [250, 1], [300, 1], [400, 1], [500, 1], [750, 1],
  [999, 1],
];

/**
 * Fractional odds on the traditional ladder: the largest ladder fraction not above the price's
 * profit per unit (decimal - 1), so the fraction shown never promises more than the decimal price
 * pays (5.07 -> "5/1", 1.667 -> "4/6", 2.10 -> "11/10"). Returns are always computed from the
 * decimal price; this is display only.
 */
export function toFractional(milli: OddsMilli): string {
  const profit = milli - 1000; // thousandths
  let best = LADDER[0];
  for (const f of LADDER) {
    if (f[0] * 1000 <= profit * f[1]) best = f;
    else break;
  }
  return `${best[0]}/${best[1]}`;
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
