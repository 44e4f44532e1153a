import { describe, expect, it } from "vitest";
import { reversalPlan } from "./reversal.ts";

const sum = (ps: { amount: number }[]) => ps.reduce((s, p) => s + p.amount, 0);
const at = (ps: { accountId: string; amount: number }[], id: string) => ps.find((p) => p.accountId === id)?.amount ?? 0;

describe("reversal postings", () => {
  it("a returned withdrawal puts the amount back in the wallet from the provider", () => {
    const r = reversalPlan({ userId: "u", direction: "withdrawal", amount: 5_000, fee: 0 }, { wallet: 0, bonus: 0, grants: [] });
    expect(r.postings).toEqual([{ accountId: "payments", amount: -5_000 }, { accountId: "wallet:u", amount: 5_000 }]);
    expect(r.owed).toBe(0);
  });

  it("a chargeback undoes the deposit exactly: the net credit from the wallet, the fee from the house", () => {
    const r = reversalPlan({ userId: "u", direction: "deposit", amount: 10_000, fee: 320 }, { wallet: 50_000, bonus: 0, grants: [] });
    expect(sum(r.postings)).toBe(0);
    expect(at(r.postings, "wallet:u")).toBe(-9_680);
    expect(at(r.postings, "house")).toBe(-320);
    expect(at(r.postings, "payments")).toBe(10_000);
    expect(at(r.postings, "debt:u")).toBe(0);
    expect(r.owed).toBe(0);
  });

  it("what the wallet lacks becomes debt; the wallet goes to 0, never below", () => {
    const r = reversalPlan({ userId: "u", direction: "deposit", amount: 10_000, fee: 0 }, { wallet: 2_500, bonus: 0, grants: [] });
    expect(at(r.postings, "wallet:u")).toBe(-2_500);
    expect(at(r.postings, "debt:u")).toBe(-7_500);
    expect(r.owed).toBe(7_500);
    expect(sum(r.postings)).toBe(0);
    const empty = reversalPlan({ userId: "u", direction: "deposit", amount: 10_000, fee: 0 }, { wallet: 0, bonus: 0, grants: [] });
    expect(empty.postings.some((p) => p.accountId === "wallet:u")).toBe(false);
    expect(empty.owed).toBe(10_000);
  });

  it("removes the deposit's bonus: what is left of an active grant back to promotions, a released one taken from cash", () => {
    const active = reversalPlan(
      { userId: "u", direction: "deposit", amount: 50_000, fee: 0 },
      { wallet: 100_000, bonus: 3_000, grants: [{ id: "g1", amount: 5_000, status: "active" }] },
    );
    expect(at(active.postings, "bonus:u")).toBe(-3_000);
    expect(at(active.postings, "promotions")).toBe(3_000);
    expect(active.closeGrantIds).toEqual(["g1"]);
    expect(sum(active.postings)).toBe(0);

    const released = reversalPlan(
      { userId: "u", direction: "deposit", amount: 50_000, fee: 0 },
      { wallet: 52_000, bonus: 0, grants: [{ id: "g1", amount: 5_000, status: "released" }] },
    );
    expect(at(released.postings, "wallet:u")).toBe(-52_000);
    expect(at(released.postings, "debt:u")).toBe(-3_000);
    expect(at(released.postings, "promotions")).toBe(5_000);
    expect(released.closeGrantIds).toEqual([]);
    expect(sum(released.postings)).toBe(0);

    const expired = reversalPlan(
      { userId: "u", direction: "deposit", amount: 50_000, fee: 0 },
      { wallet: 60_000, bonus: 0, grants: [{ id: "g1", amount: 5_000, status: "expired" }] },
    );
    expect(at(expired.postings, "promotions")).toBe(0);
    expect(at(expired.postings, "wallet:u")).toBe(-50_000);
  });
});
