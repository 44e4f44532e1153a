import { describe, expect, it } from "vitest";
import { applyMargin, bookOf, ladderDown, marginLine, powerExponent, SHORTEST_OFFERED_MILLI } from "./margin.ts";
import { targetOverround } from "./overround.ts";
import type { MarketSpec } from "../shared/types.ts";

describe("ladderDown", () => {
  it("rounds down in 0.01 steps below 10, 0.1 below 100, whole units above", () => {
    expect(ladderDown(1999.9)).toBe(1990);
    expect(ladderDown(2000)).toBe(2000);
    expect(ladderDown(9999)).toBe(9990);
    expect(ladderDown(10_050)).toBe(10_000);
    expect(ladderDown(15_555)).toBe(15_500);
    expect(ladderDown(99_999)).toBe(99_900);
    expect(ladderDown(123_456)).toBe(123_000);
  });
  it("clamps to [1.01, 1000]", () => {
    expect(ladderDown(500)).toBe(1010);
    expect(ladderDown(1015)).toBe(1010);
    expect(ladderDown(5_000_000)).toBe(1_000_000);
    expect(ladderDown(Infinity)).toBe(1_000_000);
  });
});

describe("applyMargin: the power method", () => {
  it("evens at 1.05 is 1.90 each (a symmetric line is margined evenly)", () => {
    // q = 0.5^k with 2 x 0.5^k = 1.05: q = 0.525, 1 / 0.525 = 1.9047... -> 1.90
    expect(applyMargin([0.5, 0.5], 1.05)).toEqual([1900, 1900]);
  });
  it("a 3-way line at 1.06: q_i = p_i^k, the favourite carrying less of the margin than the outsiders", () => {
    const k = powerExponent([0.45, 0.25, 0.3], 1.06);
    expect(0.45 ** k + 0.25 ** k + 0.3 ** k).toBeCloseTo(1.06, 12);
    // 1/0.45^k = 2.1204 -> 2.12; 1/0.25^k = 3.7080 -> 3.70; 1/0.3^k = 3.1243 -> 3.12
    const line = applyMargin([0.45, 0.25, 0.3], 1.06);
    expect(line).toEqual([2120, 3700, 3120]);
    expect(bookOf(line)).toBeGreaterThanOrEqual(1.06);
    // the favourite's share of the overround (q/p - 1) is the smallest
    const over = [0.45, 0.25, 0.3].map((p, i) => 1000 / (line[i] as number) / p - 1);
    expect(over[0]).toBeLessThan(over[2]);
    expect(over[2]).toBeLessThan(over[1]);
  });
  it("on a line that is offered, no price is above its fair price, and the order of the outcomes is kept", () => {
    let seed = 11;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let t = 0; t < 500; t++) {
      const w = Array.from({ length: 2 + (t % 6) }, () => rnd() ** 2 + 1e-6);
      const s = w.reduce((a, b) => a + b, 0);
      const p = w.map((x) => x / s);
      const { prices: line, tooShort } = marginLine(p, 1.04 + rnd() * 0.16);
      if (tooShort) continue;
      p.forEach((x, i) => expect(line[i]!).toBeLessThanOrEqual(1000 / x + 1e-9));
      for (let i = 0; i < p.length; i++) for (let j = 0; j < p.length; j++) if (p[i] > p[j]) expect(line[i]!).toBeLessThanOrEqual(line[j]!);
    }
  });
  it("an outcome with probability 0 is not offered", () => {
    expect(applyMargin([0.6, 0, 0.4], 1.06)).toEqual([1590, null, 2300]);
  });
  it("a certain market offers nothing", () => {
    expect(applyMargin([1, 0, 0], 1.06)).toEqual([null, null, null]);
    expect(applyMargin([], 1.05)).toEqual([]);
  });
  it("a favourite at 1.02 or shorter makes the line too short to offer; 1.03 is offered with the margin spread", () => {
    expect(marginLine([0.999, 0.001], 1.05).tooShort).toBe(true);
    expect(marginLine([0.97, 0.03], 1.05)).toEqual({ prices: [1020, 13_700], tooShort: true });
    // fair 1.042 / 25.0: the favourite at 1.03, the outsider at 12.2 (no side shortened to hold the book)
    expect(marginLine([0.96, 0.04], 1.05)).toEqual({ prices: [1030, 12_200], tooShort: false });
    expect(SHORTEST_OFFERED_MILLI).toBe(1030);
  });
  it("long shots are clamped at 1000 (which only raises the book)", () => {
    const line = applyMargin([0.9, 0.1 - 1e-7, 1e-7], 1.05);
    expect(line[2]).toBe(1_000_000);
    expect(bookOf(line)).toBeGreaterThanOrEqual(1.05);
  });
  it("holds the book on many random lines", () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let k = 0; k < 2000; k++) {
      const n = 2 + (k % 9);
      const w = Array.from({ length: n }, () => rnd() ** 4);
      const s = w.reduce((a, b) => a + b, 0);
      const target = 1.04 + rnd() * 0.16;
      const line = applyMargin(w.map((x) => x / s), target);
      expect(bookOf(line)).toBeGreaterThanOrEqual(target);
      for (const p of line) if (p !== null) expect(p >= 1010 && p <= 1_000_000).toBe(true);
    }
  });
});

describe("targetOverround", () => {
  const spec = (type: MarketSpec["type"], codes: string[]): MarketSpec => ({ type, line: null, codes });
  it("by market type, all within 1.04..1.20", () => {
    expect(targetOverround(spec("full_time_result", ["home", "away"]), "tennis")).toBe(1.05);
    expect(targetOverround(spec("full_time_result", ["home", "draw", "away"]), "soccer")).toBe(1.06);
    expect(targetOverround(spec("over_under", ["over", "under"]), "soccer")).toBe(1.05);
    expect(targetOverround(spec("handicap", ["home", "away"]), "nfl")).toBe(1.05);
    expect(targetOverround(spec("both_teams_score", ["yes", "no"]), "soccer")).toBe(1.06);
    expect(targetOverround(spec("correct_score", ["1-0", "other"]), "soccer")).toBe(1.15);
    expect(targetOverround(spec("full_time_result", ["r1", "r2", "r3"]), "racing")).toBe(1.18);
  });
});
