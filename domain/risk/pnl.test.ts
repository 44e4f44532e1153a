import { describe, expect, it } from "vitest";
import { profitAndHold } from "./pnl.ts";

describe("profitAndHold", () => {
  it("P&L = settled stakes - returns; hold = P&L / settled stakes, with the same sign", () => {
    // 3 bets of 100.00: one won at 2.50 (returned 250.00), one lost, one void (refunded 100.00).
    expect(profitAndHold({ stakes: 30_000, returns: 35_000 })).toEqual({ pnl: -5_000, holdPercent: -16.67 });
    expect(profitAndHold({ stakes: 40_000, returns: 30_000 })).toEqual({ pnl: 10_000, holdPercent: 25 });
    expect(profitAndHold({ stakes: 0, returns: 0 })).toEqual({ pnl: 0, holdPercent: 0 });
  });
});
