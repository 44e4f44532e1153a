import { describe, expect, it } from "vitest";
import { DEFAULT_LARGE_STAKE_CENTS, isLargeStake, isSharpCustomer, passesTickerFilter, tickerItem } from "./ticker.ts";
import type { PlacedBetNotice } from "../ports/bet-ticker.ts";

const notice = (stake: number, who: { isDemo: boolean; isSample?: boolean } = { isDemo: false }): PlacedBetNotice => ({
  bet: { id: "bet_1", userId: "u_1", betType: "multiple", stake, totalOddsMilli: 4_200, potentialReturn: stake * 4.2, placedAt: new Date("2026-11-25T12:00:00Z") },
  legs: [
    { eventId: "e1", eventName: "A vs B", marketName: "Match Winner", selectionName: "A", oddsMilli: 2_000 },
    { eventId: "e2", eventName: "C vs D", marketName: "Match Winner", selectionName: "D", oddsMilli: 2_100 },
  ],
  customer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", ...who },
});

describe("ticker flags", () => {
  it("a stake is large only strictly above the threshold", () => {
    expect(isLargeStake(DEFAULT_LARGE_STAKE_CENTS, DEFAULT_LARGE_STAKE_CENTS)).toBe(false);
    expect(isLargeStake(DEFAULT_LARGE_STAKE_CENTS + 1, DEFAULT_LARGE_STAKE_CENTS)).toBe(true);
  });
  it("a customer is sharp when a trader cut their stake factor below 100 %", () => {
    expect(isSharpCustomer(10_000)).toBe(false);
    expect(isSharpCustomer(9_999)).toBe(true);
    expect(isSharpCustomer(1)).toBe(true);
  });
});

describe("tickerItem", () => {
  it("carries time, customer, selections, stake, price, potential return and flags", () => {
    const item = tickerItem(notice(60_000), { largeStakeOver: 50_000, stakeFactorBp: 25 });
    expect(item).toEqual({
      betId: "bet_1",
      placedAt: "2026-11-25T12:00:00.000Z",
      customerId: "u_1",
      customerName: "Ada Lovelace",
      customerEmail: "ada@example.com",
      betType: "multiple",
      selections: [
        { eventId: "e1", eventName: "A vs B", marketName: "Match Winner", selectionName: "A", odds: "2.00" },
        { eventId: "e2", eventName: "C vs D", marketName: "Match Winner", selectionName: "D", odds: "2.10" },
      ],
      stake: 60_000,
      odds: "4.20",
      potentialReturn: 252_000,
      flags: { largeStake: true, sharp: true },
      demo: false,
      customerKind: "registered",
    });
  });

  it("filters: large only, sharp only, both", () => {
    const plain = tickerItem(notice(1_000), { largeStakeOver: 50_000, stakeFactorBp: 10_000 });
    const large = tickerItem(notice(90_000), { largeStakeOver: 50_000, stakeFactorBp: 10_000 });
    const sharp = tickerItem(notice(1_000), { largeStakeOver: 50_000, stakeFactorBp: 1_000 });
    const both = tickerItem(notice(90_000), { largeStakeOver: 50_000, stakeFactorBp: 1_000 });
    const pass = (f: { largeOnly: boolean; sharpOnly: boolean }) => [plain, large, sharp, both].filter((i) => passesTickerFilter(i, { ...f, reach: "real" }));
    expect(pass({ largeOnly: false, sharpOnly: false })).toEqual([plain, large, sharp, both]);
    expect(pass({ largeOnly: true, sharpOnly: false })).toEqual([large, both]);
    expect(pass({ largeOnly: false, sharpOnly: true })).toEqual([sharp, both]);
    expect(pass({ largeOnly: true, sharpOnly: true })).toEqual([both]);
  });

  it("reaches the watchers whose reach holds the customer: demo bets demo staff only, registered bets real staff only", () => {
    const at = (who: { isDemo: boolean; isSample?: boolean }) => tickerItem(notice(1_000, who), { largeStakeOver: 50_000, stakeFactorBp: 10_000 });
    const registered = at({ isDemo: false });
    const sample = at({ isDemo: false, isSample: true });
    const demo = at({ isDemo: true });
    expect([registered.customerKind, sample.customerKind, demo.customerKind]).toEqual(["registered", "sample", "demo"]);
    expect([registered.demo, sample.demo, demo.demo]).toEqual([false, false, true]);
    const seen = (reach: "real" | "sandbox") =>
      [registered, sample, demo].filter((i) => passesTickerFilter(i, { largeOnly: false, sharpOnly: false, reach }));
    expect(seen("real")).toEqual([registered, sample]);
    expect(seen("sandbox")).toEqual([sample, demo]);
  });
});
