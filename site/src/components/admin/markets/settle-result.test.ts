import { describe, expect, it } from "vitest";
import { DEAD_HEAT, NO_WINNER, VOID, formatFactor, placedPosition, resultAction, resultFactors, settleResultBody } from "./settle-result.ts";

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

  it("a tie for the last place paid: (places left) / (runners tied) of the place part, shown before settling", () => {
    const five = [...outs, { id: "e" }];
    // a wins, b placed 2nd, c and d tie for 3rd with three places: 1 place left for 2 runners, 1/2
    const tie = { choice: "a", sharing: none, placed: ["b"], tiedLast: ["c", "d"] };
    expect(resultFactors(tie, five, 3)).toMatchObject({ tied: ["c", "d"], tiedPosition: 3, tiedFactor: { num: 1, den: 2 } });
    expect(settleResultBody(tie, five, 3)).toEqual({
      body: {
        winningOutcomeId: "a",
        placed: [
          { outcomeId: "b" },
          { outcomeId: "c", deadHeat: { numerator: 1, denominator: 2 } },
          { outcomeId: "d", deadHeat: { numerator: 1, denominator: 2 } },
        ],
      },
    });
    // three tie for 2nd with three places: 2/3 each
    const three = { choice: "a", sharing: none, placed: none, tiedLast: ["b", "c", "d"] };
    expect(formatFactor(resultFactors(three, five, 3).tiedFactor)).toBe("2/3");
    // two tie for 2nd with three places: both placed in full
    const full = { choice: "a", sharing: none, placed: none, tiedLast: ["b", "c"] };
    expect(settleResultBody(full, five, 3)).toEqual({ body: { winningOutcomeId: "a", placed: [{ outcomeId: "b" }, { outcomeId: "c" }] } });
    // no place left, or one runner alone
    expect(settleResultBody({ choice: "a", sharing: none, placed: ["b", "c"], tiedLast: ["d", "e"] }, five, 3)).toEqual({ error: "No place is left for runners tied in position 4" });
    expect(settleResultBody({ choice: "a", sharing: none, placed: none, tiedLast: ["d"] }, five, 3)).toEqual({ error: "Pick at least two runners tied for the last place" });
  });

  it("a dead heat for the win on an each-way market: 1/n of the win part, the place part by the places left", () => {
    const two = { choice: DEAD_HEAT, sharing: ["a", "b"], placed: ["c"] };
    expect(resultFactors(two, outs, 3)).toMatchObject({ win: { num: 1, den: 2 }, winPlace: { num: 1, den: 1 } });
    expect(settleResultBody(two, outs, 3)).toMatchObject({ body: { placed: [{ outcomeId: "a" }, { outcomeId: "b" }, { outcomeId: "c" }] } });
    // three share the win with two places: 2/3 of the place part each
    const three = { choice: DEAD_HEAT, sharing: ["a", "b", "c"], placed: none };
    expect(settleResultBody(three, outs, 2)).toMatchObject({
      body: { placed: [1, 2, 3].map((_, i) => ({ outcomeId: ["a", "b", "c"][i], deadHeat: { numerator: 2, denominator: 3 } })) },
    });
  });
});

describe("placed runners in finishing order", () => {
  it("sends them in the order ticked, which is the finishing order the server grades fewer places by", () => {
    expect(settleResultBody({ choice: "a", sharing: none, placed: ["c", "b"] }, outs, 3)).toEqual({ body: { winningOutcomeId: "a", placed: [{ outcomeId: "c" }, { outcomeId: "b" }] } });
  });

  it("shows each ticked runner's position: the winners first, then the order ticked", () => {
    const r = { choice: "a", sharing: none, placed: ["c", "a", "b"] };
    expect(["a", "b", "c", "d"].map((id) => placedPosition(r, id))).toEqual([null, "3rd", "2nd", null]);
    const heat = { choice: DEAD_HEAT, sharing: ["a", "b"], placed: ["d"] };
    expect(placedPosition(heat, "d")).toBe("3rd");
    expect(placedPosition({ choice: NO_WINNER, sharing: none, placed: ["b", "d"] }, "d")).toBe("2nd");
    expect(placedPosition({ choice: "a", sharing: none, placed: ["d", "b"] }, "b", new Set(["d"]))).toBe("2nd");
  });
});

