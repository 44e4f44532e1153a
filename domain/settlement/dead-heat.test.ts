import { describe, expect, it } from "vitest";
import { deadHeatFactor, tiedPlaceFactor } from "./dead-heat.ts";

describe("dead-heat factor from places left and runners tied", () => {
  it("a dead heat for the win: one place shared, 1/n", () => {
    expect(deadHeatFactor(1, 2)).toEqual({ num: 1, den: 2 });
    expect(deadHeatFactor(1, 3)).toEqual({ num: 1, den: 3 });
  });

  it("a tie for the last place paid shares what is left", () => {
    expect(tiedPlaceFactor(3, 2, 2)).toEqual({ num: 1, den: 2 }); // two tie for 3rd, three places
    expect(tiedPlaceFactor(3, 2, 3)).toEqual({ num: 1, den: 3 }); // three tie for 3rd
    expect(tiedPlaceFactor(3, 1, 3)).toEqual({ num: 2, den: 3 }); // three tie for 2nd
    expect(tiedPlaceFactor(4, 1, 4)).toEqual({ num: 3, den: 4 });
    expect(tiedPlaceFactor(4, 2, 4)).toEqual({ num: 1, den: 2 }); // 2/4 reduced
  });

  it("enough places for every runner tied: paid in full (factor 1)", () => {
    expect(tiedPlaceFactor(3, 1, 2)).toEqual({ num: 1, den: 1 }); // two tie for 2nd, three places
    expect(tiedPlaceFactor(3, 0, 2)).toEqual({ num: 1, den: 1 }); // two tie for 1st: both placed in full
  });

  it("no paid place left, or nonsense: null", () => {
    expect(tiedPlaceFactor(3, 3, 2)).toBeNull();
    expect(deadHeatFactor(0, 2)).toBeNull();
    expect(deadHeatFactor(1, 0)).toBeNull();
    expect(deadHeatFactor(1.5, 2)).toBeNull();
  });
});

describe("an each-way single in a dead heat for the win", async () => {
  const { gradeBet } = await import("./grade.ts");
  const ew = { eachWay: { fractionNum: 1, fractionDen: 5, places: 3 } };
  const leg = { id: "l", oddsMilli: 5000, result: "won" as const, deadHeat: { num: 1, den: 2 } };
  it("listed as placed without a factor (two tied for 1st, three places): the place part in full, the win part halved", () => {
    // 2 x 5.00 at 5.00: win 5.00 x 1/2 x 5.00 = 12.50; place 5.00 + 4.00 = 9.00
    expect(gradeBet(1000, [{ ...leg, placed: true, placeDeadHeat: null }], "single", null, ew).actualReturn).toBe(2150);
  });
  it("not listed: the place part shares the win's factor", () => {
    expect(gradeBet(1000, [leg], "single", null, ew).actualReturn).toBe(1250 + 450);
  });
});
