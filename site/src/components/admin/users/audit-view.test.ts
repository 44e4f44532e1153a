import { describe, expect, it } from "vitest";
import { auditValue } from "./audit-view.tsx";

describe("auditValue", () => {
  it("shows money keys in dollars, odds keys as prices, and leaves counts and flags alone", () => {
    expect(auditValue("liabilityLimit", 200_000_000)).toBe("$2,000,000.00");
    expect(auditValue("liabilityLimit", 5000)).toBe("$50.00");
    expect(auditValue("stake", 250)).toBe("$2.50");
    expect(auditValue("priceMilli", 2150)).toBe("2.15");
    expect(auditValue("maxEntries", 100)).toBe("100");
    expect(auditValue("factorBps", 100)).toBe("100");
    expect(auditValue("status", "open")).toBe("open");
    expect(auditValue("isActive", false)).toBe("false");
  });
});
