import { describe, expect, it } from "vitest";
import type { SettlementCandidateLeg } from "../ports/index.ts";
import { gradeLegFromResult, planBetSettlement } from "./bulk-settlement.ts";

const leg = (extra: Partial<SettlementCandidateLeg> = {}): SettlementCandidateLeg => ({
  legId: "leg_1", result: "pending", oddsMilli: 2500, eventId: "evt_1", eventStatus: "finished", sport: "soccer",
  homeTeam: "Arsenal", awayTeam: "Chelsea", homeScore: 2, awayScore: 1, marketType: "full_time_result",
  outcomeId: "o1", outcomeName: "Arsenal", outcomeIndex: 0, outcomeCount: 3, ...extra,
});

describe("grading a match-winner leg from the final score", () => {
  it("grades home, draw and away outcomes by name", () => {
    expect(gradeLegFromResult(leg())).toEqual({ ok: true, result: "won" });
    expect(gradeLegFromResult(leg({ outcomeName: "Chelsea", outcomeIndex: 2 }))).toEqual({ ok: true, result: "lost" });
    expect(gradeLegFromResult(leg({ outcomeName: "Draw", outcomeIndex: 1, homeScore: 1, awayScore: 1 }))).toEqual({ ok: true, result: "won" });
    expect(gradeLegFromResult(leg({ homeScore: 0, awayScore: 3 }))).toEqual({ ok: true, result: "lost" });
  });

  it("falls back to the outcome's position when names differ", () => {
    expect(gradeLegFromResult(leg({ outcomeName: "Home", outcomeIndex: 0, outcomeCount: 2 }))).toEqual({ ok: true, result: "won" });
    expect(gradeLegFromResult(leg({ outcomeName: "Away side", outcomeIndex: 1, outcomeCount: 2 }))).toEqual({ ok: true, result: "lost" });
  });

  it("voids a two-way market's legs on a draw", () => {
    expect(gradeLegFromResult(leg({ outcomeCount: 2, homeScore: 1, awayScore: 1 }))).toEqual({ ok: true, result: "void" });
  });

  it("keeps a result already recorded on the leg", () => {
    expect(gradeLegFromResult(leg({ result: "lost", marketType: "over_under" }))).toEqual({ ok: true, result: "lost" });
  });

  it("needs review for other markets, missing scores, unfinished events and many-runner markets", () => {
    expect(gradeLegFromResult(leg({ marketType: "over_under" })).ok).toBe(false);
    expect(gradeLegFromResult(leg({ homeScore: null, awayScore: null })).ok).toBe(false);
    expect(gradeLegFromResult(leg({ eventStatus: "live" })).ok).toBe(false);
    expect(gradeLegFromResult(leg({ outcomeName: "1. Zoustar Lad", outcomeCount: 9, outcomeIndex: 0, homeTeam: "Flemington", awayTeam: "Race 3" })).ok).toBe(false);
  });
});

describe("planning a bet's settlement", () => {
  it("leaves an each-way or Rule 4 bet for the race's market settlement, however gradable its legs look", () => {
    expect(planBetSettlement({ stake: 1000, betType: "single", legs: [leg()] }).kind).toBe("settle");
    expect(planBetSettlement({ stake: 1000, betType: "single", legs: [leg()], racingTerms: true })).toEqual({
      kind: "review",
      reasons: ["Each-way or Rule 4 bet: settle the race's market (placed runners, withdrawals)"],
    });
  });

  it("settles a won single at stake x odds", () => {
    expect(planBetSettlement({ stake: 1000, betType: "single", legs: [leg()] })).toEqual({
      kind: "settle", status: "won", actualReturn: 2500, legResults: [{ legId: "leg_1", result: "won" }],
    });
  });

  it("settles a multiple with a void leg at the other legs' odds", () => {
    const plan = planBetSettlement({
      stake: 1000,
      betType: "multiple",
      legs: [leg(), leg({ legId: "leg_2", oddsMilli: 3000, outcomeCount: 2, homeScore: 0, awayScore: 0 })],
    });
    expect(plan).toMatchObject({ kind: "settle", status: "won", actualReturn: 2500 });
  });

  it("sends a bet with any ungradable leg to review", () => {
    const plan = planBetSettlement({ stake: 1000, betType: "single", legs: [leg(), leg({ legId: "leg_2", marketType: "correct_score" })] });
    expect(plan.kind).toBe("review");
  });
});
