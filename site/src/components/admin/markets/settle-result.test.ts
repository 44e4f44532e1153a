import { describe, expect, it } from "vitest";
import { DEAD_HEAT, NO_WINNER, VOID, resultAction, settleResultBody } from "./settle-result.ts";

const outs = [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }];
const none: string[] = [];

describe("the Settle dialog's result", () => {
  it("a winner, void, no winner", () => {
    expect(settleResultBody({ choice: "b", sharing: none, placed: none }, outs, null)).toEqual({ body: { winningOutcomeId: "b" } });
    expect(settleResultBody({ choice: VOID, sharing: none, placed: ["a"] }, outs, 3)).toEqual({ body: { void: true } });
    expect(settleResultBody({ choice: NO_WINNER, sharing: none, placed: none }, outs, null)).toEqual({ body: { noWinner: true } });
    expect(settleResultBody({ choice: "", sharing: none, placed: none }, outs, null)).toEqual({ error: "Choose the result" });
    expect(resultAction(VOID)).toBe("void");
    expect(resultAction(NO_WINNER)).toBe("settle");
  });

  it("a dead heat: every outcome given, the sharing runners at 1/n, the rest lost (a withdrawn runner void)", () => {
    expect(settleResultBody({ choice: DEAD_HEAT, sharing: ["a", "c", "b"], placed: none }, outs, null, new Set(["d"]))).toEqual({
      body: {
        outcomes: [
          { outcomeId: "a", result: "dead_heat", deadHeat: { numerator: 1, denominator: 3 } },
          { outcomeId: "b", result: "dead_heat", deadHeat: { numerator: 1, denominator: 3 } },
          { outcomeId: "c", result: "dead_heat", deadHeat: { numerator: 1, denominator: 3 } },
          { outcomeId: "d", result: "void" },
        ],
      },
    });
    expect(settleResultBody({ choice: DEAD_HEAT, sharing: ["a"], placed: none }, outs, null)).toEqual({ error: "Pick at least two runners sharing the dead heat" });
  });

  it("placed runners only with each-way terms, at most the places; a withdrawn runner is neither winner nor placed", () => {
    expect(settleResultBody({ choice: "a", sharing: none, placed: ["b", "c"] }, outs, 3)).toEqual({ body: { winningOutcomeId: "a", placed: [{ outcomeId: "b" }, { outcomeId: "c" }] } });
    expect(settleResultBody({ choice: "a", sharing: none, placed: ["b", "c"] }, outs, null)).toEqual({ body: { winningOutcomeId: "a" } });
    expect(settleResultBody({ choice: "a", sharing: none, placed: ["b", "c", "d"] }, outs, 2)).toEqual({ error: "At most 2 runners are placed" });
    expect(settleResultBody({ choice: "a", sharing: none, placed: ["b", "d"] }, outs, 3, new Set(["d"]))).toEqual({ body: { winningOutcomeId: "a", placed: [{ outcomeId: "b" }] } });
    expect(settleResultBody({ choice: "d", sharing: none, placed: none }, outs, 3, new Set(["d"]))).toEqual({ error: "That runner cannot win" });
  });
});
