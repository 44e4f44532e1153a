import { describe, expect, it } from "vitest";
import { riskLevelFor, riskProfiles } from "./risk-profiles.ts";
import { activity, at, bet, customer, DAY, HOUR, NOW } from "./fixtures.ts";

describe("user risk profiles", () => {
  it("adds up unresolved alerts, resolved history, risky transactions, win rate and KYC", () => {
    const a = activity({
      customers: [customer("u1", { verificationLevel: "basic" }), customer("u2")],
      bets: Array.from({ length: 10 }, (_, i) => bet("u2", 1000, at((i + 1) * DAY), i < 7 ? "won" : "lost")),
    });
    const profiles = riskProfiles(
      a,
      [
        { userId: "u1", severity: "high", status: "open", alertType: "stake_spike" },
        { userId: "u1", severity: "medium", status: "resolved", alertType: "rapid_betting" },
      ],
      [{ userId: "u1", riskScore: 80, createdAt: at(HOUR) }],
      NOW,
    );
    const u1 = profiles.find((p) => p.userId === "u1")!;
    expect(u1.riskScore).toBe(30 + 3 + 24 + 10);
    expect(u1.riskLevel).toBe("high");
    const u2 = profiles.find((p) => p.userId === "u2")!;
    expect(u2.riskScore).toBe(15);
    expect(u2.factors[0]).toMatch(/Win rate 70%/);
  });

  it("maps scores to levels", () => {
    expect([0, 24, 25, 49, 50, 74, 75, 100].map(riskLevelFor)).toEqual(["low", "low", "medium", "medium", "high", "high", "critical", "critical"]);
  });
});
