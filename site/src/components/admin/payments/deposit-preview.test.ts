import { describe, expect, it } from "vitest";
import { depositPreview } from "./deposit-preview-card.tsx";
import { depositFee, paymentMethod } from "../../../../../domain/wallet/payment-methods.ts";

describe("admin deposit preview (the real fee rules, in cents)", () => {
  it("card: 2.9% + 0.30, 10% bonus from 100.00 capped at 50.00", () => {
    expect(depositPreview("card", 5_000)).toEqual({ bonus: 0, fee: 175, total: 4_825, problem: null });
    expect(depositPreview("card", 10_000)).toEqual({ bonus: 1_000, fee: 320, total: 10_680, problem: null });
    expect(depositPreview("card", 100_000)).toEqual({ bonus: 5_000, fee: 2_930, total: 102_070, problem: null });
  });

  it("PayPal 3.4% + 0.30; bank free; agrees with the server's fee for every method", () => {
    expect(depositPreview("paypal", 10_000).fee).toBe(370);
    expect(depositPreview("bank", 10_000)).toMatchObject({ fee: 0, total: 11_000 });
    for (const m of ["card", "paypal", "crypto", "bank"] as const)
      for (const amount of [5_000, 12_345, 250_000]) expect(depositPreview(m, amount).fee).toBe(depositFee(paymentMethod(m), amount));
  });

  it("names the method's limit problem", () => {
    expect(depositPreview("bank", 4_999).problem).toMatch(/minimum/);
  });
});
