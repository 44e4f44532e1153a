import { describe, expect, it } from "vitest";
import { regradeForMarket } from "./regrade.ts";

const leg = (id: string, marketId: string, outcomeId: string, oddsMilli: number, result: "pending" | "won" | "lost" | "void" = "pending") => ({
  id, marketId, outcomeId, oddsMilli, result,
});
const win = (winningOutcomeId: string) => ({ kind: "winner" as const, winningOutcomeId });

describe("re-grading a bet when its market's result changes", () => {
  it("a won single becomes lost (return 0)", () => {
    const bet = { status: "won", stake: 1000, actualReturn: 2000, betType: "single" as const, legs: [leg("l1", "m", "a", 2000, "won")] };
    expect(regradeForMarket(bet, "m", win("b"))).toEqual({ status: "lost", actualReturn: 0, legResults: [{ legId: "l1", result: "lost" }] });
  });
  it("a lost single becomes won at its odds", () => {
    const bet = { status: "lost", stake: 1000, actualReturn: 0, betType: "single" as const, legs: [leg("l1", "m", "a", 2500, "lost")] };
    expect(regradeForMarket(bet, "m", win("a"))).toMatchObject({ status: "won", actualReturn: 2500 });
  });
  it("unsettle: a settled single goes back to pending with no return", () => {
    const bet = { status: "won", stake: 1000, actualReturn: 2000, betType: "single" as const, legs: [leg("l1", "m", "a", 2000, "won")] };
    expect(regradeForMarket(bet, "m", null)).toEqual({ status: "pending", actualReturn: null, legResults: [{ legId: "l1", result: "pending" }] });
  });
  it("a multiple waiting on another leg only has this leg rewritten", () => {
    const bet = { status: "pending", stake: 1000, actualReturn: null, betType: "multiple" as const, legs: [leg("l1", "m", "a", 2000, "won"), leg("l2", "n", "x", 3000)] };
    expect(regradeForMarket(bet, "m", win("a"))).toBeNull();
    expect(regradeForMarket(bet, "m", win("b"))).toEqual({
      status: "lost",
      actualReturn: 0,
      legResults: [{ legId: "l1", result: "lost" }, { legId: "l2", result: "pending" }],
    });
  });
  it("a multiple lost early by this leg is graded from its other markets' recorded results", () => {
    const bet = { status: "lost", stake: 1000, actualReturn: 0, betType: "multiple" as const, legs: [leg("l1", "m", "a", 2000, "lost"), leg("l2", "n", "x", 3000)] };
    expect(regradeForMarket(bet, "m", win("a"))).toMatchObject({ status: "pending", actualReturn: null });
    expect(regradeForMarket(bet, "m", win("a"), new Map([["n", win("x")]]))).toMatchObject({ status: "won", actualReturn: 6000 });
  });
  it("the same result changes nothing; a bet without a leg on the market is not touched", () => {
    const bet = { status: "won", stake: 1000, actualReturn: 2000, betType: "single" as const, legs: [leg("l1", "m", "a", 2000, "won")] };
    expect(regradeForMarket(bet, "m", win("a"))).toBeNull();
    expect(regradeForMarket(bet, "other", win("a"))).toBeNull();
  });
});
