import { describe, expect, it } from "vitest";
import { boostPercent, builderOddsMilli, choose, potentialWin, remove, type BuilderPick } from "./builder.ts";

const pick = (marketId: string, outcomeId: string, oddsMilli: number): BuilderPick => ({
  marketId, marketName: marketId, outcomeId, outcomeName: outcomeId, oddsMilli, odds: String(oddsMilli / 1000),
});

describe("bet builder", () => {
  it("keeps one selection per market, replacing an earlier one", () => {
    let p = choose([], pick("m1", "a", 2000));
    p = choose(p, pick("m2", "x", 1500));
    p = choose(p, pick("m1", "b", 3000));
    expect(p.map((x) => x.outcomeId)).toEqual(["b", "x"]);
    expect(remove(p, "m1").map((x) => x.outcomeId)).toEqual(["x"]);
  });

  it("boosts 10% from 3 selections; the 20% tier is never reached", () => {
    expect(boostPercent(2)).toBe(0);
    expect(boostPercent(3)).toBe(10);
    expect(boostPercent(5)).toBe(10);
    expect(boostPercent(8)).toBe(10);
  });

  it("multiplies the legs and applies the boost to the win", () => {
    const two = [pick("m1", "a", 2000), pick("m2", "b", 1500)];
    expect(builderOddsMilli(two)).toBe(3000);
    expect(potentialWin(two, 1000)).toBe(3000);
    const three = [...two, pick("m3", "c", 2000)];
    expect(builderOddsMilli(three)).toBe(6000);
    expect(potentialWin(three, 1000)).toBe(6600);
    expect(potentialWin(three, 0)).toBe(0);
    expect(potentialWin([], 1000)).toBe(0);
  });
});
