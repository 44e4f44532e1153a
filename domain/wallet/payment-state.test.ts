import { describe, expect, it } from "vitest";
import { canMove, isOpen, needsApproval, PAYMENT_STATES, stateLabel } from "./payment-state.ts";

describe("payment states", () => {
  it("move only forward: awaiting_approval -> pending | rejected, pending -> completed | failed | reversed", () => {
    const allowed = PAYMENT_STATES.flatMap((from) => PAYMENT_STATES.filter((to) => canMove(from, to)).map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual([
      "awaiting_approval->pending", "awaiting_approval->rejected", "pending->completed", "pending->failed", "pending->reversed",
    ]);
    expect(PAYMENT_STATES.filter(isOpen)).toEqual(["awaiting_approval", "pending"]);
  });

  it("asks for approval strictly above the threshold", () => {
    expect(needsApproval(100_000, 100_000)).toBe(false);
    expect(needsApproval(100_001, 100_000)).toBe(true);
  });

  it("tells the customer where the money is", () => {
    expect(stateLabel("withdrawal", "failed")).toBe("Failed, returned to your balance");
    expect(stateLabel("deposit", "failed")).toBe("Failed, nothing was taken");
    expect(stateLabel("withdrawal", "completed")).toBe("Completed");
    expect(stateLabel("withdrawal", "awaiting_approval")).toBe("Pending approval");
    expect(stateLabel("withdrawal", "rejected")).toBe("Rejected, returned to your balance");
  });
});
