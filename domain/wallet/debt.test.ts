import { describe, expect, it } from "vitest";
import { correctionPostings, debtRecovery } from "./debt.ts";

const sum = (ps: { amount: number }[]) => ps.reduce((s, p) => s + p.amount, 0);

describe("correction postings", () => {
  it("pays a positive correction from the house to the wallet", () => {
    expect(correctionPostings("u", 500, 0)).toEqual([{ accountId: "house", amount: -500 }, { accountId: "wallet:u", amount: 500 }]);
  });
  it("takes a negative correction from the wallet when it holds enough", () => {
    expect(correctionPostings("u", -500, 800)).toEqual([{ accountId: "house", amount: 500 }, { accountId: "wallet:u", amount: -500 }]);
  });
  it("takes what the wallet holds and books the rest as debt; postings sum to zero", () => {
    const ps = correctionPostings("u", -500, 120);
    expect(ps).toEqual([
      { accountId: "house", amount: 500 },
      { accountId: "wallet:u", amount: -120 },
      { accountId: "debt:u", amount: -380 },
    ]);
    expect(sum(ps)).toBe(0);
  });
  it("an empty wallet: all of it is debt", () => {
    expect(correctionPostings("u", -500, 0)).toEqual([{ accountId: "house", amount: 500 }, { accountId: "debt:u", amount: -500 }]);
  });
  it("no correction, no postings", () => {
    expect(correctionPostings("u", 0, 10)).toEqual([]);
  });
});

describe("debt recovery", () => {
  it("a credit pays the debt first, up to the debt", () => {
    expect(debtRecovery(1000, 380)).toBe(380);
    expect(debtRecovery(200, 380)).toBe(200);
    expect(debtRecovery(200, 0)).toBe(0);
  });
});
