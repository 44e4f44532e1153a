import { describe, expect, it } from "vitest";
import {
  checkAmount, depositBonus, depositBreakdown, depositFee, PAYMENT_METHODS, paymentMethod,
} from "./payment-methods.ts";

describe("payment methods (the product spec's business constants)", () => {
  it("lists card, PayPal, Bitcoin and bank transfer with their limits in cents", () => {
    expect(PAYMENT_METHODS.map((m) => [m.id, m.minAmount, m.maxAmount])).toEqual([
      ["card", 1_000, 1_000_000],
      ["paypal", 500, 500_000],
      ["crypto", 2_000, 5_000_000],
      ["bank", 5_000, 2_500_000],
    ]);
  });

  it("card fee is 2.9% rounded down to the cent plus 0.30", () => {
    const card = paymentMethod("card");
    expect(depositFee(card, 10_000)).toBe(290 + 30);
    // 2.9% of 12.34 is 0.35786: rounded down to 0.35, plus 0.30.
    expect(depositFee(card, 1_234)).toBe(35 + 30);
    expect(depositFee(card, 1_000)).toBe(29 + 30);
  });

  it("PayPal fee is 3.4% rounded down plus 0.30; Bitcoin and bank charge nothing", () => {
    expect(depositFee(paymentMethod("paypal"), 999)).toBe(33 + 30); // 33.966 -> 33
    expect(depositFee(paymentMethod("crypto"), 50_000)).toBe(0);
    expect(depositFee(paymentMethod("bank"), 50_000)).toBe(0);
  });

  it("refuses amounts outside the method's minimum and maximum", () => {
    const paypal = paymentMethod("paypal");
    const low = checkAmount(paypal, 499);
    expect(!low.ok && low.error.code).toBe("WALLET.AMOUNT_BELOW_MIN");
    expect(checkAmount(paypal, 500).ok).toBe(true);
    expect(checkAmount(paypal, 500_000).ok).toBe(true);
    const high = checkAmount(paypal, 500_001);
    expect(!high.ok && high.error.code).toBe("WALLET.AMOUNT_ABOVE_MAX");
    expect(!high.ok && high.error.details).toEqual({ method: "paypal", maxAmount: 500_000 });
  });

  it("bonus is 10% from 100.00, rounded down, capped at 50.00", () => {
    expect(depositBonus(9_999)).toBe(0);
    expect(depositBonus(10_000)).toBe(1_000);
    expect(depositBonus(12_345)).toBe(1_234);
    expect(depositBonus(50_000)).toBe(5_000);
    expect(depositBonus(1_000_000)).toBe(5_000);
  });

  it("breaks a deposit down into fee, net, bonus and credited", () => {
    const r = depositBreakdown(paymentMethod("card"), 25_000);
    expect(r).toEqual({ ok: true, value: { amount: 25_000, fee: 725 + 30, net: 24_245, bonus: 2_500, credited: 26_745 } });
    const bank = depositBreakdown(paymentMethod("bank"), 4_999);
    expect(!bank.ok && bank.error.code).toBe("WALLET.AMOUNT_BELOW_MIN");
  });
});
