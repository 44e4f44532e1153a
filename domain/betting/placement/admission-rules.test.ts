import { describe, expect, it } from "vitest";
import { ErrorCodes } from "../../shared/result.ts";
import { ADMISSION_RULES, RULE_OF_REFUSAL, type WriteRefusal } from "./admission-rules.ts";
import { limitRefusalError } from "./limit-refusals.ts";

const REFUSALS: WriteRefusal[] = ["refused", "odds_changed", "insufficient_funds", "no_wallet", "duplicate_idempotency_key", "liability_limit", "event_limit", "max_payout"];

describe("the admission rules", () => {
  it("every rule has a stable code the error table knows", () => {
    for (const rule of Object.values(ADMISSION_RULES)) expect(ErrorCodes).toContain(rule.code);
  });

  it("every refusal of the write is worded by a rule that declares that refusal and a text", () => {
    for (const kind of REFUSALS) {
      const rule = RULE_OF_REFUSAL[kind];
      expect(Object.values(ADMISSION_RULES).some((r) => r === rule && "refusal" in r && r.refusal === kind)).toBe(true);
      expect(rule.fallback.length).toBeGreaterThan(0);
    }
  });

  it("a rule checked by the write names a refusal; the one refused before the write names none", () => {
    for (const rule of Object.values(ADMISSION_RULES)) expect("refusal" in rule).toBe(rule.guard.kind !== "before_write");
  });

  it("the limit refusals carry the rules' texts", () => {
    expect(limitRefusalError({ code: "BET.LIABILITY_LIMIT", maxStake: 1250, outcomeId: "o1" })).toEqual({
      code: "BET.LIABILITY_LIMIT",
      message: ADMISSION_RULES.liability.message(1250),
      details: { maxStake: 1250, outcomeId: "o1" },
    });
    expect(limitRefusalError({ code: "BET.MAX_PAYOUT", maxStake: 500, limit: "per_day" }).message).toBe(
      "This bet would take your payouts in 24 hours past the maximum; max stake for this selection is $5.00",
    );
    expect(limitRefusalError({ code: "BET.ODDS_TOO_HIGH", maxOdds: 1_000_000_000 })).toEqual({
      code: "BET.ODDS_TOO_HIGH",
      message: "These selections combine to odds above 1000000.00; remove a selection",
      details: { maxOdds: "1000000.00" },
    });
  });
});
