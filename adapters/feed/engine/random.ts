/**
 * Random draws for the match engine, all from a `random: () => number` in [0, 1) (mulberry32 in
 * tests and the demo), so a seed replays a match exactly.
 */
export type Random = () => number;

/** Waiting time to the next event of a Poisson process with `rate` events per second. */
export function exponential(random: Random, rate: number): number {
  if (!(rate > 0)) return Infinity;
  return -Math.log(1 - random()) / rate;
}

/** A whole number in [lo, hi], uniformly. */
export function uniformInt(random: Random, lo: number, hi: number): number {
  return lo + Math.floor(random() * (hi - lo + 1));
}

/** A standard normal draw (Box-Muller). */
export function normal(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** An index drawn with probability proportional to its weight (weights >= 0, not all 0). */
export function drawIndex(random: Random, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w > 0 ? w : 0;
  let u = random() * total;
  let last = -1;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] > 0 ? weights[i] : 0;
    if (w === 0) continue;
    last = i;
    if (u < w) return i;
    u -= w;
  }
  return last === -1 ? 0 : last; // rounding at the top end
}

/** A value drawn from a table of { value, p } (p need not sum to exactly 1). */
export function pick<T>(random: Random, table: readonly { value: T; p: number }[]): T {
  return table[drawIndex(random, table.map((t) => t.p))].value;
}

/**
 * The side (0 home, 1 away) that a drawing of lots favours in proportion to the two weights, or
 * evenly when neither is positive: the last resort that ends a match a degenerate model (rates of
 * 0) would otherwise leave level for ever.
 */
export function drawLots(random: Random, home: number, away: number): 0 | 1 {
  const h = home > 0 ? home : 0;
  const a = away > 0 ? away : 0;
  if (h + a === 0) return random() < 0.5 ? 0 : 1;
  return random() * (h + a) < h ? 0 : 1;
}
