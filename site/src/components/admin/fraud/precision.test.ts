import { describe, expect, it } from "vitest";
import { formatPrecision, ruleName, VERDICT_LABEL } from "./precision.ts";

describe("the fraud screen's precision words", () => {
  it("shows precision as a whole percentage, a dash before any verdict", () => {
    expect(formatPrecision({ precision: 2 / 3 })).toBe("67%");
    expect(formatPrecision({ precision: 0 })).toBe("0%");
    expect(formatPrecision({ precision: 1 })).toBe("100%");
    expect(formatPrecision({ precision: null })).toBe("—");
  });
  it("names rules and verdicts", () => {
    expect(ruleName("stake_spike")).toBe("Stake spike");
    expect(VERDICT_LABEL.false_positive).toBe("False positive");
  });
});
