import { describe, expect, it } from "vitest";
import { RunningMedian } from "./running-median.ts";
import { median } from "./fixtures.ts";
import { mulberry32 as random } from "../../shared/prng.ts";

describe("median", () => {
  it("is the middle value, or the mean of the middle two", () => {
    expect(median([])).toBe(0);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("a running median agrees with median() after every value added, duplicates and all", () => {
    const rnd = random(7);
    const running = new RunningMedian();
    const seen: number[] = [];
    expect(running.value()).toBe(0);
    for (let i = 0; i < 500; i++) {
      const x = Math.floor(rnd() * 40) * 100;
      running.add(x);
      seen.push(x);
      expect(running.size).toBe(seen.length);
      expect(running.value()).toBe(median(seen));
    }
  });
});
