import { describe, expect, it } from "vitest";
import { lineInName, marketShape, numbersInName } from "./market-shape.ts";

const ev = { sport: "soccer" as const, homeTeam: "Leeds", awayTeam: "Hull" };
const race = { sport: "racing" as const, homeTeam: "", awayTeam: "" };
const code = (r: ReturnType<typeof marketShape>) => (r.ok ? "ok" : r.error.code);

describe("the line in a market's name", () => {
  it("is a number standing alone, with its sign", () => {
    expect(lineInName("Over/Under 2.5 Goals")).toBe(2.5);
    expect(lineInName("Total Points Over/Under 224.5")).toBe(224.5);
    expect(lineInName("Asian Handicap -1.5")).toBe(-1.5);
    expect(lineInName("Asian Handicap \u22121.5")).toBe(-1.5);
    expect(lineInName("1st Half Over/Under 0.5")).toBe(0.5);
    expect(lineInName("Both Teams to Score")).toBeNull();
    expect(numbersInName("Over/Under 2.5 Goals (90mins)")).toEqual([2.5]);
  });
});

describe("marketShape: what each type accepts", () => {
  it("a match result: the sides by team name or Home / Away, optionally a draw, in any order", () => {
    expect(marketShape("full_time_result", ev, ["Leeds", "Draw", "Hull"], "Match Result")).toEqual({ ok: true, value: { codes: ["home", "draw", "away"], line: null } });
    expect(marketShape("full_time_result", ev, ["hull", "leeds"], "Winner")).toEqual({ ok: true, value: { codes: ["away", "home"], line: null } });
    expect(marketShape("full_time_result", ev, ["Home", "Tie", "Away"], "1X2")).toEqual({ ok: true, value: { codes: ["home", "draw", "away"], line: null } });
  });
  it("a race's result is its runners, whatever their names", () => {
    expect(marketShape("full_time_result", race, ["1. Red Rum", "2. Arkle", "3. Kauto Star"], "Race Winner")).toEqual({ ok: true, value: { codes: ["r1", "r2", "r3"], line: null } });
  });
  it("an over/under: exactly Over X and Under X at the line in the name", () => {
    expect(marketShape("over_under", ev, ["Over 6.5", "Under 6.5"], "Over/Under 6.5")).toEqual({ ok: true, value: { codes: ["over", "under"], line: 6.5 } });
    expect(marketShape("over_under", ev, ["under 3", "OVER 3"], "Total Goals 3 (90 mins)")).toEqual({ ok: true, value: { codes: ["under", "over"], line: 3 } });
    expect(marketShape("over_under", race, ["Over 2.5", "Under 2.5"], "Winning Margin 2.5 Lengths").ok).toBe(true);
  });
  it("a handicap: both sides at the home side's line in the name", () => {
    expect(marketShape("handicap", ev, ["Leeds -1.5", "Hull +1.5"], "Asian Handicap -1.5")).toEqual({ ok: true, value: { codes: ["home", "away"], line: -1.5 } });
    expect(marketShape("handicap", ev, ["Hull -1", "Leeds +1"], "Handicap +1")).toEqual({ ok: true, value: { codes: ["away", "home"], line: 1 } });
    expect(marketShape("handicap", ev, ["Home 0", "Away 0"], "Handicap 0")).toEqual({ ok: true, value: { codes: ["home", "away"], line: 0 } });
  });
  it("a longer team name that starts with the other is read as itself", () => {
    const derby = { sport: "soccer" as const, homeTeam: "Man", awayTeam: "Man Utd" };
    expect(marketShape("handicap", derby, ["Man -0.5", "Man Utd +0.5"], "Handicap -0.5")).toEqual({ ok: true, value: { codes: ["home", "away"], line: -0.5 } });
  });
  it("both teams to score: Yes and No; correct score: scores and Any other", () => {
    expect(marketShape("both_teams_score", ev, ["yes", "No"], "BTTS")).toEqual({ ok: true, value: { codes: ["yes", "no"], line: null } });
    expect(marketShape("correct_score", ev, ["2-1", "0 : 0", "Any other"], "Correct Score")).toEqual({ ok: true, value: { codes: ["2-1", "0-0", "other"], line: null } });
  });
});

describe("marketShape: each refusal names its problem", () => {
  it("the cases seen on main: an over/under at another line than its name, and Yes / Maybe / No", () => {
    const off = marketShape("over_under", ev, ["Over 2.5", "Under 2.5"], "Over/Under 6.5");
    expect(code(off)).toBe("MARKET.LINE_MISMATCH");
    expect(!off.ok && off.error.message).toMatch(/6\.5.*2\.5/);
    const maybe = marketShape("over_under", ev, ["Yes", "Maybe", "No"], "Over/Under 2.5");
    expect(code(maybe)).toBe("MARKET.OUTCOME_UNKNOWN");
    expect(!maybe.ok && maybe.error.details).toMatchObject({ field: "outcomes.0.name", expected: '"Over 2.5", "Under 2.5"' });
  });
  it("an outcome the type does not know", () => {
    expect(code(marketShape("full_time_result", ev, ["Leeds", "Chelsea"], "Winner"))).toBe("MARKET.OUTCOME_UNKNOWN");
    expect(code(marketShape("over_under", ev, ["Over 2.5 Goals", "Under 2.5"], "O/U 2.5"))).toBe("MARKET.OUTCOME_UNKNOWN");
    expect(code(marketShape("handicap", ev, ["Leeds", "Hull"], "Handicap -1"))).toBe("MARKET.OUTCOME_UNKNOWN");
    expect(code(marketShape("both_teams_score", ev, ["Yes", "Maybe"], "BTTS"))).toBe("MARKET.OUTCOME_UNKNOWN");
    expect(code(marketShape("correct_score", ev, ["2-1", "Leeds win big", "Any other"], "CS"))).toBe("MARKET.OUTCOME_UNKNOWN");
  });
  it("the same outcome twice under two names", () => {
    expect(code(marketShape("full_time_result", ev, ["Leeds", "Home", "Hull"], "Winner"))).toBe("MARKET.DUPLICATE_OUTCOME");
    expect(code(marketShape("full_time_result", ev, ["Leeds", "Draw", "Tie", "Hull"], "Winner"))).toBe("MARKET.DUPLICATE_OUTCOME");
    expect(code(marketShape("correct_score", ev, ["2-1", "2:1", "Any other"], "CS"))).toBe("MARKET.DUPLICATE_OUTCOME");
    expect(code(marketShape("over_under", ev, ["Over 2.5", "Over 3.5", "Under 2.5"], "O/U 2.5 3.5"))).toBe("MARKET.DUPLICATE_OUTCOME");
  });
  it("a side or the catch-all missing", () => {
    expect(code(marketShape("full_time_result", ev, ["Leeds", "Draw"], "Winner"))).toBe("MARKET.OUTCOMES_INCOMPLETE");
    expect(code(marketShape("both_teams_score", ev, ["Yes", "yes "], "BTTS"))).toBe("MARKET.DUPLICATE_OUTCOME");
    expect(code(marketShape("correct_score", ev, ["2-1", "1-1"], "CS"))).toBe("MARKET.OUTCOMES_INCOMPLETE");
    expect(code(marketShape("correct_score", ev, ["Any other", "any other score"], "CS"))).toBe("MARKET.DUPLICATE_OUTCOME");
  });
  it("lines: missing from the name, not mirrored, at another line than the name, a quarter line", () => {
    expect(code(marketShape("over_under", ev, ["Over 2.5", "Under 2.5"], "Total Goals"))).toBe("MARKET.LINE_MISSING");
    expect(code(marketShape("over_under", ev, ["Over 2.5", "Under 3.5"], "O/U 2.5"))).toBe("MARKET.LINE_MISMATCH");
    expect(code(marketShape("handicap", ev, ["Leeds -1.5", "Hull -1.5"], "Handicap -1.5"))).toBe("MARKET.LINE_MISMATCH");
    expect(code(marketShape("handicap", ev, ["Leeds +1.5", "Hull -1.5"], "Handicap -1.5"))).toBe("MARKET.LINE_MISMATCH");
    expect(code(marketShape("handicap", ev, ["Leeds -1.5", "Hull +1.5"], "Asian Handicap"))).toBe("MARKET.LINE_MISSING");
    expect(code(marketShape("over_under", ev, ["Over 2.25", "Under 2.25"], "O/U 2.25"))).toBe("MARKET.LINE_INVALID");
  });
  it("a race takes no handicap, both-teams-to-score or correct score", () => {
    expect(code(marketShape("handicap", race, ["A -1", "B +1"], "Handicap -1"))).toBe("MARKET.TYPE_NOT_OFFERED");
    expect(code(marketShape("correct_score", race, ["1-0", "Any other"], "CS"))).toBe("MARKET.TYPE_NOT_OFFERED");
  });
});
