import { describe, expect, it } from "vitest";
import { ledgerTransaction, transfer } from "./ledger.ts";

const meta = { id: "tx1", kind: "bet_stake" as const, reference: "bet1", createdAt: new Date(0), createdBy: null };

describe("ledger", () => {
  it("a transfer is two postings that sum to zero", () => {
    const p = transfer("wallet:u1", "house", 500);
    expect(p).toEqual([{ accountId: "wallet:u1", amount: -500 }, { accountId: "house", amount: 500 }]);
    expect(ledgerTransaction(meta, p).ok).toBe(true);
  });
  it("refuses unbalanced, fractional, zero or single postings", () => {
    expect(ledgerTransaction(meta, [{ accountId: "a", amount: -5 }, { accountId: "b", amount: 4 }]).ok).toBe(false);
    expect(ledgerTransaction(meta, [{ accountId: "a", amount: -0.5 }, { accountId: "b", amount: 0.5 }]).ok).toBe(false);
    expect(ledgerTransaction(meta, [{ accountId: "a", amount: 0 }, { accountId: "b", amount: 0 }]).ok).toBe(false);
    expect(ledgerTransaction(meta, [{ accountId: "a", amount: 0 }]).ok).toBe(false);
  });
});
