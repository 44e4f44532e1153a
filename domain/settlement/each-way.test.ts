import { describe, expect, it } from "vitest";
import { gradeEachWay, gradeEachWayParts } from "./each-way.ts";

/** A win single under Rule 4, graded as settlement grades it: the win part only, no terms. */
const rule4Return = (stake: number, oddsMilli: number, deduction: number) =>
  gradeEachWayParts(stake, oddsMilli, null, { won: true, placed: false }, deduction).actualReturn;

const quarter3 = { fractionNum: 1, fractionDen: 4, places: 3 };

describe("each way (two equal parts at the market's place terms)", () => {
  it("a winner pays both parts: 5.00 e/w at 9.00, 1/4 odds 3 places: 45.00 + 5.00 x 3.00 = 60.00", () => {
    expect(gradeEachWay(500, 9000, quarter3, { position: 1 })).toEqual({ status: "won", actualReturn: 6000, winPart: "won", placePart: "won" });
  });
  it("placed, not won: only the place part pays: 5.00 x (1 + 8 x 1/4) = 15.00 (of 10.00 staked)", () => {
    expect(gradeEachWay(500, 9000, quarter3, { position: 3 })).toEqual({ status: "won", actualReturn: 1500, winPart: "lost", placePart: "won" });
  });
  it("unplaced loses both parts", () => {
    expect(gradeEachWay(500, 9000, quarter3, { position: 4 })).toMatchObject({ status: "lost", actualReturn: 0 });
    expect(gradeEachWay(500, 9000, quarter3, { position: null })).toMatchObject({ status: "lost", actualReturn: 0 });
  });
  it("1/5 odds rounds once, down: 3.33 e/w at 4.33 placed 2nd: 3.33 x (1 + 3.33/5) = 5.54778 -> 5.54", () => {
    expect(gradeEachWay(333, 4330, { fractionNum: 1, fractionDen: 5, places: 4 }, { position: 2 }).actualReturn).toBe(554);
  });
  it("a dead heat for the last place halves the place part: 5.00 at 9.00 -> 7.50", () => {
    expect(gradeEachWay(500, 9000, quarter3, { position: 3, deadHeat: { num: 1, den: 2 } }).actualReturn).toBe(750);
  });
});

describe("Rule 4", () => {
  it("reduces winnings, not the stake: 10.00 at 5.00 with 25p: 10.00 + 40.00 x 0.75 = 40.00", () => {
    expect(rule4Return(1000, 5000, 25)).toBe(4000);
    expect(rule4Return(1000, 5000, 0)).toBe(5000);
    // 3.33 at 2.10, 15p: 3.33 + 3.663 x 0.85 = 6.44355 -> 6.44
    expect(rule4Return(333, 2100, 15)).toBe(644);
  });
  it("applies to both each-way parts: 5.00 e/w at 9.00 won, 1/4 3 places, 20p: 5 + 40 x .8 + 5 + 10 x .8 = 50.00", () => {
    expect(gradeEachWay(500, 9000, quarter3, { position: 1 }, 20).actualReturn).toBe(5000);
  });
});

describe("place terms", () => {
  it("by field size: under 5 none, 5-7 1/4 two places, 8+ 1/5 three places", async () => {
    const { defaultPlaceTerms, formatPlaceTerms, placeTermsProblem } = await import("./each-way.ts");
    expect(defaultPlaceTerms(4)).toBeNull();
    expect(defaultPlaceTerms(5)).toEqual({ fractionNum: 1, fractionDen: 4, places: 2 });
    expect(defaultPlaceTerms(7)).toEqual({ fractionNum: 1, fractionDen: 4, places: 2 });
    expect(defaultPlaceTerms(8)).toEqual({ fractionNum: 1, fractionDen: 5, places: 3 });
    expect(formatPlaceTerms({ fractionNum: 1, fractionDen: 5, places: 3 })).toBe("E/W 1/5 1-2-3");
    expect(placeTermsProblem({ fractionNum: 1, fractionDen: 4, places: 4 }, 8)).toBeNull();
    expect(placeTermsProblem({ fractionNum: 1, fractionDen: 4, places: 8 }, 8)).toMatch(/at most 7/);
    expect(placeTermsProblem({ fractionNum: 2, fractionDen: 1, places: 2 }, 8)).toMatch(/fraction/);
    expect(placeTermsProblem({ fractionNum: 1, fractionDen: 4, places: 0 }, 8)).toMatch(/Places/);
  });
});
