import { describe, expect, it } from "vitest";
import { fieldBand, settlementTerms, termsChanged, termsForGrading, WIN_ONLY_TERMS } from "./final-field-terms.ts";
import { gradeBetForMarket } from "./market-result.ts";
import { singleReturnFor } from "./single-return.ts";

const fifth3 = { fractionNum: 1, fractionDen: 5, places: 3 };
const quarter2 = { fractionNum: 1, fractionDen: 4, places: 2 };

describe("each-way terms of the final field", () => {
  it("8 runners reduced to 7: 1/4 the odds, 2 places", () => {
    expect(settlementTerms(fifth3, 8, 7)).toEqual(quarter2);
  });

  it("5 (or 8) runners reduced to 4 or fewer: win only, the place part at 1/1 with one place", () => {
    expect(settlementTerms(quarter2, 5, 4)).toEqual(WIN_ONLY_TERMS);
    expect(settlementTerms(fifth3, 8, 3)).toEqual({ fractionNum: 1, fractionDen: 1, places: 1 });
  });

  it("no change of band: the struck terms stand, custom terms included", () => {
    expect(settlementTerms(fifth3, 10, 8)).toBe(fifth3);
    const custom = { fractionNum: 1, fractionDen: 3, places: 2 };
    expect(settlementTerms(custom, 7, 5)).toBe(custom);
    // struck after the withdrawal: the field did not shrink after the bet
    expect(settlementTerms(fifth3, 7, 7)).toBe(fifth3);
  });

  it("custom terms meet the lower band: never more places; a better fraction only with fewer places", () => {
    expect(settlementTerms({ fractionNum: 1, fractionDen: 5, places: 4 }, 12, 6)).toEqual(quarter2);
    expect(settlementTerms({ fractionNum: 1, fractionDen: 3, places: 3 }, 9, 7)).toEqual(quarter2);
    const fifth2 = { fractionNum: 1, fractionDen: 5, places: 2 };
    expect(settlementTerms(fifth2, 9, 7)).toBe(fifth2);
    expect(settlementTerms({ fractionNum: 1, fractionDen: 3, places: 2 }, 9, 7)).toEqual(quarter2);
  });

  it("bands and helpers", () => {
    expect([2, 4, 5, 7, 8, 20].map(fieldBand)).toEqual([1, 1, 2, 2, 3, 3]);
    expect(termsForGrading(null, { atStrike: 8, atOff: 7 })).toBeNull();
    expect(termsForGrading(fifth3, null)).toBe(fifth3);
    expect(termsForGrading(fifth3, { atStrike: 8, atOff: 7 })).toEqual(quarter2);
    expect(termsChanged(fifth3, quarter2)).toBe(true);
    expect(termsChanged(fifth3, { fractionNum: 2, fractionDen: 10, places: 3 })).toBe(false);
  });
});

describe("grading on the final field's terms", () => {
  const leg = (outcomeId: string) => ({ id: "l1", marketId: "m", outcomeId, oddsMilli: 9000, result: "pending" as const });
  const bet = (outcomeId: string, eachWayField: { atStrike: number; atOff: number } | null, rule4 = 0) => ({
    stake: 1000, betType: "single" as const, legs: [leg(outcomeId)], eachWay: fifth3, rule4, eachWayField,
  });
  // r1 won, r2 second, r3 third (placed listed in finishing order, the winner not listed)
  const result = { kind: "winner" as const, winningOutcomeId: "r1", placed: [{ outcomeId: "r2" }, { outcomeId: "r3" }] };
  const returnOf = (g: ReturnType<typeof gradeBetForMarket>) => (g.kind === "settle" ? g.actualReturn : null);

  it("8 runners down to 7 after the bet: 3rd pays nothing, 2nd pays 1/4 (Rule 4 still applies)", () => {
    expect(returnOf(gradeBetForMarket(bet("r3", { atStrike: 8, atOff: 7 }), "m", result))).toBe(0);
    expect(returnOf(gradeBetForMarket(bet("r2", { atStrike: 8, atOff: 7 }), "m", result))).toBe(1500); // 5.00 x (1 + 8 x 1/4)
    expect(returnOf(gradeBetForMarket(bet("r2", { atStrike: 8, atOff: 7 }, 25), "m", result))).toBe(1250); // 8 x 1/4 x 0.75
    // no field change: the struck 1/5 three places
    expect(returnOf(gradeBetForMarket(bet("r3", null), "m", result))).toBe(1300);
    expect(returnOf(gradeBetForMarket(bet("r3", { atStrike: 9, atOff: 8 }), "m", result))).toBe(1300);
  });

  it("the winner listed first counts as first: positions follow the list", () => {
    const listed = { ...result, placed: [{ outcomeId: "r1" }, { outcomeId: "r2" }, { outcomeId: "r3" }] };
    expect(returnOf(gradeBetForMarket(bet("r3", { atStrike: 8, atOff: 7 }), "m", listed))).toBe(0);
    expect(returnOf(gradeBetForMarket(bet("r2", { atStrike: 8, atOff: 7 }), "m", listed))).toBe(1500);
  });

  it("down to 4 runners: win only, the winner is paid both parts at full odds, a placed runner nothing", () => {
    expect(returnOf(gradeBetForMarket(bet("r1", { atStrike: 5, atOff: 4 }), "m", result))).toBe(9000);
    expect(returnOf(gradeBetForMarket(bet("r1", { atStrike: 5, atOff: 4 }, 25), "m", result))).toBe(7000); // 2 x (5.00 + 40.00 x 0.75)
    expect(returnOf(gradeBetForMarket(bet("r2", { atStrike: 5, atOff: 4 }), "m", result))).toBe(0);
    // a dead heat for the win divides both parts alike
    const dh = { kind: "outcomes" as const, outcomes: [{ outcomeId: "r1", result: "won" as const, deadHeat: { num: 1, den: 2 } }, { outcomeId: "r2", result: "won" as const, deadHeat: { num: 1, den: 2 } }], placed: [{ outcomeId: "r1" }, { outcomeId: "r2" }] };
    expect(returnOf(gradeBetForMarket(bet("r1", { atStrike: 5, atOff: 4 }), "m", dh))).toBe(4500);
  });

  it("settle by bet: placed pays the final field's terms, nothing when win only", () => {
    expect(singleReturnFor({ stake: 1000, oddsMilli: 9000, eachWay: fifth3, eachWayField: { atStrike: 8, atOff: 7 } }, "placed")).toBe(1500);
    expect(singleReturnFor({ stake: 1000, oddsMilli: 9000, eachWay: fifth3, eachWayField: { atStrike: 8, atOff: 4 } }, "placed")).toBe(0);
    expect(singleReturnFor({ stake: 1000, oddsMilli: 9000, eachWay: fifth3, eachWayField: { atStrike: 8, atOff: 4 } }, "won")).toBe(9000);
    expect(singleReturnFor({ stake: 1000, oddsMilli: 9000, eachWay: fifth3 }, "placed")).toBe(1300);
  });
});
