import { describe, expect, it } from "vitest";
import { applyMargin, bookOf, ladderDown } from "./margin.ts";
import { targetOverround } from "./overround.ts";
import type { MarketSpec } from "./state.ts";

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

describe("applyMargin", () => {
  it("prices p * target rounded down: evens at 1.05 is 1.90 each", () => {
    // 1 / (0.5 * 1.05) = 1.9047... -> 1.90
    expect(applyMargin([0.5, 0.5], 1.05)).toEqual([1900, 1900]);
  });
  it("a 3-way line at 1.06", () => {
    // 1/(0.45*1.06) = 2.0964 -> 2.09; 1/(0.25*1.06) = 3.7735 -> 3.77; 1/(0.3*1.06) = 3.1446 -> 3.14
    const line = applyMargin([0.45, 0.25, 0.3], 1.06);
    expect(line).toEqual([2090, 3770, 3140]);
    expect(bookOf(line)).toBeGreaterThanOrEqual(1.06);
  });
  it("an outcome with probability 0 is not offered", () => {
    expect(applyMargin([0.6, 0, 0.4], 1.06)).toEqual([1570, null, 2350]);
  });
  it("a certain market offers nothing", () => {
    expect(applyMargin([1, 0, 0], 1.06)).toEqual([null, null, null]);
    expect(applyMargin([], 1.05)).toEqual([]);
  });
  it("a favourite clamped at 1.01 moves its shortfall onto the others, so the book stays at the target", () => {
    // p*T = 1.04895 -> 1.01 (implied 0.990099); the other must carry 1.05 - 0.990099 = 0.0599 -> 16.69 -> 16.6
    const line = applyMargin([0.999, 0.001], 1.05);
    expect(line).toEqual([1010, 16_600]);
    expect(bookOf(line)).toBeGreaterThanOrEqual(1.05);
    const three = applyMargin([0.995, 0.003, 0.002], 1.06);
    expect(three[0]).toBe(1010);
    expect(bookOf(three)).toBeGreaterThanOrEqual(1.06);
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
