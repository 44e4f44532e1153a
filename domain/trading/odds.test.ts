import { describe, expect, it } from "vitest";
import { tickPrice } from "./odds.ts";
import { factorToBp } from "./stake-factor.ts";
import { maxStakeAtEvens } from "../betting/placement-limits.ts";

describe("one tick", () => {
  it("moves to the next 0.01 grid price up or down", () => {
    expect(tickPrice(2150, "up")).toBe(2160);
    expect(tickPrice(2150, "down")).toBe(2140);
    expect(tickPrice(2125, "up")).toBe(2130);
    expect(tickPrice(2125, "down")).toBe(2120);
    expect(tickPrice(1020, "down")).toBe(1010);
  });
  it("never below 1.01 or above 1000", () => {
    expect(tickPrice(1010, "down")).toBeNull();
    expect(tickPrice(1015, "down")).toBe(1010);
    expect(tickPrice(1_000_000, "up")).toBeNull();
  });
});

describe("stake factor", () => {
  it("is kept in basis points, down to 0.01 %", () => {
    expect(factorToBp(1)).toBe(10_000);
    expect(factorToBp(0.25)).toBe(2_500);
    expect(factorToBp(0.0001)).toBe(1);
    expect(factorToBp(0.015)).toBe(150);
    for (const bad of [0, 1.5, -1, 0.00015, Number.NaN]) expect(factorToBp(bad)).toBeNull();
  });
  it("scales the maximum stake at even money", () => {
    expect(maxStakeAtEvens(10_000)).toBe(10_000_000);
    expect(maxStakeAtEvens(2_500)).toBe(2_500_000);
    expect(maxStakeAtEvens(100)).toBe(100_000);
    expect(maxStakeAtEvens(1)).toBe(1_000);
  });
});
