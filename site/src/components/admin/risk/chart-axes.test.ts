import { describe, expect, it } from "vitest";
import { timeTicks, valueTicks } from "./chart-axes.ts";

const pinned = { locale: "en-GB", timeZone: "Australia/Sydney" };

describe("timeTicks", () => {
  it("spreads ticks over the points, first and last included, in local time with the date where a day starts", () => {
    // Hourly from 10:00 UTC on 25 Nov: 21:00 Sydney (UTC+11), crossing local midnight after 3 points.
    const times = Array.from({ length: 9 }, (_, h) => new Date(Date.UTC(2026, 10, 25, 10 + h)).toISOString());
    const ticks = timeTicks(times, 5, pinned);
    expect(ticks.map((t) => t.index)).toEqual([0, 2, 4, 6, 8]);
    expect(ticks.map((t) => t.at)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(ticks.map((t) => t.time)).toEqual(["21:00", "23:00", "01:00", "03:00", "05:00"]);
    expect(ticks.map((t) => t.date)).toEqual(["25 Nov 2026", null, "26 Nov 2026", null, null]);
  });
  it("copes with fewer points than ticks and with none", () => {
    const one = [new Date(Date.UTC(2026, 0, 1, 0)).toISOString()];
    expect(timeTicks(one, 5, pinned)).toEqual([{ index: 0, at: 0, time: "11:00", date: "1 Jan 2026" }]);
    expect(timeTicks([], 5, pinned)).toEqual([]);
    const two = [one[0], new Date(Date.UTC(2026, 0, 1, 1)).toISOString()];
    expect(timeTicks(two, 5, pinned).map((t) => t.index)).toEqual([0, 1]);
  });
});

describe("valueTicks", () => {
  it("runs from 0 to the maximum on the quarter grid lines", () => {
    expect(valueTicks(200)).toEqual([
      { value: 0, at: 0 },
      { value: 50, at: 0.25 },
      { value: 100, at: 0.5 },
      { value: 150, at: 0.75 },
      { value: 200, at: 1 },
    ]);
  });
});
