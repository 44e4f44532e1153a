import { describe, expect, it } from "vitest";
import { suspensionWords } from "../../../../domain/accounts/suspension.ts";
import { ApiError } from "../../lib/api.ts";
import { counterOffer, PLACE_FAILED, refusalText } from "./slip-refusals.ts";

describe("refusalText: the slip's words for a failed placement, from one place", () => {
  it("a suspended account's refusal keeps the suspension's reason and next step", () => {
    const words = suspensionWords({ category: "payments", isDemo: false, sessionEnded: true }).message;
    expect(refusalText(new ApiError(403, "AUTH.ACCOUNT_SUSPENDED", words))).toBe(words);
  });
  it("an ended session says so rather than a bare 'Please log in'", () => {
    expect(refusalText(new ApiError(401, "AUTH.REQUIRED", "Please log in"))).toBe(
      "Your session has ended (signed out, expired, or the account was suspended). Please log in again.",
    );
  });
  it("a race after the off keeps the server's words; an answer without words falls back", () => {
    expect(refusalText(new ApiError(409, "BET.RACE_OFF", "Betting on this race has closed: it is off."))).toBe("Betting on this race has closed: it is off.");
    expect(refusalText(new ApiError(500, "INTERNAL", ""))).toBe(PLACE_FAILED);
    expect(refusalText(new TypeError("Failed to fetch"))).toBe("The server could not be reached");
  });
  it("a limit refusal offers its largest stake, and none when it is 0", () => {
    expect(counterOffer("BET.LIABILITY_LIMIT", { maxStake: 1_250 })).toBe(1_250);
    expect(counterOffer("BET.LIABILITY_LIMIT", { maxStake: 0 })).toBeUndefined();
    expect(counterOffer("BET.ODDS_CHANGED", { maxStake: 1_250 })).toBeUndefined();
  });
});
