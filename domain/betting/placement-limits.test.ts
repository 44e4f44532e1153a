import { describe, expect, it } from "vitest";
import { returnFor } from "../shared/odds.ts";
import {
  checkPlacementLimits, largestStake, liabilityBaseFor, oddsAwareMaxStake, MAX_COMBINED_ODDS_MILLI,
  type PlacementExposure,
} from "./placement-limits.ts";

const exposure = (over: Partial<PlacementExposure> = {}): PlacementExposure => ({
  stakeFactorBp: 10_000,
  outcomes: [{ outcomeId: "o1", liability: 0, limit: 200_000_000 }],
  maxPayoutPerBet: 25_000_000,
  maxPayoutPerDay: 100_000_000,
  returnsInWindow: 0,
  ...over,
});

describe("odds-aware max stake = base x factor / (price - 1)", () => {
  it("by hand", () => {
    // 100,000.00 base at 3.00: 50,000.00; at 1.50 capped by the slip's 100,000.00.
    expect(oddsAwareMaxStake(10_000_000, 10_000, 3000)).toBe(5_000_000);
    expect(oddsAwareMaxStake(10_000_000, 10_000, 1500)).toBe(10_000_000);
    // A sharp at 0.01 % on soccer at 2.50: 100,000.00 x 0.0001 / 1.5 = 6.66 (rounded down).
    expect(oddsAwareMaxStake(10_000_000, 1, 2500)).toBe(666);
    // 25 % on racing (25,000.00) at 11.00: 6,250.00 / 10 = 625.00.
    expect(oddsAwareMaxStake(2_500_000, 2_500, 11_000)).toBe(62_500);
  });
  it("a multiple takes the smallest base of its sports", () => {
    expect(liabilityBaseFor(["soccer", "racing"])).toBe(2_500_000);
    expect(liabilityBaseFor(["soccer", "tennis"])).toBe(10_000_000);
  });
});

describe("largestStake", () => {
  it("is the last stake that fits, 0 when not even 1.00 does", () => {
    expect(largestStake((s) => s <= 12_345)).toBe(12_345);
    expect(largestStake((s) => s <= 99)).toBe(0);
    expect(largestStake(() => true, 5_000)).toBe(5_000);
  });
});

describe("checkPlacementLimits", () => {
  const at = (odds: number) => (s: number) => returnFor(s, [odds]);
  it("accepts a bet within every limit", () => {
    expect(checkPlacementLimits({ stake: 1000, totalOddsMilli: 2000, sports: ["soccer"], returnOf: at(2000), exposure: exposure() })).toBeNull();
  });
  it("refuses combined odds above 1,000,000.00", () => {
    expect(checkPlacementLimits({ stake: 100, totalOddsMilli: MAX_COMBINED_ODDS_MILLI + 1, sports: ["soccer"], returnOf: at(2000), exposure: exposure() })?.code).toBe("BET.ODDS_TOO_HIGH");
  });
  it("liability: the largest stake whose profit fits the headroom", () => {
    // limit 100.00, already 60.00: headroom 40.00; at 3.00 profit = 2 x stake: max 20.00.
    const r = checkPlacementLimits({
      stake: 5000, totalOddsMilli: 3000, sports: ["soccer"], returnOf: at(3000),
      exposure: exposure({ outcomes: [{ outcomeId: "o1", liability: 6000, limit: 10_000 }] }),
    });
    expect(r).toEqual({ code: "BET.LIABILITY_LIMIT", outcomeId: "o1", maxStake: 2000 });
  });
  it("liability full: maxStake 0", () => {
    const r = checkPlacementLimits({
      stake: 100, totalOddsMilli: 3000, sports: ["soccer"], returnOf: at(3000),
      exposure: exposure({ outcomes: [{ outcomeId: "o1", liability: 10_000, limit: 10_000 }] }),
    });
    expect(r).toEqual({ code: "BET.LIABILITY_LIMIT", outcomeId: "o1", maxStake: 0 });
  });
  it("max payout per bet and per day, refused with the stake that fits", () => {
    expect(checkPlacementLimits({ stake: 1_000_000, totalOddsMilli: 30_000, sports: ["soccer"], returnOf: at(30_000), exposure: exposure() }))
      .toEqual({ code: "BET.STAKE_TOO_HIGH", maxStake: 344_827 });
    expect(checkPlacementLimits({ stake: 300_000, totalOddsMilli: 10_000, sports: ["soccer"], returnOf: at(10_000), exposure: exposure({ maxPayoutPerBet: 1_000_000 }) }))
      .toEqual({ code: "BET.MAX_PAYOUT", limit: "per_bet", maxStake: 100_000 });
    expect(checkPlacementLimits({ stake: 10_000, totalOddsMilli: 2000, sports: ["soccer"], returnOf: at(2000), exposure: exposure({ returnsInWindow: 99_990_000 }) }))
      .toEqual({ code: "BET.MAX_PAYOUT", limit: "per_day", maxStake: 5_000 });
  });
});
