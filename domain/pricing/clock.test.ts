import { describe, expect, it } from "vitest";
import { displayClock, minuteOf } from "./clock.ts";
import type { MatchState } from "../shared/types.ts";

const at = (sport: MatchState["sport"], clock: number, length: number, period: number, over: Partial<MatchState> = {}): MatchState => ({
  sport,
  phase: "live",
  clock,
  length,
  period,
  home: 0,
  away: 0,
  ...over,
});

describe("displayClock", () => {
  it("before the start and at the end", () => {
    expect(displayClock(at("soccer", 0, 5400, 1, { phase: "pre" }))).toBe("Not started");
    expect(displayClock(at("soccer", 5400, 5400, 2, { phase: "finished" }))).toBe("FT");
    expect(displayClock(at("basketball", 2880, 2880, 4, { phase: "finished" }))).toBe("Final");
    expect(displayClock(at("racing", 0, 95, 1, { phase: "pre" }))).toBe("Not started");
    expect(displayClock(at("racing", 30, 95, 1))).toBe("Jumped");
    expect(displayClock(at("racing", 95, 95, 1, { phase: "finished" }))).toBe("Result");
  });
  it("soccer minutes, stoppage and half time", () => {
    expect(displayClock(at("soccer", 22 * 60 + 10, 5400, 1))).toBe("23'");
    expect(displayClock(at("soccer", 2700 + 70, 5520, 1, { stoppage: 120 }))).toBe("45+2'");
    expect(displayClock(at("soccer", 2700, 5400, 1, { phase: "break" }))).toBe("HT");
    expect(displayClock(at("soccer", 5400 + 200, 5700, 2, { stoppage: 300 }))).toBe("90+4'");
  });
  it("quarters and periods count down", () => {
    expect(displayClock(at("basketball", 2 * 720 + 468, 2880, 3))).toBe("Q3 04:12");
    expect(displayClock(at("hockey", 1200 + 500, 3600, 2))).toBe("P2 11:40");
  });
  it("tennis, cricket, baseball, golf", () => {
    const tennis = at("tennis", 5000, 7200, 3, {
      home: 1,
      away: 1,
      tennis: { bestOf: 3, sets: [[6, 4], [3, 6]], games: [4, 3], points: [2, 1], server: 0, tiebreak: false },
    });
    expect(displayClock(tennis)).toBe("Set 3 · 4-3 · 30-15");
    expect(displayClock({ ...tennis, tennis: { ...tennis.tennis!, points: [4, 3] } })).toBe("Set 3 · 4-3 · AD-40");
    const cricket = at("cricket", 4000, 12000, 1, { cricket: { innings: 1, batting: 0, balls: 206, wickets: 2, ballsPerInnings: 300, sixes: 3 } });
    expect(displayClock(cricket)).toBe("34.2 ov");
    expect(displayClock(at("mlb", 6 * 1200 + 700, 10800, 7))).toBe("Bot 7th");
    expect(displayClock(at("mlb", 200, 10800, 1))).toBe("Top 1st");
    expect(displayClock(at("golf", 11 * 800 + 10, 14400, 1))).toBe("Hole 12");
  });
});

describe("minuteOf", () => {
  it("whole minutes of play; null before the start", () => {
    expect(minuteOf(at("soccer", 0, 5400, 1, { phase: "pre" }))).toBeNull();
    expect(minuteOf(at("soccer", 22 * 60 + 59, 5400, 1))).toBe(22);
    expect(minuteOf(at("soccer", 5400, 5400, 2, { phase: "finished" }))).toBe(90);
  });
});
