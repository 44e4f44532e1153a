import { describe, expect, it } from "vitest";
import { gradeMarket } from "./grade.ts";
import type { MarketSpec, MatchState } from "../shared/types.ts";

const RESULT3: MarketSpec = { type: "full_time_result", line: null, codes: ["home", "draw", "away"] };
const RESULT2: MarketSpec = { type: "full_time_result", line: null, codes: ["home", "away"] };
const OU = (line: number): MarketSpec => ({ type: "over_under", line, codes: ["over", "under"] });
const HCP = (line: number): MarketSpec => ({ type: "handicap", line, codes: ["home", "away"] });
const BTTS: MarketSpec = { type: "both_teams_score", line: null, codes: ["yes", "no"] };
const CS: MarketSpec = { type: "correct_score", line: null, codes: ["1-0", "2-1", "1-1", "0-0", "2-2", "other"] };

const live = (home: number, away: number, sport: MatchState["sport"] = "soccer"): MatchState => ({
  sport,
  phase: "live",
  clock: 3000,
  length: 5400,
  period: 2,
  home,
  away,
});
const ft = (home: number, away: number, sport: MatchState["sport"] = "soccer"): MatchState => ({ ...live(home, away, sport), phase: "finished", clock: 5400 });

describe("gradeMarket", () => {
  it("match result only at the finish; a draw where listed, void in a 2-way market", () => {
    expect(gradeMarket(RESULT3, live(3, 0))).toEqual([null, null, null]);
    expect(gradeMarket(RESULT3, ft(2, 1))).toEqual(["won", "lost", "lost"]);
    expect(gradeMarket(RESULT3, ft(1, 1))).toEqual(["lost", "won", "lost"]);
    expect(gradeMarket(RESULT2, ft(100, 98, "basketball"))).toEqual(["won", "lost"]);
    expect(gradeMarket(RESULT2, ft(70, 70, "golf"))).toEqual(["void", "void"]);
  });
  it("golf: fewer strokes win, and the handicap is mirrored", () => {
    expect(gradeMarket(RESULT2, ft(68, 71, "golf"))).toEqual(["won", "lost"]);
    expect(gradeMarket(HCP(-1.5), ft(68, 71, "golf"))).toEqual(["won", "lost"]);
    expect(gradeMarket(HCP(-3.5), ft(68, 71, "golf"))).toEqual(["lost", "won"]);
    expect(gradeMarket(HCP(-3), ft(68, 71, "golf"))).toEqual(["void", "void"]);
  });
  it("over/under: over wins as soon as the total passes the line; under only at the finish; exact whole line void", () => {
    expect(gradeMarket(OU(2.5), live(2, 1))).toEqual(["won", "lost"]);
    expect(gradeMarket(OU(2.5), live(1, 1))).toEqual([null, null]);
    expect(gradeMarket(OU(2.5), ft(1, 1))).toEqual(["lost", "won"]);
    expect(gradeMarket(OU(2), ft(1, 1))).toEqual(["void", "void"]);
    expect(gradeMarket(OU(2), live(1, 1))).toEqual([null, null]);
  });
  it("handicap at the finish; a whole-number push voids every outcome", () => {
    expect(gradeMarket(HCP(-1), live(3, 0))).toEqual([null, null]);
    expect(gradeMarket(HCP(-1), ft(3, 1))).toEqual(["won", "lost"]);
    expect(gradeMarket(HCP(-1), ft(2, 1))).toEqual(["void", "void"]);
    expect(gradeMarket(HCP(1.5), ft(0, 1))).toEqual(["won", "lost"]);
    expect(gradeMarket(HCP(-5.5), ft(100, 95, "basketball"))).toEqual(["lost", "won"]);
  });
  it("both teams to score: yes once both have scored; no at the finish", () => {
    expect(gradeMarket(BTTS, live(1, 0))).toEqual([null, null]);
    expect(gradeMarket(BTTS, live(1, 1))).toEqual(["won", "lost"]);
    expect(gradeMarket(BTTS, ft(3, 0))).toEqual(["lost", "won"]);
  });
  it("correct score: scores passed are lost at once, other wins once every listed score is gone", () => {
    expect(gradeMarket(CS, live(1, 0))).toEqual([null, null, null, "lost", null, null]);
    expect(gradeMarket(CS, live(2, 1))).toEqual(["lost", null, "lost", "lost", null, null]);
    expect(gradeMarket(CS, live(3, 0))).toEqual(["lost", "lost", "lost", "lost", "lost", "won"]);
    expect(gradeMarket(CS, ft(2, 1))).toEqual(["lost", "won", "lost", "lost", "lost", "lost"]);
    expect(gradeMarket(CS, ft(0, 2))).toEqual(["lost", "lost", "lost", "lost", "lost", "won"]);
  });
  it("cricket's over/under is on match sixes", () => {
    const s: MatchState = { ...live(150, 90, "cricket"), cricket: { innings: 2, batting: 1, balls: 70, wickets: 4, ballsPerInnings: 120, sixes: 9 } };
    expect(gradeMarket(OU(9.5), s)).toEqual([null, null]);
    expect(gradeMarket(OU(9.5), { ...s, phase: "finished" })).toEqual(["lost", "won"]);
    expect(gradeMarket(OU(8.5), s)).toEqual(["won", "lost"]);
  });
  it("racing: at the finish, void when the result is missing", () => {
    const spec: MarketSpec = { type: "full_time_result", line: null, codes: ["r1", "r2"] };
    const race: MatchState = { sport: "racing", phase: "finished", clock: 90, length: 90, period: 1, home: 0, away: 0, racing: { runners: 2, order: null, marginLengths: null } };
    expect(gradeMarket(spec, race)).toEqual(["void", "void"]);
    expect(gradeMarket(OU(1.5), race)).toEqual(["void", "void"]);
    expect(gradeMarket(spec, { ...race, racing: { runners: 2, order: [2, 1], marginLengths: 1.5 } })).toEqual(["lost", "won"]);
    expect(gradeMarket(OU(1.5), { ...race, racing: { runners: 2, order: [2, 1], marginLengths: 1.5 } })).toEqual(["void", "void"]);
  });
});
