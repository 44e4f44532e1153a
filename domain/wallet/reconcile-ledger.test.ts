import { describe, expect, it } from "vitest";
import { ledgerFindings } from "./reconcile-ledger.ts";

describe("ledgerFindings", () => {
  it("finds nothing in a sound ledger", () => {
    expect(ledgerFindings({ open: [], unbalanced: [], mismatched: [{ accountId: "house", balance: 5, postings: 5 }] })).toEqual([]);
  });

  it("names each open transaction, unbalanced transaction and mismatched balance, with the amounts in the detail", () => {
    const f = ledgerFindings({
      open: [{ transactionId: "tx1", sum: 100_000, postings: 1, expected: 2 }],
      unbalanced: [{ transactionId: "tx2", sum: -250 }, { transactionId: "tx3", sum: 0 }],
      mismatched: [{ accountId: "wallet:u1", balance: 1_000, postings: 300 }],
    });
    expect(f.map((x) => [x.kind, x.subject])).toEqual([
      ["open_transaction", "tx1"],
      ["unbalanced_transaction", "tx2"],
      ["balance_mismatch", "wallet:u1"],
    ]);
    expect(f[0].detail).toContain("1 posting(s) of 2 summing to 1000.00");
    expect(f[1].detail).toContain("-2.50");
    expect(f[2].detail).toContain("shows 10.00 but its postings make 3.00");
  });
});
