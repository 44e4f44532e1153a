import { describe, expect, it } from "vitest";
import { cashOutAmount, cashOutAvailability, currentOddsMilli } from "./cash-out.ts";
import type { PricedOutcome } from "../shared/types.ts";

const NOW = new Date("2026-11-21T12:00:00Z");
const priced = (outcomeId: string, o: Partial<PricedOutcome> = {}): PricedOutcome => ({
  outcomeId, outcomeName: outcomeId, priceMilli: 2000, marketId: "m", marketName: "Match Result", marketStatus: "open",
  eventId: "e", eventName: "A vs B", eventStatus: "live", sport: "soccer", eventStartTime: new Date(0), eventSuspendedUntil: null,
  outcomeResult: null, ...o,
});
const leg = (outcomeId: string) => ({
  id: outcomeId, legNo: 1, eventId: "e", marketId: "m", outcomeId, oddsMilli: 2000, result: "pending" as const,
  eventName: "A vs B", marketName: "Match Result", selectionName: outcomeId,
});

describe("cash-out amount", () => {
  it("is stake x placed odds / current odds x 0.95, rounded down to the cent", () => {
    // 10.00 at 3.00, now 2.00: 10 x 3 / 2 x 0.95 = 14.25
    expect(cashOutAmount(1000, 3000, 2000)).toBe(1425);
    // unchanged price: 95% of the stake
    expect(cashOutAmount(1000, 2500, 2500)).toBe(950);
    // 3.33 at 2.15, now 2.40: 3.33 x 2.15 / 2.40 x 0.95 = 2.83396... -> 2.83
    expect(cashOutAmount(333, 2150, 2400)).toBe(283);
  });

  it("prices the legs now the way the bet was priced", () => {
    const of = (betType: "single" | "multiple" | "same_game_multi", totalOddsMilli: number, legs: number[]) => ({ betType, totalOddsMilli, legs: legs.map((oddsMilli) => ({ oddsMilli })) });
    expect(currentOddsMilli(of("single", 2000, [2000]), [2150])).toBe(2150);
    expect(currentOddsMilli(of("multiple", 3000, [2000, 1500]), [2000, 1500])).toBe(3000);
    // A same game multi struck at 2.70 on legs 2.00 x 1.50: unchanged legs give back 2.70 ...
    expect(currentOddsMilli(of("same_game_multi", 2700, [2000, 1500]), [2000, 1500])).toBe(2700);
    // ... and a leg at 2.20 moves it by the same ratio: 2.70 x 3.30 / 3.00 = 2.97
    expect(currentOddsMilli(of("same_game_multi", 2700, [2000, 1500]), [2200, 1500])).toBe(2970);
  });
});

describe("cash-out availability", () => {
  it("needs every leg's market open on an unfinished event", () => {
    const bet = { status: "pending" as const, legs: [leg("a"), leg("b")] };
    expect(cashOutAvailability(bet, new Map([["a", priced("a")], ["b", priced("b")]]), NOW)).toEqual({ available: true });
    expect(cashOutAvailability(bet, new Map([["a", priced("a")], ["b", priced("b", { marketStatus: "suspended" })]]), NOW))
      .toEqual({ available: false, reason: "The Match Result market is suspended" });
    expect(cashOutAvailability(bet, new Map([["a", priced("a", { eventStatus: "finished" })], ["b", priced("b")]]), NOW).available).toBe(false);
    expect(cashOutAvailability(bet, new Map([["a", priced("a")]]), NOW).available).toBe(false);
    expect(cashOutAvailability({ ...bet, status: "won" }, new Map(), NOW).available).toBe(false);
  });
  it("is not offered on a decided selection or while its event is suspended or past its start", () => {
    const bet = { status: "pending" as const, legs: [leg("a")] };
    expect(cashOutAvailability(bet, new Map([["a", priced("a", { outcomeResult: "won" })]]), NOW).available).toBe(false);
    expect(cashOutAvailability(bet, new Map([["a", priced("a", { eventSuspendedUntil: new Date(NOW.getTime() + 1) })]]), NOW).available).toBe(false);
    expect(cashOutAvailability(bet, new Map([["a", priced("a", { eventSuspendedUntil: NOW })]]), NOW).available).toBe(true);
    expect(cashOutAvailability(bet, new Map([["a", priced("a", { eventStatus: "upcoming", eventStartTime: NOW })]]), NOW).available).toBe(false);
  });
});
