import { describe, expect, it } from "vitest";
import { multipleReturnUnderRule4, rule4LegOdds } from "./rule4-multiple.ts";
import { gradeBet } from "./grade.ts";

describe("Rule 4 on a multiple's leg", () => {
  it("the leg's odds become 1 + (odds - 1) x (1 - deduction)", () => {
    expect(rule4LegOdds(9000, 25)).toBe(700_000n); // 9.00 less 25p: 7.00
    expect(rule4LegOdds(9000, 0)).toBe(900_000n);
    expect(rule4LegOdds(2345, 15)).toBe(214_325n); // 1 + 1.345 x 0.85 = 2.14325, kept exact
    expect(rule4LegOdds(9000, 120)).toBe(180_000n); // at most 90p
  });

  it("a double: 10.00 at 9.00 (25p) x 5.00 = 350.00, not 450.00; rounded once, down", () => {
    const legs = [
      { id: "a", result: "won" as const, oddsMilli: 9000, rule4: 25 },
      { id: "b", result: "won" as const, oddsMilli: 5000 },
    ];
    expect(multipleReturnUnderRule4(1000, legs)).toBe(35000);
    expect(gradeBet(1000, legs, "multiple")).toEqual({ status: "won", actualReturn: 35000 });
    // 3.33 x 2.345 at 15p x 3.33: 3.33 x 2.14325 x 3.33 = 23.766284925; 1.00 returns 23.76 (down)
    expect(gradeBet(100, [{ id: "a", result: "won", oddsMilli: 3330 }, { id: "b", result: "won", oddsMilli: 2345, rule4: 15 }, { id: "c", result: "won", oddsMilli: 3330 }], "multiple").actualReturn).toBe(2376);
  });

  it("a void leg counts 1.00, a lost leg loses, a dead heat divides, as without Rule 4", () => {
    const won = { id: "a", result: "won" as const, oddsMilli: 9000, rule4: 25 };
    expect(gradeBet(1000, [won, { id: "b", result: "void", oddsMilli: 5000 }], "multiple")).toEqual({ status: "won", actualReturn: 7000 });
    expect(gradeBet(1000, [won, { id: "b", result: "lost", oddsMilli: 5000 }], "multiple")).toEqual({ status: "lost", actualReturn: 0 });
    expect(gradeBet(1000, [{ ...won, deadHeat: { num: 1, den: 2 } }, { id: "b", result: "won", oddsMilli: 5000 }], "multiple").actualReturn).toBe(17500);
    // a deduction on a leg that is void (the withdrawn runner itself) changes nothing
    expect(gradeBet(1000, [{ ...won, result: "void" }, { id: "b", result: "won", oddsMilli: 5000 }], "multiple").actualReturn).toBe(5000);
  });
});
