import { describe, expect, it } from "vitest";
import { gradeBetForMarket, legGradeFor, marketResultFromInput } from "./market-result.ts";

const leg = (id: string, marketId: string, outcomeId: string, oddsMilli: number, result: "pending" | "won" | "lost" | "void" = "pending") =>
  ({ id, marketId, outcomeId, oddsMilli, result });

describe("grading by market result", () => {
  it("the winning outcome's legs win, the others lose, void voids all", () => {
    expect(legGradeFor("a", { kind: "winner", winningOutcomeId: "a" }).result).toBe("won");
    expect(legGradeFor("b", { kind: "winner", winningOutcomeId: "a" }).result).toBe("lost");
    expect(legGradeFor("b", { kind: "void" }).result).toBe("void");
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

describe("per-outcome results: dead heat and no winner (docs/money.md \"Results and grading\")", () => {
  const market = { name: "Winner", outcomes: [{ id: "a" }, { id: "b" }, { id: "c" }] };

  it("a dead heat for one place between two: stake x 1/2 at full odds, the rest lost", () => {
    const r = marketResultFromInput(market, {
      outcomes: [
        { outcomeId: "a", result: "dead_heat", deadHeat: { numerator: 1, denominator: 2 } },
        { outcomeId: "b", result: "dead_heat", deadHeat: { numerator: 2, denominator: 4 } },
        { outcomeId: "c", result: "lost" },
      ],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // 10.00 at 5.00, half the stake at full odds: 5.00 x 5.00 = 25.00
    const single = { stake: 1_000, betType: "single" as const, legs: [leg("l1", "m", "a", 5000)] };
    expect(gradeBetForMarket(single, "m", r.value)).toEqual({
      kind: "settle", status: "won", actualReturn: 2_500, legResults: [{ legId: "l1", result: "won", deadHeat: { num: 1, den: 2 } }],
    });
    expect(gradeBetForMarket({ ...single, legs: [leg("l1", "m", "c", 5000)] }, "m", r.value)).toMatchObject({ status: "lost", actualReturn: 0 });
  });

  it("a three-way dead heat on a multiple carries 1/3 forward, rounded once, down", () => {
    const r = marketResultFromInput(market, {
      outcomes: ["a", "b", "c"].map((id) => ({ outcomeId: id, result: "dead_heat" as const, deadHeat: { numerator: 1, denominator: 3 } })),
    });
    if (!r.ok) throw new Error("refused");
    const bet = { stake: 1_000, betType: "multiple" as const, legs: [leg("l1", "m", "b", 2_500), leg("l2", "m2", "x", 2_000, "won")] };
    // 10.00 x 2.50 x 2.00 x 1/3 = 16.666.. -> 16.66
    expect(gradeBetForMarket(bet, "m", r.value)).toMatchObject({ kind: "settle", status: "won", actualReturn: 1_666 });
  });

  it("no winner: every leg on the market lost; a factor of 1 is a plain win", () => {
    expect(legGradeFor("a", { kind: "no_winner" })).toEqual({ result: "lost" });
    const one = marketResultFromInput(market, {
      outcomes: [{ outcomeId: "a", result: "dead_heat", deadHeat: { numerator: 3, denominator: 3 } }, { outcomeId: "b", result: "lost" }, { outcomeId: "c", result: "lost" }],
    });
    expect(one).toEqual({ ok: true, value: { kind: "winner", winningOutcomeId: "a" } });
    expect(marketResultFromInput(market, { outcomes: ["a", "b", "c"].map((id) => ({ outcomeId: id, result: "lost" as const })) })).toEqual({
      ok: true, value: { kind: "no_winner" },
    });
  });

  it("refuses factors outside (0, 1], unknown or repeated outcomes, and a result that leaves one out", () => {
    const dh = (numerator: number, denominator: number) =>
      marketResultFromInput(market, {
        outcomes: [{ outcomeId: "a", result: "dead_heat", deadHeat: { numerator, denominator } }, { outcomeId: "b", result: "lost" }, { outcomeId: "c", result: "lost" }],
      });
    for (const [n, d] of [[0, 2], [3, 2], [1, 0], [-1, 2], [1.5, 2], [1, 2_000_000]]) expect(dh(n, d)).toMatchObject({ ok: false, error: { code: "MARKET.RESULT_INVALID" } });
    expect(marketResultFromInput(market, { outcomes: [{ outcomeId: "zz", result: "won" }] })).toMatchObject({ ok: false, error: { code: "MARKET.OUTCOME_NOT_FOUND" } });
    expect(marketResultFromInput(market, { outcomes: [{ outcomeId: "a", result: "won" }, { outcomeId: "a", result: "lost" }, { outcomeId: "b", result: "lost" }] })).toMatchObject({
      ok: false, error: { code: "MARKET.RESULT_INVALID" },
    });
    expect(marketResultFromInput(market, { outcomes: [{ outcomeId: "a", result: "won" }] })).toMatchObject({ ok: false, error: { code: "MARKET.RESULT_INVALID" } });
    expect(marketResultFromInput(market, { outcomes: [{ outcomeId: "a", result: "won", deadHeat: { numerator: 1, denominator: 2 } }, { outcomeId: "b", result: "lost" }, { outcomeId: "c", result: "lost" }] })).toMatchObject({
      ok: false, error: { code: "MARKET.RESULT_INVALID" },
    });
  });
});
