import { describe, expect, it } from "vitest";
import { compoundPoisson, convolvePower, diffAndTotal } from "./dist.ts";

/** Brute force: P(points = x) = sum over n events of Poisson(n) x (the value table convolved n times)(x). */
function bruteCompound(lambda: number, table: { value: number; p: number }[], max: number): number[] {
  const out = new Array<number>(max + 1).fill(0);
  let nPmf = [1];
  let poisson = Math.exp(-lambda);
  for (let n = 0; n < 80; n++) {
    nPmf.forEach((p, x) => {
      if (x <= max) out[x] += poisson * p;
    });
    const next = new Array<number>(nPmf.length + 10).fill(0);
    nPmf.forEach((p, x) => table.forEach((t) => (next[x + t.value] += p * t.p)));
    nPmf = next;
    poisson *= lambda / (n + 1);
  }
  return out;
}

describe("compoundPoisson (Panjer's recursion)", () => {
  it("agrees with the brute-force sum over the number of events", () => {
    const table = [{ value: 1, p: 0.3 }, { value: 2, p: 0.48 }, { value: 3, p: 0.22 }];
    const pmf = compoundPoisson(6.5, table);
    const brute = bruteCompound(6.5, table, 60);
    for (let x = 0; x <= 60; x++) expect(pmf[x] ?? 0).toBeCloseTo(brute[x], 12);
    expect(pmf.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
  it("is plain Poisson for a table of one-point events, and a point mass at 0 with no events", () => {
    const pmf = compoundPoisson(2, [{ value: 1, p: 1 }]);
    expect(pmf[3]).toBeCloseTo((Math.exp(-2) * 8) / 6, 12);
    expect(Array.from(compoundPoisson(0, [{ value: 1, p: 1 }]))).toEqual([1]);
  });
  it("stays finite and sums to 1 for a long stream of events (a basketball side's 60 baskets)", () => {
    const pmf = compoundPoisson(700, [{ value: 1, p: 0.5 }, { value: 2, p: 0.5 }]);
    expect(pmf.every((p) => Number.isFinite(p))).toBe(true);
    expect(pmf.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });
});

describe("diffAndTotal and convolvePower", () => {
  it("the difference and total of two counts, on top of the score", () => {
    const { diff, total } = diffAndTotal(Float64Array.of(0.5, 0.5), Float64Array.of(0.25, 0.75), 1, 3);
    // home + {0,1}, away + {0,1}: diff now 1 -> 0 (0.375), 1 (0.125 + 0.375), 2 (0.125)
    expect(diff.eq(0)).toBeCloseTo(0.375, 12);
    expect(diff.eq(1)).toBeCloseTo(0.5, 12);
    expect(diff.eq(2)).toBeCloseTo(0.125, 12);
    expect(total.eq(3)).toBeCloseTo(0.125, 12);
    expect(total.gt(4)).toBeCloseTo(0.375, 12);
  });
  it("convolvePower: a fair coin's heads over three tosses", () => {
    const { offset, pmf } = convolvePower(Float64Array.of(0.5, 0.5), 0, 3);
    expect(offset).toBe(0);
    expect(Array.from(pmf)).toEqual([0.125, 0.375, 0.375, 0.125]);
  });
});
