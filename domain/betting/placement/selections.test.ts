import { describe, expect, it } from "vitest";
import type { PricedOutcome } from "../../shared/types.ts";
import { checkSelections, isBettable, priceAcceptable } from "./selections.ts";

const NOW = new Date("2026-06-01T12:00:00Z");
const outcome = (over: Partial<PricedOutcome> = {}): PricedOutcome => ({
  outcomeId: "o1", outcomeName: "Home", priceMilli: 2000, marketId: "m1", marketName: "Match", marketStatus: "open",
  eventId: "e1", eventName: "A v B", eventStatus: "upcoming", sport: "soccer", eventStartTime: new Date(NOW.getTime() + 3_600_000),
  eventSuspendedUntil: null, outcomeResult: null, ...over,
});
const slip = (odds: string) => ({ selections: [{ eventId: "e1", marketId: "m1", outcomeId: "o1", odds }] });
const found = (over: Partial<PricedOutcome> = {}) => new Map([["o1", outcome(over)]]);

describe("selections against the current state", () => {
  it("bettable: open, not started, not decided, not suspended", () => {
    expect(isBettable(outcome(), NOW)).toBe(true);
    expect(isBettable(outcome({ marketStatus: "suspended" }), NOW)).toBe(false);
    expect(isBettable(outcome({ eventStartTime: NOW }), NOW)).toBe(false);
    expect(isBettable(outcome({ outcomeResult: "won" }), NOW)).toBe(false);
    expect(isBettable(outcome({ eventSuspendedUntil: new Date(NOW.getTime() + 1) }), NOW)).toBe(false);
    expect(isBettable(outcome({ marketReformedAt: NOW }), NOW)).toBe(false);
  });

  it("the price-change policy: refuse any move, accept a higher price, or accept any", () => {
    expect([priceAcceptable("refuse", 2000, 2000), priceAcceptable("refuse", 2000, 2100)]).toEqual([true, false]);
    expect([priceAcceptable("accept_higher", 2000, 2100), priceAcceptable("accept_higher", 2000, 1900)]).toEqual([true, false]);
    expect(priceAcceptable("accept_any", 2000, 1100)).toBe(true);
  });

  it("the first reason to refuse, state before price", () => {
    expect(checkSelections(slip("2.00"), found(), NOW)).toBeNull();
    expect(checkSelections(slip("2.00"), new Map(), NOW)?.code).toBe("BET.SELECTION_NOT_FOUND");
    expect(checkSelections(slip("2.10"), found({ eventStatus: "finished" }), NOW)?.code).toBe("BET.EVENT_CLOSED");
    expect(checkSelections(slip("2.10"), found({ marketStatus: "closed" }), NOW)?.code).toBe("BET.MARKET_CLOSED");
    expect(checkSelections(slip("2.10"), found(), NOW)).toEqual({
      code: "BET.ODDS_CHANGED",
      message: "The price of Home changed to 2.00",
      details: { prices: [{ outcomeId: "o1", odds: "2.00" }] },
    });
    expect(checkSelections(slip("2.10"), found(), NOW, "accept_any")).toBeNull();
  });
});
