import { describe, expect, it } from "vitest";
import { amountProblem, depositPreview } from "./wallet-preview.ts";

describe("depositPreview", () => {
  it("card: 2.9% + 0.30 fee; 10% bonus from 100.00", () => {
    expect(depositPreview("card", 10_000)).toEqual({ fee: 320, bonus: 1_000, received: 10_680, problem: null });
  });
  it("the bonus is capped at 50.00 and absent below 100.00", () => {
    expect(depositPreview("bank", 100_000)?.bonus).toBe(5_000);
    expect(depositPreview("bank", 9_999)?.bonus).toBe(0);
  });
  it("bank transfers are free but start at 50.00", () => {
    expect(depositPreview("bank", 6_000)).toMatchObject({ fee: 0, received: 6_000, problem: null });
    expect(depositPreview("bank", 2_500)?.problem).toMatch(/minimum/i);
  });
  it("nothing to preview without a method or an amount", () => {
    expect(depositPreview(null, 5_000)).toBeNull();
    expect(depositPreview("card", null)).toBeNull();
    expect(depositPreview("card", 0)).toBeNull();
  });
  it("withdrawal amounts are checked against the method's limits", () => {
    expect(amountProblem("paypal", 600_000)).toMatch(/maximum/i);
    expect(amountProblem("paypal", 10_000)).toBeNull();
  });
});
