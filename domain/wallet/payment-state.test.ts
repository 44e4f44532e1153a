import { describe, expect, it } from "vitest";
import { canReverse, isOpen, needsApproval, PAYMENT_STATES, reversalNote, stateLabel } from "./payment-state.ts";

describe("payment states", () => {
  it("are open while they wait on the provider or an operator", () => {
    expect(PAYMENT_STATES.filter(isOpen)).toEqual(["awaiting_approval", "pending"]);
  });

  it("reverses only a completed deposit or withdrawal, and says what happened", () => {
    expect(canReverse({ direction: "deposit", state: "completed" })).toBe(true);
    expect(canReverse({ direction: "withdrawal", state: "completed" })).toBe(true);
    for (const state of PAYMENT_STATES.filter((s) => s !== "completed")) expect(canReverse({ direction: "deposit", state })).toBe(false);
    expect(canReverse({ direction: "withdrawal_reversal", state: "completed" })).toBe(false);
    expect(reversalNote("withdrawal", "$50.00")).toBe("returned by your bank, $50.00 back in your balance");
    expect(reversalNote("deposit", "$96.80")).toMatch(/^charged back/);
    expect(stateLabel("deposit", "reversed")).toBe("Reversed: charged back");
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
