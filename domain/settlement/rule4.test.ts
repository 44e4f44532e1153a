import { describe, expect, it } from "vitest";
import { checkNotWithdrawn, RULE4_CAP, RULE4_SCALE, rule4For, tattersallsDeduction, totalDeduction, withWithdrawn } from "./rule4.ts";
import { gradeBetForMarket, legGradeFor } from "./market-result.ts";

/** Decimal odds in thousandths of a fraction num/den, cut to the thousandth (1/3 -> 1333). */
const exact = (num: number, den: number) => 1000 + Math.floor((num * 1000) / den);
/** The price the 0.01 ladder quotes for a fraction, to the nearest hundredth (1/3 -> 1330, 8/13 -> 1620). */
const quoted = (num: number, den: number) => 1000 + Math.round((num * 100) / den) * 10;

/**
 * Every band of the published scale (Tattersalls Rule 4(c)), shortest price first: the shortest and
 * longest published prices of the band, as the fraction's exact decimal and as quoted on the ladder.
 */
const PUBLISHED: readonly [pence: number, shortest: [number, number] | null, longest: [number, number]][] = [
  [90, null, [1, 9]],
  [85, [2, 17], [2, 11]],
  [80, [1, 5], [1, 4]],
  [75, [2, 7], [3, 10]],
  [70, [1, 3], [2, 5]],
  [65, [4, 9], [8, 15]],
  [60, [4, 7], [8, 13]],
  [55, [4, 6], [4, 5]],
  [50, [5, 6], [20, 21]],
  [45, [1, 1], [6, 5]],
  [40, [5, 4], [6, 4]],
  [35, [13, 8], [7, 4]],
  [30, [15, 8], [9, 4]],
  [25, [5, 2], [3, 1]],
  [20, [10, 3], [4, 1]],
  [15, [9, 2], [11, 2]],
  [10, [6, 1], [9, 1]],
  [5, [10, 1], [14, 1]],
];

describe("the Tattersalls Rule 4(c) scale at every band edge", () => {
  it("the one table lists the published bands in order, each bound derived from its fraction", () => {
    expect(RULE4_SCALE.map((b) => b.pence)).toEqual(PUBLISHED.map(([p]) => p));
    for (const [i, b] of RULE4_SCALE.entries()) {
      expect([b.num, b.den]).toEqual(PUBLISHED[i][2]);
      expect(b.longest).toBe(`${b.num}/${b.den}`);
      // The longer of the exact decimal (cut to the thousandth) and the ladder's quote.
      expect(b.upToMilli, b.longest).toBe(Math.max(exact(b.num, b.den), quoted(b.num, b.den)));
    }
  });

  for (const [pence, shortest, longest] of PUBLISHED) {
    const name = `${shortest ? `${shortest[0]}/${shortest[1]}-` : ""}${longest[0]}/${longest[1]}: ${pence}p`;
    it(name, () => {
      for (const f of [shortest, longest]) {
        if (!f) continue;
        expect(tattersallsDeduction(exact(...f)), `${f[0]}/${f[1]} exact`).toBe(pence);
        expect(tattersallsDeduction(quoted(...f)), `${f[0]}/${f[1]} quoted`).toBe(pence);
      }
      // One thousandth longer than the band's longest price is in the next band (or none past 14/1).
      const bound = RULE4_SCALE.find((b) => b.pence === pence)!.upToMilli;
      expect(tattersallsDeduction(bound)).toBe(pence);
      const next = PUBLISHED[PUBLISHED.findIndex(([p]) => p === pence) + 1]?.[0] ?? 0;
      expect(tattersallsDeduction(bound + 1)).toBe(next);
    });
  }

  it("the four edges the old table got wrong: 1/3 70p, 4/9 65p, 10/11 and 20/21 50p", () => {
    expect(tattersallsDeduction(1330)).toBe(70); // 1/3 quoted 1.33 (was 75p)
    expect(tattersallsDeduction(1440)).toBe(65); // 4/9 quoted 1.44 (was 70p)
    expect(tattersallsDeduction(1910)).toBe(50); // 10/11 quoted 1.91 (was 45p)
    expect(tattersallsDeduction(1950)).toBe(50); // 20/21 quoted 1.95 (was 45p)
  });

  it("a price between two published bands takes the longer band's deduction", () => {
    expect(tattersallsDeduction(1190)).toBe(80); // between 2/11 (1.18) and 1/5 (1.20)
    expect(tattersallsDeduction(1310)).toBe(70); // between 3/10 (1.30) and 1/3 (1.33)
    expect(tattersallsDeduction(1420)).toBe(65); // between 2/5 (1.40) and 4/9 (1.44)
    expect(tattersallsDeduction(1960)).toBe(45); // between 20/21 (1.95) and evens (2.00)
    expect(tattersallsDeduction(2600)).toBe(35); // between 6/4 (2.50) and 13/8 (2.62)
    expect(tattersallsDeduction(10500)).toBe(5); // between 9/1 (10.00) and 10/1 (11.00)
    expect(tattersallsDeduction(15010)).toBe(0); // past 14/1
    expect(tattersallsDeduction(1010)).toBe(90); // the shortest price there is
  });

  it("several withdrawals add up, at most 90p (RULE4_CAP)", () => {
    expect(RULE4_CAP).toBe(90);
    expect(totalDeduction([])).toBe(0);
    expect(totalDeduction([25, 45])).toBe(70);
    expect(totalDeduction([45, 30, 25])).toBe(90);
    expect(totalDeduction([90, 5])).toBe(90); // a 1/9 withdrawal and a 14/1 one: never below the 90p of the first
  });
});

const market = { withdrawn: [{ outcomeId: "r8" }], outcomes: [{ id: "r1", name: "Runner 1" }, { id: "r8", name: "Runner 8" }] };

describe("Rule 4 at settlement", () => {
  it("a withdrawn runner is void whatever the result; the others keep theirs", () => {
    const r = withWithdrawn(market, { kind: "winner" as const, winningOutcomeId: "r1" });
    expect(legGradeFor("r8", r).result).toBe("void");
    expect(legGradeFor("r1", r).result).toBe("won");
    expect(legGradeFor("r8", withWithdrawn(market, { kind: "no_winner" as const })).result).toBe("void");
    expect(withWithdrawn({ withdrawn: [] }, { kind: "void" as const })).toEqual({ kind: "void" });
    expect(withWithdrawn(market, null)).toBeNull();
  });

  it("a withdrawn runner cannot win or be placed", () => {
    expect(checkNotWithdrawn(market, { kind: "winner", winningOutcomeId: "r8" }).ok).toBe(false);
    expect(checkNotWithdrawn(market, { kind: "winner", winningOutcomeId: "r1", placed: [{ outcomeId: "r8" }] }).ok).toBe(false);
    expect(checkNotWithdrawn(market, { kind: "outcomes", outcomes: [{ outcomeId: "r8", result: "won" }, { outcomeId: "r1", result: "lost" }] }).ok).toBe(false);
    expect(checkNotWithdrawn(market, { kind: "winner", winningOutcomeId: "r1" }).ok).toBe(true);
  });

  it("only withdrawals of other runners after the bet count; they add up to at most 90p", () => {
    const at = (s: number) => new Date(s * 1000);
    const ws = [
      { outcomeId: "r8", deduction: 25, withdrawnAt: at(10) },
      { outcomeId: "r2", deduction: 45, withdrawnAt: at(20) },
      { outcomeId: "r3", deduction: 65, withdrawnAt: at(30) },
    ];
    expect(rule4For(ws, { outcomeId: "r1", placedAt: at(5) })).toBe(90);
    expect(rule4For(ws, { outcomeId: "r1", placedAt: at(15) })).toBe(90);
    expect(rule4For(ws, { outcomeId: "r1", placedAt: at(25) })).toBe(65);
    expect(rule4For(ws, { outcomeId: "r3", placedAt: at(15) })).toBe(45);
    expect(rule4For(ws, { outcomeId: "r1", placedAt: at(10) })).toBe(90); // struck at the same instant as r8: 45 + 65, capped
    expect(rule4For(ws, { outcomeId: "r1", placedAt: at(30) })).toBe(0);
  });

  it("a win single under 25p: 10.00 at 9.00 returns 70.00; the withdrawn runner's bet is refunded", () => {
    const r = withWithdrawn(market, { kind: "winner" as const, winningOutcomeId: "r1" });
    const single = (outcomeId: string, rule4: number) => ({
      stake: 1000, betType: "single" as const, rule4,
      legs: [{ id: "l1", marketId: "m", outcomeId, oddsMilli: 9000, result: "pending" as const }],
    });
    expect(gradeBetForMarket(single("r1", 25), "m", r)).toMatchObject({ kind: "settle", status: "won", actualReturn: 7000 });
    expect(gradeBetForMarket(single("r8", 0), "m", r)).toMatchObject({ kind: "settle", status: "void", actualReturn: 1000 });
  });
});
