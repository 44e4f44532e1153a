import { describe, expect, it } from "vitest";
import { isPending, needsApproval } from "./four-eyes.ts";

describe("four eyes", () => {
  it("a change needs a second approver only strictly above its threshold", () => {
    expect(needsApproval(100_000, 100_000)).toBe(false);
    expect(needsApproval(100_001, 100_000)).toBe(true);
    expect(needsApproval(0, 0)).toBe(false);
  });
  it("tells a recorded request from an applied change", () => {
    expect(isPending({ approvalPending: { id: "apr_1" } })).toBe(true);
    expect(isPending({ bet: { id: "bet_1" } })).toBe(false);
    expect(isPending(null)).toBe(false);
  });
});
