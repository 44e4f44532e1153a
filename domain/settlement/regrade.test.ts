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

describe("re-grading a dead heat (the old factor never survives)", () => {
  // 10.00 single on "a" at 5.00; the market was settled a dead heat of two: a and b won at 1/2.
  const dh = (den: number, ...ids: string[]) => ({
    kind: "outcomes" as const,
    outcomes: ["a", "b", "c"].map((o) => (ids.includes(o) ? { outcomeId: o, result: "won" as const, deadHeat: { num: 1, den } } : { outcomeId: o, result: "lost" as const })),
  });
  const halved = () => ({
    status: "won", stake: 1000, actualReturn: 2500, betType: "single" as const,
    legs: [{ ...leg("l1", "m", "a", 5000, "won"), deadHeat: { num: 1, den: 2 } }],
  });
  it("the dead heat as settled pays stake x factor x odds: 10.00 x 1/2 x 5.00 = 25.00 (unchanged: nothing to do)", () => {
    expect(regradeForMarket(halved(), "m", dh(2, "a", "b"))).toBeNull();
  });
  it("dead heat 1/2 -> won outright: the full 50.00, the factor cleared", () => {
    expect(regradeForMarket(halved(), "m", win("a"))).toEqual({ status: "won", actualReturn: 5000, legResults: [{ legId: "l1", result: "won" }] });
  });
  it("dead heat 1/2 -> dead heat of three (1/3): 10.00 x 1/3 x 5.00 = 16.66 (rounded down), the new factor", () => {
    expect(regradeForMarket(halved(), "m", dh(3, "a", "b", "c"))).toEqual({
      status: "won", actualReturn: 1666, legResults: [{ legId: "l1", result: "won", deadHeat: { num: 1, den: 3 } }],
    });
  });
  it("dead heat 1/2 -> lost: nothing, no factor", () => {
    expect(regradeForMarket(halved(), "m", win("b"))).toEqual({ status: "lost", actualReturn: 0, legResults: [{ legId: "l1", result: "lost" }] });
  });
  it("a plain win -> a dead heat of two: the factor is taken (25.00)", () => {
    const bet = { status: "won", stake: 1000, actualReturn: 5000, betType: "single" as const, legs: [leg("l1", "m", "a", 5000, "won")] };
    expect(regradeForMarket(bet, "m", dh(2, "a", "b"))).toEqual({
      status: "won", actualReturn: 2500, legResults: [{ legId: "l1", result: "won", deadHeat: { num: 1, den: 2 } }],
    });
  });
  it("a multiple waiting on another leg: its dead-heat leg resettled outright loses the factor, still pending", () => {
    const bet = {
      status: "pending", stake: 1000, actualReturn: null, betType: "multiple" as const,
      legs: [{ ...leg("l1", "m", "a", 5000, "won"), deadHeat: { num: 1, den: 2 } }, leg("l2", "n", "x", 2000)],
    };
    expect(regradeForMarket(bet, "m", win("a"))).toEqual({
      status: "pending", actualReturn: null, legResults: [{ legId: "l1", result: "won" }, { legId: "l2", result: "pending" }],
    });
  });
});
