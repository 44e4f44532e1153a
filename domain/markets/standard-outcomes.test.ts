import { describe, expect, it } from "vitest";
import { standardOutcomes } from "./standard-outcomes.ts";
import type { MatchModel, MatchState } from "../shared/types.ts";
import { parseOdds } from "../shared/odds.ts";

const soccer = { sport: "soccer" as const, homeTeam: "Leeds", awayTeam: "Hull" };
const basketball = { sport: "basketball" as const, homeTeam: "Kings", awayTeam: "Bulls" };
const pre = (sport: MatchState["sport"], length: number): MatchState => ({ sport, phase: "pre", clock: 0, length, period: 1, home: 0, away: 0 });
const soccerBasis = { state: pre("soccer", 5400), model: { sport: "soccer", homeRate: 1.6, awayRate: 1.1, drawPossible: true } as MatchModel };
const hoopsBasis = { state: pre("basketball", 2880), model: { sport: "basketball", homeRate: 115, awayRate: 110, drawPossible: false } as MatchModel };

/** The book: sum of implied probabilities. */
const book = (outs: { odds: string }[]) => outs.reduce((s, o) => s + 1000 / parseOdds(o.odds)!, 0);

describe("standardOutcomes", () => {
  it("match result: home, Draw, away where the sport has draws, with a margin over 100%", () => {
    const r = standardOutcomes("full_time_result", soccer, "Match Result", soccerBasis);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((o) => o.name)).toEqual(["Leeds", "Draw", "Hull"]);
    // The stronger home side is the shorter price.
    expect(parseOdds(r.value[0].odds)!).toBeLessThan(parseOdds(r.value[2].odds)!);
    expect(book(r.value)).toBeGreaterThanOrEqual(1.06);
    expect(book(r.value)).toBeLessThan(1.1);
  });
  it("match result without a draw where the model has none", () => {
    const r = standardOutcomes("full_time_result", basketball, "Head to Head", hoopsBasis);
    expect(r.ok && r.value.map((o) => o.name)).toEqual(["Kings", "Bulls"]);
  });
  it("over/under at the line in the name", () => {
    const r = standardOutcomes("over_under", soccer, "Over/Under 2.5 Goals", soccerBasis);
    expect(r.ok && r.value.map((o) => o.name)).toEqual(["Over 2.5", "Under 2.5"]);
    expect(r.ok && book(r.value)).toBeGreaterThanOrEqual(1.05);
  });
  it("handicap at the home line in the name", () => {
    const r = standardOutcomes("handicap", basketball, "Line -5.5", hoopsBasis);
    expect(r.ok && r.value.map((o) => o.name)).toEqual(["Kings -5.5", "Bulls +5.5"]);
  });
  it("both teams to score and correct score for soccer", () => {
    const btts = standardOutcomes("both_teams_score", soccer, "Both Teams to Score", soccerBasis);
    expect(btts.ok && btts.value.map((o) => o.name)).toEqual(["Yes", "No"]);
    const cs = standardOutcomes("correct_score", soccer, "Correct Score", soccerBasis);
    expect(cs.ok && cs.value.length).toBe(13);
    expect(cs.ok && cs.value.at(-1)!.name).toBe("Any other");
  });
  it("refuses what the model cannot price: no line, BTTS in basketball, a race result, a finished match", () => {
    const code = (r: ReturnType<typeof standardOutcomes>) => (r.ok ? "ok" : r.error.code);
    expect(code(standardOutcomes("over_under", soccer, "Total Goals", soccerBasis))).toBe("MARKET.CANNOT_PRICE");
    expect(code(standardOutcomes("both_teams_score", basketball, "Both Teams to Score", hoopsBasis))).toBe("MARKET.CANNOT_PRICE");
    expect(code(standardOutcomes("full_time_result", { ...soccer, sport: "racing" }, "Race Winner", soccerBasis))).toBe("MARKET.CANNOT_PRICE");
    const finished = { ...soccerBasis, state: { ...soccerBasis.state, phase: "finished" as const } };
    expect(code(standardOutcomes("over_under", soccer, "Over/Under 2.5 Goals", finished))).toBe("MARKET.CANNOT_PRICE");
  });
});
