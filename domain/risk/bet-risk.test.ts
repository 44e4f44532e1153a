import { describe, expect, it } from "vitest";
import { betRiskProfile } from "./bet-risk.ts";

describe("bet risk profile", () => {
  it("scores the house's possible loss on a log scale", () => {
    expect(betRiskProfile(1000, 1000)).toEqual({ riskLevel: "low", riskScore: 0 });
    expect(betRiskProfile(1000, 11_000)).toEqual({ riskLevel: "medium", riskScore: 50 }); // 100.00 at risk
    expect(betRiskProfile(10_000, 110_000)).toEqual({ riskLevel: "high", riskScore: 75 }); // 1,000.00
    expect(betRiskProfile(100_000, 1_200_000).riskLevel).toBe("critical"); // 11,000.00
  });
});
