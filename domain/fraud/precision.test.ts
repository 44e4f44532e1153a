import { describe, expect, it } from "vitest";
import { FRAUD_RULES, precisionOf, rulePrecisions } from "./precision.ts";

describe("a rule's precision", () => {
  it("is confirmed / (confirmed + false positives)", () => {
    expect(precisionOf({ confirmed: 3, falsePositives: 1 })).toBe(0.75);
    expect(precisionOf({ confirmed: 0, falsePositives: 4 })).toBe(0);
    expect(precisionOf({ confirmed: 2, falsePositives: 0 })).toBe(1);
  });
  it("is null until an operator has given a verdict on one of its alerts", () => {
    expect(precisionOf({ confirmed: 0, falsePositives: 0 })).toBeNull();
  });
  it("lists every rule in order, open and unclassified alerts beside the figure but not in it", () => {
    const rows = rulePrecisions([
      { alertType: "stake_spike", open: 5, confirmed: 1, falsePositives: 3, unclassified: 7 },
      { alertType: "rapid_betting", open: 0, confirmed: 2, falsePositives: 0, unclassified: 0 },
    ]);
    expect(rows.map((r) => r.alertType)).toEqual(FRAUD_RULES);
    expect(rows.find((r) => r.alertType === "stake_spike")).toEqual({
      alertType: "stake_spike", open: 5, confirmed: 1, falsePositives: 3, unclassified: 7, precision: 0.25,
    });
    expect(rows.find((r) => r.alertType === "rapid_betting")!.precision).toBe(1);
    expect(rows.find((r) => r.alertType === "bonus_abuse")).toEqual({
      alertType: "bonus_abuse", open: 0, confirmed: 0, falsePositives: 0, unclassified: 0, precision: null,
    });
  });
});
