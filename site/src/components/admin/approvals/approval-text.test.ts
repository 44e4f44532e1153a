import { describe, expect, it } from "vitest";
import { amountText, decideProblem, pendingToast } from "./approval-text.ts";

describe("four-eyes requests in words", () => {
  it("says what the amount is", () => {
    expect(amountText({ kind: "bet_resettle", amount: 116_400 })).toBe("moves $1,164.00");
    expect(amountText({ kind: "market_limit", amount: 10_000_000_000 })).toBe("limit $100,000,000.00");
  });
  it("a request is not decided by the person who made it, nor twice", () => {
    expect(decideProblem({ requestedBy: "usr_a", state: "pending" }, "usr_a")).toMatch(/another admin/);
    expect(decideProblem({ requestedBy: "usr_a", state: "pending" }, "usr_b")).toBeNull();
    expect(decideProblem({ requestedBy: "usr_a", state: "approved" }, "usr_b")).toBe("Already approved");
  });
  it("the toast says nothing changed yet and where it waits", () => {
    const t = pendingToast({ approval: { summary: "Resettle bet bet_1 won -> lost: takes back 2,000.00" } as never });
    expect(t.title).toBe("Sent for approval");
    expect(t.description).toMatch(/nothing changes until another admin approves/);
  });
});
