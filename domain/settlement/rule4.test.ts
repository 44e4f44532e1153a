import { describe, expect, it } from "vitest";
import { checkNotWithdrawn, rule4For, withWithdrawn } from "./rule4.ts";
import { gradeBetForMarket, legGradeFor } from "./market-result.ts";

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
