import { describe, expect, it } from "vitest";
import { correctionPostings } from "./debt.ts";

const sum = (ps: { amount: number }[]) => ps.reduce((s, p) => s + p.amount, 0);

/** A bet with no bonus stake, and one staked 10.00 of which 4.00 bonus (40% of any return is bonus). */
const cashBet = { userId: "u", stake: 1000 };
const bonusBet = { userId: "u", stake: 1000, bonusStake: 400 };
const balances = (wallet: number, bonus = 0) => ({ wallet, bonus });

describe("correction postings", () => {
  it("pays a positive correction from the house to the wallet", () => {
    expect(correctionPostings(cashBet, 0, 500, balances(0))).toEqual([{ accountId: "house", amount: -500 }, { accountId: "wallet:u", amount: 500 }]);
  });
  it("takes a negative correction from the wallet when it holds enough", () => {
    expect(correctionPostings(cashBet, 500, 0, balances(800))).toEqual([{ accountId: "house", amount: 500 }, { accountId: "wallet:u", amount: -500 }]);
  });
  it("takes what the wallet holds and books the rest as debt; postings sum to zero", () => {
    const ps = correctionPostings(cashBet, 500, 0, balances(120));
    expect(ps).toEqual([
      { accountId: "house", amount: 500 },
      { accountId: "wallet:u", amount: -120 },
      { accountId: "debt:u", amount: -380 },
    ]);
    expect(sum(ps)).toBe(0);
  });
  it("an empty wallet: all of it is debt", () => {
    expect(correctionPostings(cashBet, 500, 0, balances(0))).toEqual([{ accountId: "house", amount: 500 }, { accountId: "debt:u", amount: -500 }]);
  });
  it("no correction, no postings", () => {
    expect(correctionPostings(cashBet, 700, 700, balances(10))).toEqual([]);
  });
});

describe("correction postings follow the bonus share", () => {
  it("a payout of 25.00 clawed back in full: its 10.00 bonus share from the bonus, its 15.00 cash share from cash", () => {
    const ps = correctionPostings(bonusBet, 2500, 0, balances(5000, 3000));
    expect(ps).toEqual([
      { accountId: "house", amount: 2500 },
      { accountId: "wallet:u", amount: -1500 },
      { accountId: "bonus:u", amount: -1000 },
    ]);
    expect(sum(ps)).toBe(0);
  });
  it("part of it: 25.00 down to 12.50 takes back 5.00 of bonus (10.00 - 5.00) and 7.50 of cash", () => {
    expect(correctionPostings(bonusBet, 2500, 1250, balances(5000, 3000))).toEqual([
      { accountId: "house", amount: 1250 },
      { accountId: "wallet:u", amount: -750 },
      { accountId: "bonus:u", amount: -500 },
    ]);
  });
  it("the bonus holds less than its share (spent or released since): the rest from cash, then debt", () => {
    expect(correctionPostings(bonusBet, 2500, 0, balances(1800, 300))).toEqual([
      { accountId: "house", amount: 2500 },
      { accountId: "wallet:u", amount: -1800 },
      { accountId: "bonus:u", amount: -300 },
      { accountId: "debt:u", amount: -400 },
    ]);
  });
  it("more due: the rise in the bonus share to the bonus, the rest to cash (25.00 -> 40.00: 6.00 bonus, 9.00 cash)", () => {
    expect(correctionPostings(bonusBet, 2500, 4000, balances(0, 0))).toEqual([
      { accountId: "house", amount: -1500 },
      { accountId: "wallet:u", amount: 900 },
      { accountId: "bonus:u", amount: 600 },
    ]);
  });
  it("rounding: the bonus share is floored on each figure, so the moves add up exactly (3.33 of 9.99 bonus)", () => {
    const bet = { userId: "u", stake: 999, bonusStake: 333 };
    // paid 10.01 (bonus share floor(1001 x 333 / 999) = 333), due 5.00 (166): 1.67 bonus, 3.34 cash.
    expect(correctionPostings(bet, 1001, 500, balances(10_000, 10_000))).toEqual([
      { accountId: "house", amount: 501 },
      { accountId: "wallet:u", amount: -334 },
      { accountId: "bonus:u", amount: -167 },
    ]);
  });
});
