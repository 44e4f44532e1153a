import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../../domain/shared/prng.ts";
import { drawIndex, drawLots, exponential, normal, pick, uniformInt } from "./random.ts";

describe("random draws", () => {
  it("exponential waits average 1/rate; a rate of 0 never comes", () => {
    const random = mulberry32(1);
    const waits = Array.from({ length: 20_000 }, () => exponential(random, 0.25));
    expect(Math.abs(waits.reduce((a, b) => a + b, 0) / waits.length - 4)).toBeLessThan(0.15);
    expect(exponential(random, 0)).toBe(Infinity);
  });

  it("uniformInt covers [lo, hi] and nothing else", () => {
    const random = mulberry32(2);
    const seen = new Set(Array.from({ length: 2000 }, () => uniformInt(random, 3, 5)));
    expect([...seen].sort()).toEqual([3, 4, 5]);
  });

  it("normal draws have mean 0 and spread 1", () => {
    const random = mulberry32(3);
    const xs = Array.from({ length: 20_000 }, () => normal(random));
    const m = xs.reduce((a, b) => a + b, 0) / xs.length;
    const v = xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length;
    expect(Math.abs(m)).toBeLessThan(0.03);
    expect(Math.abs(v - 1)).toBeLessThan(0.05);
  });

  it("drawIndex and pick follow the weights, never choosing a zero weight", () => {
    const random = mulberry32(4);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 20_000; i++) counts[drawIndex(random, [1, 0, 3, -2])]++;
    expect(counts[1]).toBe(0);
    expect(counts[3]).toBe(0);
    expect(Math.abs(counts[2] / 20_000 - 0.75)).toBeLessThan(0.02);
    expect(drawIndex(() => 0.999999999, [0, 1, 0])).toBe(1);
    expect(pick(() => 0.5, [{ value: "a", p: 0.2 }, { value: "b", p: 0.8 }])).toBe("b");
  });

  it("drawLots favours the heavier side, and is even when neither weighs anything", () => {
    const random = mulberry32(5);
    let home = 0;
    for (let i = 0; i < 10_000; i++) if (drawLots(random, 3, 1) === 0) home++;
    expect(Math.abs(home / 10_000 - 0.75)).toBeLessThan(0.03);
    let even = 0;
    for (let i = 0; i < 10_000; i++) if (drawLots(random, 0, -1) === 0) even++;
    expect(Math.abs(even / 10_000 - 0.5)).toBeLessThan(0.03);
  });
});
