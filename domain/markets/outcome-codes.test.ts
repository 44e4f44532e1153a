import { describe, expect, it } from "vitest";
import { codesFor } from "./outcome-codes.ts";

const ev = { sport: "soccer" as const, homeTeam: "Arsenal", awayTeam: "Chelsea" };

describe("outcome codes from names", () => {
  it("match result by team name, or by position", () => {
    expect(codesFor("full_time_result", ev, ["Arsenal", "Draw", "Chelsea"]).codes).toEqual(["home", "draw", "away"]);
    expect(codesFor("full_time_result", ev, ["Home", "Away"]).codes).toEqual(["home", "away"]);
    expect(codesFor("full_time_result", { ...ev, sport: "racing" }, ["1. A", "2. B", "3. C", "4. D"]).codes).toEqual(["r1", "r2", "r3", "r4"]);
  });
  it("over/under with its line, from the outcome or the market name", () => {
    expect(codesFor("over_under", ev, ["Over 9.5", "Under 9.5"])).toEqual({ codes: ["over", "under"], line: 9.5 });
    expect(codesFor("over_under", ev, ["Over", "Under"], "Total Goals Over/Under 3.5")).toEqual({ codes: ["over", "under"], line: 3.5 });
  });
  it("a handicap's line is the home side's", () => {
    expect(codesFor("handicap", ev, ["Arsenal -1.5", "Chelsea +1.5"])).toEqual({ codes: ["home", "away"], line: -1.5 });
    expect(codesFor("handicap", ev, ["Chelsea -1", "Arsenal +1"])).toEqual({ codes: ["away", "home"], line: 1 });
  });
  it("both teams to score and correct scores; unknown names get no code", () => {
    expect(codesFor("both_teams_score", ev, ["Yes", "No"]).codes).toEqual(["yes", "no"]);
    expect(codesFor("correct_score", ev, ["2-1", "0 : 0", "Any other", "Arsenal wins big"]).codes).toEqual(["2-1", "0-0", "other", null]);
  });
});
