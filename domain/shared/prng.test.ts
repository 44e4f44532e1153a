import { describe, expect, it } from "vitest";
import { mulberry32 } from "./prng.ts";

describe("mulberry32", () => {
  it("repeats its sequence for a seed, the one the demo data was built with", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    // The first outputs for seed 42 of the copies this replaced (seeds and feeds depend on them staying put).
    expect(first.map((x) => x.toFixed(8))).toEqual(PINNED);
  });

  it("stays in [0, 1) and spreads evenly", () => {
    const r = mulberry32(7);
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const x = r();
      expect(x >= 0 && x < 1).toBe(true);
      buckets[Math.floor(x * 10)]++;
    }
    for (const n of buckets) expect(n).toBeGreaterThan(900);
  });
});

const PINNED = ["0.60110375", "0.44829056", "0.85246579", "0.66973404", "0.17481390"];
