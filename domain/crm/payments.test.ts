import { describe, expect, it } from "vitest";
import type { LedgerPaymentRecord } from "../ports/index.ts";
import { methodOf, paymentsSummary } from "./payments.ts";

const NOW = new Date("2026-11-21T12:00:00.000Z");
const user = { id: "u1", email: "a@example.com", firstName: "A", lastName: "B" };
const rec = (kind: LedgerPaymentRecord["kind"], amount: number, hoursAgo: number, reference: string | null = null): LedgerPaymentRecord => ({
  id: `tx_${kind}_${amount}_${hoursAgo}`, kind, amount, reference, createdAt: new Date(NOW.getTime() - hoursAgo * 3_600_000), createdBy: null, user, payment: null,
});
const paid = (kind: "deposit" | "withdrawal", amount: number, state: NonNullable<LedgerPaymentRecord["payment"]>["state"], method = "card"): LedgerPaymentRecord => ({
  ...rec(kind, amount, 1, "pay_x"), id: `pay_${state}_${amount}`, payment: { id: `pay_${state}_${amount}`, method, state, providerReference: null, failureReason: null },
});

describe("payments from the ledger", () => {
  it("reads the method from the reference", () => {
    expect(methodOf({ kind: "deposit", reference: "card:4242" })).toBe("card");
    expect(methodOf({ kind: "withdrawal", reference: "bank" })).toBe("bank");
    expect(methodOf({ kind: "deposit", reference: null })).toBe("unrecorded");
    expect(methodOf({ kind: "adjustment", reference: "card" })).toBe("bonus");
    expect(methodOf(paid("withdrawal", -5_000, "completed", "paypal"))).toBe("paypal");
  });

  it("counts only completed payments as money moved, and the open ones as pending", () => {
    const s = paymentsSummary(
      [paid("deposit", 10_000, "completed"), paid("deposit", 7_000, "failed"), paid("withdrawal", -3_000, "pending"),
        paid("withdrawal", -200_000, "awaiting_approval"), paid("withdrawal", -2_000, "rejected"), paid("withdrawal", -1_000, "completed", "bank")],
      0,
      NOW,
    );
    expect(s).toMatchObject({ deposits24h: 10_000, depositCount24h: 1, withdrawals24h: 1_000, withdrawalCount24h: 1, pending: 2 });
    expect(s.byMethod).toEqual([
      { method: "bank", deposits: 0, withdrawals: 1_000, count: 1 },
      { method: "card", deposits: 10_000, withdrawals: 0, count: 1 },
    ]);
  });

  it("sums the last 24 hours and all time", () => {
    const s = paymentsSummary(
      [
        rec("deposit", 10_000, 1, "card:x"),
        rec("deposit", 5_000, 30, "paypal:y"),
        rec("withdrawal", -4_000, 2, "card:x"),
        rec("deposit_bonus", 1_000, 1),
        rec("adjustment", 500, 3),
        rec("adjustment", -200, 3),
      ],
      123_456,
      NOW,
    );
    expect(s).toMatchObject({
      deposits24h: 10_000, depositCount24h: 1, withdrawals24h: 4_000, withdrawalCount24h: 1, bonuses24h: 1_500, netFlow: 6_000, pending: 0,
      totals: { deposits: 15_000, withdrawals: 4_000, bonuses: 1_500, walletBalances: 123_456 },
    });
    expect(s.byMethod).toEqual([
      { method: "card", deposits: 10_000, withdrawals: 4_000, count: 2 },
      { method: "paypal", deposits: 5_000, withdrawals: 0, count: 1 },
    ]);
  });
});
