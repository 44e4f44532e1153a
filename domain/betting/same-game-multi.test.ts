import { describe, expect, it } from "vitest";
import { isPlaceableSgmPrice, returnAtOdds, sameGameMultiOddsMilli } from "./same-game-multi.ts";

describe("same game multi pricing", () => {
  it("is the exact product x 0.85, rounded down to 0.001", () => {
    expect(sameGameMultiOddsMilli([2000, 2000])).toBe(3400);
    // 1.91 x 1.87 x 2.05 = 7.322035 -> x 0.85 = 6.22372975 -> 6.223
    expect(sameGameMultiOddsMilli([1910, 1870, 2050])).toBe(6223);
    expect(sameGameMultiOddsMilli([2500])).toBe(2500);
    expect(sameGameMultiOddsMilli([])).toBe(0);
  });
  it("returns stake x price rounded down to the cent", () => {
    expect(returnAtOdds(1000, 6223)).toBe(6223);
    expect(returnAtOdds(333, 6223)).toBe(2072); // 20.72259
  });
  it("is not placeable below 1.01", () => {
    expect(isPlaceableSgmPrice(sameGameMultiOddsMilli([1100, 1100]))).toBe(true); // 1.0285
    expect(isPlaceableSgmPrice(sameGameMultiOddsMilli([1050, 1050]))).toBe(false); // 0.937
  });
});
