import { describe, expect, it } from "vitest";
import { nextPrice, randomStep } from "./price-move.ts";

describe("demo feed price rule", () => {
  it("moves at most 0.10 a step", () => {
    expect(nextPrice(2000, 250)).toBe(2100);
    expect(nextPrice(2000, -250)).toBe(1900);
    expect(nextPrice(2000, 37)).toBe(2037);
  });
  it("never goes below 1.01", () => {
    expect(nextPrice(1050, -100)).toBe(1010);
    expect(nextPrice(1010, -1)).toBe(1010);
  });
  it("random steps stay within +/-0.10", () => {
    for (const u of [0, 0.25, 0.5, 0.75, 0.999999]) expect(Math.abs(randomStep(u))).toBeLessThanOrEqual(100);
    expect(randomStep(0)).toBe(-100);
    expect(randomStep(0.5)).toBe(0);
    for (const u of [0.13, 0.37, 0.61, 0.89]) expect(Math.abs(randomStep(u) % 10)).toBe(0); // whole hundredths
  });
});
