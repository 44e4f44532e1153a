import { describe, expect, it } from "vitest";
import { returnAtOdds } from "./same-game-multi.ts";

describe("same game multi returns", () => {
  it("returns stake x price rounded down to the cent", () => {
    expect(returnAtOdds(1000, 6223)).toBe(6223);
    expect(returnAtOdds(333, 6223)).toBe(2072); // 20.72259
  });
});
