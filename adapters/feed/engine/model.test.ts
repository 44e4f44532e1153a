import { describe, expect, it } from "vitest";
import type { SportCode } from "../../../domain/shared/types.ts";
import { mulberry32 } from "../../../domain/shared/prng.ts";
import { initialState, modelFor } from "./index.ts";
import { SPORTS } from "./testing.ts";

/** Expected points of both sides together in an even regulation match (the model varies it by +-5%). */
const TOTALS: [SportCode, string | undefined, number][] = [
  ["soccer", undefined, 2.7],
  ["hockey", "NHL", 6],
  ["mlb", "MLB", 9],
  ["basketball", "NBA", 225],
  ["basketball", "NBL", 175],
  ["nfl", "NFL", 45],
  ["afl", "AFL", 165],
  ["nrl", "NRL", 42],
  ["cricket", "T20 International", 330],
  ["cricket", "Big Bash League", 330],
  ["cricket", "One-Day International", 560],
  ["golf", undefined, 140],
];

describe("modelFor", () => {
  it.each(TOTALS)("%s (%s): about %d points in an even match, split evenly", (sport, league, total) => {
    for (let seed = 0; seed < 20; seed++) {
      const m = modelFor(sport, { homeShare: 0.5, league, random: mulberry32(seed) });
      expect(m.homeRate + m.awayRate).toBeGreaterThanOrEqual(total * 0.95 - 1e-9);
      expect(m.homeRate + m.awayRate).toBeLessThanOrEqual(total * 1.05 + 1e-9);
      expect(m.homeRate).toBeCloseTo(m.awayRate, 9);
    }
  });

  it.each(SPORTS.filter((s) => s !== "racing" && s !== "tennis"))("%s: a stronger home side scores more (golf: fewer strokes)", (sport) => {
    let last = sport === "golf" ? Infinity : -Infinity;
    for (const share of [0, 0.25, 0.5, 0.75, 1]) {
      const m = modelFor(sport, { homeShare: share, random: () => 0.5 });
      expect(m.homeRate).toBeGreaterThan(0);
      expect(m.awayRate).toBeGreaterThan(0);
      const edge = m.homeRate - m.awayRate;
      if (sport === "golf") expect(edge).toBeLessThan(last);
      else expect(edge).toBeGreaterThan(last);
      last = edge;
    }
  });

  it("a strong favourite looks like one: soccer 0.75 gives 1.85 v 0.85 goals, NBA 0.75 15 points, golf 3 strokes", () => {
    const soccer = modelFor("soccer", { homeShare: 0.75, random: () => 0.5 });
    expect(soccer.homeRate).toBeCloseTo(1.85, 2);
    expect(soccer.awayRate).toBeCloseTo(0.85, 2);
    const nba = modelFor("basketball", { homeShare: 0.75, league: "NBA", random: () => 0.5 });
    expect(nba.homeRate - nba.awayRate).toBeCloseTo(15, 6);
    const golf = modelFor("golf", { homeShare: 0.75, random: () => 0.5 });
    expect(golf.homeRate).toBeCloseTo(68.5, 6);
    expect(golf.awayRate).toBeCloseTo(71.5, 6);
  });

  it("draws stand in soccer, hockey, AFL and cricket only", () => {
    const drawn = SPORTS.filter((sport) => modelFor(sport, { homeShare: 0.5, random: mulberry32(1) }).drawPossible);
    expect(drawn.sort()).toEqual(["afl", "cricket", "hockey", "soccer"]);
  });

  it("tennis: serve-win between 0.59 and 0.71 (0.61-0.69 for homeShare 0.3-0.7), the stronger player's higher; rates are the expected sets won", () => {
    for (const share of [0, 0.3, 0.5, 0.8, 1]) {
      const m = modelFor("tennis", { homeShare: share, random: mulberry32(3) });
      const [h, a] = m.serveWin!;
      const [lo, hi] = share >= 0.3 && share <= 0.7 ? [0.61, 0.69] : [0.59, 0.71];
      for (const p of [h, a]) {
        expect(p).toBeGreaterThanOrEqual(lo);
        expect(p).toBeLessThanOrEqual(hi);
      }
      expect(Math.sign(h - a)).toBe(Math.sign(share - 0.5));
      expect(m.homeRate + m.awayRate).toBeGreaterThan(2);
      expect(m.homeRate + m.awayRate).toBeLessThan(3);
    }
  });

  it("cricket: match sixes ~12 in a T20, ~9 one-day", () => {
    expect(modelFor("cricket", { homeShare: 0.5, league: "T20 International", random: () => 0.5 }).sixesRate).toBeCloseTo(12, 6);
    expect(modelFor("cricket", { homeShare: 0.5, league: "One Day Cup", random: () => 0.5 }).sixesRate).toBeCloseTo(9, 6);
  });

  it("is deterministic for a seed, and a bad homeShare counts as even", () => {
    expect(modelFor("afl", { homeShare: 0.6, random: mulberry32(9) })).toEqual(modelFor("afl", { homeShare: 0.6, random: mulberry32(9) }));
    const odd = modelFor("soccer", { homeShare: Number.NaN, random: () => 0.5 });
    expect(odd.homeRate).toBeCloseTo(odd.awayRate, 12);
  });
});

describe("initialState", () => {
  it.each([
    ["soccer", undefined, 5400], ["basketball", "NBA", 2880], ["basketball", "NBL", 2400], ["nfl", "NFL", 3600],
    ["hockey", "NHL", 3600], ["afl", "AFL", 4800], ["nrl", "NRL", 4800], ["mlb", "MLB", 10800],
    ["cricket", "T20 International", 7200], ["cricket", "One-Day International", 18000], ["golf", undefined, 16200],
  ] as [SportCode, string | undefined, number][])("%s (%s) lasts %d sim seconds; pre, clock 0, 0-0", (sport, league, length) => {
    const model = modelFor(sport, { homeShare: 0.5, league, random: mulberry32(1) });
    expect(initialState(sport, model, { league })).toMatchObject({ sport, phase: "pre", clock: 0, length, home: 0, away: 0 });
  });

  it("racing takes its field from the options or the model", () => {
    const model = modelFor("racing", { homeShare: 0.5, runners: 9, random: mulberry32(1) });
    expect(initialState("racing", model).racing!.runners).toBe(9);
    expect(initialState("racing", model, { runners: 9 }).racing!.runners).toBe(9);
  });
});
