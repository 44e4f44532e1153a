import { describe, expect, it } from "vitest";
import { tickPrice } from "./odds.ts";
import { maxStakeFor, stakeLimitMessage } from "./stake-factor.ts";

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
  it("scales the maximum stake", () => {
    expect(maxStakeFor(100)).toBe(10_000_000);
    expect(maxStakeFor(25)).toBe(2_500_000);
    expect(maxStakeFor(1)).toBe(100_000);
    expect(stakeLimitMessage(1)).toBe("The maximum stake on this account is 1,000.00");
  });
});
