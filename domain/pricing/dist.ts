/**
 * Distributions of an integer-valued final quantity (a score difference, a total), as pricing
 * needs them: P(V > x) for a line x (whole or half) and P(V = k) for a push.
 */

export interface IntDist {
  /** P(V > x); x may be fractional (a half line). */
  gt(x: number): number;
  /** P(V = k); 0 when k is not a whole number. */
  eq(k: number): number;
  /**
   * P(V < x), computed directly (not as 1 - gt - eq), so an outcome the state has already ruled
   * out is exactly 0, not rounding noise.
   */
  lt(x: number): number;
}

/** A probability mass function over offset, offset + 1, ... (the array may be longer than `size`). */
export class PmfDist implements IntDist {
  readonly offset: number;
  readonly pmf: Float64Array;
  readonly size: number;
  constructor(offset: number, pmf: Float64Array, size: number = pmf.length) {
    this.offset = offset;
    this.pmf = pmf;
    this.size = size;
  }
  gt(x: number): number {
    const from = Math.max(0, Math.floor(x) + 1 - this.offset);
    let s = 0;
    for (let i = from; i < this.size; i++) s += this.pmf[i];
    return s;
  }
  eq(k: number): number {
    if (!Number.isInteger(k)) return 0;
    const i = k - this.offset;
    return i >= 0 && i < this.size ? this.pmf[i] : 0;
  }
  lt(x: number): number {
    const to = Math.min(this.size, Math.ceil(x) - this.offset); // indices with offset + i < x
    let s = 0;
    for (let i = 0; i < to; i++) s += this.pmf[i];
    return s;
  }
}

/**
 * base + Y, Y approximately normal (mean, sd) on the integers with a continuity correction:
 * P(V <= m) = Phi((m + 0.5 - base - mean) / sd). With `nonNegative`, Y >= 0 (a count still to come):
 * the mass below 0 is put on 0, so V never falls below base. sd = 0 means Y = 0 exactly.
 */
export class NormalDist implements IntDist {
  readonly base: number;
  readonly mean: number;
  readonly sd: number;
  readonly nonNegative: boolean;
  constructor(base: number, mean: number, sd: number, nonNegative: boolean) {
    this.base = base;
    this.mean = mean;
    this.sd = sd;
    this.nonNegative = nonNegative;
  }
  /** P(V <= m) for a whole m. */
  cdf(m: number): number {
    const y = m - this.base;
    if (this.nonNegative && y < 0) return 0;
    if (this.sd <= 0) return y >= 0 ? 1 : 0;
    return normalCdf((y + 0.5 - this.mean) / this.sd);
  }
  /** P(V > m) for a whole m, from the upper tail directly (keeps precision far out). */
  private upper(m: number): number {
    const y = m - this.base;
    if (this.nonNegative && y < 0) return 1;
    if (this.sd <= 0) return y >= 0 ? 0 : 1;
    return normalCdf(-(y + 0.5 - this.mean) / this.sd);
  }
  gt(x: number): number {
    return this.upper(Math.floor(x));
  }
  eq(k: number): number {
    if (!Number.isInteger(k)) return 0;
    // Difference of the tail on k's side of the mean: no cancellation of numbers near 1 far out.
    if (k - this.base > this.mean) return Math.max(0, this.upper(k - 1) - this.upper(k));
    return Math.max(0, this.cdf(k) - this.cdf(k - 1));
  }
  lt(x: number): number {
    return this.cdf(Math.ceil(x) - 1);
  }
}

/** -V: the mirror of a distribution (golf: fewer strokes is better). */
export class MirrorDist implements IntDist {
  readonly inner: IntDist;
  constructor(inner: IntDist) {
    this.inner = inner;
  }
  gt(x: number): number {
    return this.inner.lt(-x);
  }
  eq(k: number): number {
    return this.inner.eq(-k);
  }
  lt(x: number): number {
    return this.inner.gt(-x);
  }
}

/**
 * A score difference whose tie at full time is settled by extra time: the tie's mass goes to +1
 * (home, with probability homeShare) and -1 (away). So P(V' = 0) = 0.
 */
export class TieSplitDist implements IntDist {
  readonly inner: IntDist;
  readonly homeShare: number;
  constructor(inner: IntDist, homeShare: number) {
    this.inner = inner;
    this.homeShare = homeShare;
  }
  gt(x: number): number {
    const tie = this.inner.eq(0);
    let p = this.inner.gt(x);
    if (0 > x) p -= tie;
    if (1 > x) p += tie * this.homeShare;
    if (-1 > x) p += tie * (1 - this.homeShare);
    return Math.min(1, Math.max(0, p));
  }
  eq(k: number): number {
    if (k === 0) return 0;
    const tie = this.inner.eq(0);
    let p = this.inner.eq(k);
    if (k === 1) p += tie * this.homeShare;
    if (k === -1) p += tie * (1 - this.homeShare);
    return p;
  }
  lt(x: number): number {
    const tie = this.inner.eq(0);
    let p = this.inner.lt(x);
    if (0 < x) p -= tie;
    if (1 < x) p += tie * this.homeShare;
    if (-1 < x) p += tie * (1 - this.homeShare);
    return Math.min(1, Math.max(0, p));
  }
}

/**
 * Poisson(lambda) probabilities into buf[0..n), truncated where the remaining tail is below 1e-12
 * (or at the buffer's end) and renormalised; returns n.
 */
export function poissonInto(buf: Float64Array, lambda: number): number {
  if (!(lambda > 0)) {
    buf[0] = 1;
    return 1;
  }
  let p = Math.exp(-lambda);
  let cum = p;
  buf[0] = p;
  let n = 1;
  while (n < buf.length && (1 - cum > 1e-12 || n <= lambda)) {
    p = (p * lambda) / n;
    buf[n] = p;
    cum += p;
    n++;
  }
  for (let i = 0; i < n; i++) buf[i] /= cum;
  return n;
}

/** The standard normal distribution function, from erfc. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/**
 * Complementary error function (Numerical Recipes' erfcc, Chebyshev fit): fractional error below
 * 1.2e-7 everywhere, smooth and monotone, which is what prices need.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/**
 * A compound Poisson distribution: the points from a Poisson(lambda) number of events, each worth
 * `value` with probability `p` (whole values >= 1), by Panjer's recursion
 * g(n) = (lambda / n) x sum over the values v of v x p_v x g(n - v). Returns the pmf over 0 .. n - 1,
 * cut where the tail left is below 1e-12 and renormalised. Plain Poisson is the table [{1, 1}].
 */
export function compoundPoisson(lambda: number, events: readonly { value: number; p: number }[]): Float64Array {
  if (!(lambda > 0)) return Float64Array.of(1);
  let pTotal = 0;
  let m1 = 0;
  let m2 = 0;
  let maxValue = 1;
  for (const e of events) {
    pTotal += e.p;
    m1 += e.p * e.value;
    m2 += e.p * e.value * e.value;
    maxValue = Math.max(maxValue, e.value);
  }
  m1 /= pTotal;
  m2 /= pTotal;
  const cap = Math.ceil(lambda * m1 + 14 * Math.sqrt(lambda * m2) + 2 * maxValue + 10);
  const g = new Float64Array(cap);
  // Far-out starting values would underflow: start scaled by e^shift and divide the shift back out.
  const shift = Math.max(0, lambda - 600);
  g[0] = Math.exp(-lambda + shift);
  const whole = Math.exp(shift);
  let cum = g[0];
  let n = 1;
  for (; n < cap; n++) {
    let s = 0;
    for (const e of events) if (e.value <= n) s += e.value * (e.p / pTotal) * g[n - e.value];
    g[n] = (lambda / n) * s;
    cum += g[n];
    if (n > lambda * m1 && whole - cum < 1e-12 * whole) {
      n++;
      break;
    }
  }
  const out = g.subarray(0, n);
  for (let i = 0; i < n; i++) out[i] /= cum;
  return out;
}

/** First index of a pmf with mass above 1e-16 (the mass before it is negligible). */
function firstMass(pmf: Float64Array): number {
  let i = 0;
  while (i < pmf.length - 1 && pmf[i] < 1e-16) i++;
  return i;
}

/**
 * The difference (home - away) and total of two independent counts still to come, each a pmf over
 * 0, 1, ..., added to the score as it stands (`d0` = home - away now, `t0` = home + away now).
 */
export function diffAndTotal(home: Float64Array, away: Float64Array, d0: number, t0: number): { diff: PmfDist; total: PmfDist } {
  const hLo = firstMass(home);
  const aLo = firstMass(away);
  const nH = home.length;
  const nA = away.length;
  const diff = new Float64Array(nH + nA);
  const total = new Float64Array(nH + nA);
  const dOff = nA - 1; // diff index = i - j + dOff
  for (let i = hLo; i < nH; i++) {
    const pi = home[i];
    if (pi === 0) continue;
    for (let j = aLo; j < nA; j++) {
      const p = pi * away[j];
      diff[i - j + dOff] += p;
      total[i + j] += p;
    }
  }
  return { diff: new PmfDist(d0 - dOff, diff, nH + nA - 1), total: new PmfDist(t0, total, nH + nA - 1) };
}

/** The distribution of a sum of `times` independent copies of a step pmf over lo .. lo + len - 1 (as offset and pmf). */
export function convolvePower(step: Float64Array, lo: number, times: number): { offset: number; pmf: Float64Array } {
  let pmf = Float64Array.of(1);
  for (let t = 0; t < times; t++) {
    const next = new Float64Array(pmf.length + step.length - 1);
    for (let i = 0; i < pmf.length; i++) {
      if (pmf[i] === 0) continue;
      for (let j = 0; j < step.length; j++) next[i + j] += pmf[i] * step[j];
    }
    pmf = next;
  }
  return { offset: lo * times, pmf };
}
