import { describe, expect, it } from "vitest";
import { gradeBetForMarket, legResultFor } from "./market-result.ts";

const leg = (id: string, marketId: string, outcomeId: string, oddsMilli: number, result: "pending" | "won" | "lost" | "void" = "pending") =>
  ({ id, marketId, outcomeId, oddsMilli, result });

describe("grading by market result", () => {
  it("the winning outcome's legs win, the others lose, void voids all", () => {
    expect(legResultFor("a", { kind: "winner", winningOutcomeId: "a" })).toBe("won");
    expect(legResultFor("b", { kind: "winner", winningOutcomeId: "a" })).toBe("lost");
    expect(legResultFor("b", { kind: "void" })).toBe("void");
  });

  it("a single settles at once", () => {
    const bet = { stake: 1_000, betType: "multiple" as const, legs: [leg("l1", "m", "a", 2500)] };
    expect(gradeBetForMarket(bet, "m", { kind: "winner", winningOutcomeId: "a" })).toEqual({
      kind: "settle", status: "won", actualReturn: 2_500, legResults: [{ legId: "l1", result: "won" }],
    });
    expect(gradeBetForMarket(bet, "m", { kind: "void" })).toMatchObject({ kind: "settle", status: "void", actualReturn: 1_000 });
    expect(gradeBetForMarket(bet, "x", { kind: "void" })).toEqual({ kind: "untouched" });
  });

  it("a multiple waits for its other legs, then settles from all of them", () => {
    const bet = { stake: 1_000, betType: "multiple" as const, legs: [leg("l1", "m1", "a", 2000), leg("l2", "m2", "c", 3000)] };
    const first = gradeBetForMarket(bet, "m1", { kind: "winner", winningOutcomeId: "a" });
    expect(first).toEqual({ kind: "wait", legResults: [{ legId: "l1", result: "won" }] });
    const after = { ...bet, legs: [leg("l1", "m1", "a", 2000, "won"), leg("l2", "m2", "c", 3000)] };
    expect(gradeBetForMarket(after, "m2", { kind: "winner", winningOutcomeId: "c" })).toEqual({
      kind: "settle", status: "won", actualReturn: 6_000, legResults: [{ legId: "l1", result: "won" }, { legId: "l2", result: "won" }],
    });
    expect(gradeBetForMarket(after, "m2", { kind: "void" })).toMatchObject({ kind: "settle", status: "won", actualReturn: 2_000 });
  });

  it("a multiple with a losing leg settles lost at once; undecided legs stay pending", () => {
    const bet = { stake: 1_000, betType: "multiple" as const, legs: [leg("l1", "m1", "a", 2000), leg("l2", "m2", "c", 3000)] };
    expect(gradeBetForMarket(bet, "m1", { kind: "winner", winningOutcomeId: "b" })).toEqual({
      kind: "settle", status: "lost", actualReturn: 0, legResults: [{ legId: "l1", result: "lost" }],
    });
  });
});
