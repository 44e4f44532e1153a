import { describe, expect, it } from "vitest";
import { SUSPENSION_CATEGORIES, suspensionFromDetails, suspensionWords } from "./suspension.ts";

describe("what a suspended customer is told", () => {
  it("a real account still signed in: the reason, and withdraw plus contact support", () => {
    expect(suspensionWords({ category: "payments", isDemo: false, sessionEnded: false }).message).toBe(
      "Your account is suspended. Reason: payment review. Betting, deposits and contests are closed. Your balance is still yours: " +
        "withdraw it from your account page, and contact support about the suspension.",
    );
  });

  it("a real account whose session the suspension ended: sign in to withdraw", () => {
    expect(suspensionWords({ category: "review", isDemo: false, sessionEnded: true }).message).toBe(
      "Your account is suspended. Reason: account review. Sign in to withdraw your balance, and contact support about the suspension.",
    );
  });

  it("a demo account: start again, whether or not the session ended (it has no password to sign in with)", () => {
    for (const sessionEnded of [true, false]) {
      const w = suspensionWords({ category: "terms", isDemo: true, sessionEnded });
      expect(w.message).toBe(
        "This demo account is suspended. Reason: breach of our terms. Demo accounts are not reopened: start a new demo to keep trying BetPro.",
      );
      expect(w.message).not.toMatch(/withdraw|sign in/i);
    }
  });

  it("every category has its own words", () => {
    const reasons = SUSPENSION_CATEGORIES.map((category) => suspensionWords({ category, isDemo: false, sessionEnded: false }).reason);
    expect(reasons).toEqual([
      "Reason: account review.",
      "Reason: payment review.",
      "Reason: security check.",
      "Reason: breach of our terms.",
      "Reason: safer gambling.",
    ]);
  });

  it("reads a refusal's details back, defaulting what is missing or unknown", () => {
    expect(suspensionFromDetails({ category: "security", isDemo: true, sessionEnded: true })).toEqual({
      category: "security",
      isDemo: true,
      sessionEnded: true,
    });
    expect(suspensionFromDetails({ category: "made-up" })).toEqual({ category: "review", isDemo: false, sessionEnded: false });
    expect(suspensionFromDetails(undefined)).toBeNull();
    expect(suspensionFromDetails("text")).toBeNull();
  });
});
