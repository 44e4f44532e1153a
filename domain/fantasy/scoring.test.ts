import { describe, expect, it } from "vitest";
import { entryPoints, pointsToNumber, pointsToX100, progressMilli, standings } from "./scoring.ts";

const start = new Date("2026-01-01T10:00:00Z");
const end = new Date("2026-01-01T13:00:00Z");

describe("progress", () => {
  it("runs from 0 at the start to 1000 at the end, clamped", () => {
    const c = { startTime: start, endTime: end };
    expect(progressMilli(c, new Date("2026-01-01T09:00:00Z"))).toBe(0);
    expect(progressMilli(c, start)).toBe(0);
    expect(progressMilli(c, new Date("2026-01-01T11:30:00Z"))).toBe(500);
    expect(progressMilli(c, new Date("2026-01-01T12:59:59Z"))).toBe(999);
    expect(progressMilli(c, end)).toBe(1000);
    expect(progressMilli(c, new Date("2026-01-02T00:00:00Z"))).toBe(1000);
  });
});

describe("entry points", () => {
  it("sum the lineup's players' points; a player without points counts 0", () => {
    const pts = new Map([["a", 1250], ["b", 375]]);
    expect(entryPoints(["a", "b", "c"], pts)).toBe(1625);
    expect(entryPoints([], pts)).toBe(0);
  });
  it("points convert exactly between hundredths and numbers", () => {
    expect(pointsToX100(18.25)).toBe(1825);
    expect(pointsToX100(0.1 + 0.2)).toBe(30);
    expect(pointsToNumber(2345)).toBe(23.45);
  });
});

describe("standings", () => {
  it("rank by points, ties share the better rank (1, 2, 2, 4), earlier entries listed first within a tie", () => {
    const pts = new Map([["a", 1000], ["b", 700], ["c", 300]]);
    const e = (id: string, lineup: string[], minute: number) => ({ id, lineup, enteredAt: new Date(start.getTime() + minute * 60_000) });
    const s = standings([e("w", ["c"], 1), e("x", ["a"], 2), e("y", ["b"], 4), e("z", ["b"], 3)], pts);
    expect(s).toEqual([
      { entryId: "x", pointsX100: 1000, rank: 1 },
      { entryId: "z", pointsX100: 700, rank: 2 },
      { entryId: "y", pointsX100: 700, rank: 2 },
      { entryId: "w", pointsX100: 300, rank: 4 },
    ]);
  });
});
