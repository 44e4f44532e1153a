import { describe, expect, it } from "vitest";
import type { CustomerAggregate } from "../ports/index.ts";
import { customerProfile, matchesCustomerSearch, segmentOf, segmentSummaries, winRatePercent } from "./segments.ts";

const NOW = new Date("2026-11-21T12:00:00.000Z");
const DAY = 86_400_000;
const agg = (extra: Partial<CustomerAggregate> = {}, user: Partial<CustomerAggregate["user"]> = {}): CustomerAggregate => ({
  user: {
    id: "u1", email: "jack.thompson@example.com", firstName: "Jack", lastName: "Thompson", role: "customer", isDemo: false,
    isActive: true, verificationLevel: "full", createdAt: new Date(NOW.getTime() - 60 * DAY), ...user,
  },
  balance: 10000, betCount: 0, pendingBets: 0, wonBets: 0, lostBets: 0, voidBets: 0, totalStaked: 0, settledStakes: 0,
  totalReturned: 0, wonReturns: 0, lostStakes: 0, firstBetAt: null, lastBetAt: null, recentBets: 0, depositTotal: 0,
  withdrawalTotal: 0, bonusTotal: 0, favoriteMarkets: [], pendingLiability: 0, riskLevel: "low", riskScore: 0, openAlerts: 0,
  ...extra,
});
const recent = new Date(NOW.getTime() - DAY);

describe("segments", () => {
  it("puts 500.00 of lifetime stakes in High Value, whatever else", () => {
    expect(segmentOf(agg({ totalStaked: 50_000, lastBetAt: new Date(NOW.getTime() - 100 * DAY) }), NOW)).toBe("high_value");
    expect(segmentOf(agg({ totalStaked: 49_999, lastBetAt: recent, recentBets: 9 }), NOW)).toBe("regular");
  });

  it("puts lapsed and suspended customers At Risk", () => {
    expect(segmentOf(agg({ betCount: 3, lastBetAt: new Date(NOW.getTime() - 15 * DAY) }), NOW)).toBe("at_risk");
    expect(segmentOf(agg({}), NOW)).toBe("at_risk"); // never bet, joined 60 days ago
    expect(segmentOf(agg({ lastBetAt: recent, recentBets: 9 }, { isActive: false }), NOW)).toBe("at_risk");
  });

  it("splits active customers into Regular (5+ bets in 30 days) and Casual", () => {
    expect(segmentOf(agg({ lastBetAt: recent, recentBets: 5 }), NOW)).toBe("regular");
    expect(segmentOf(agg({ lastBetAt: recent, recentBets: 4 }), NOW)).toBe("casual");
    expect(segmentOf(agg({}, { createdAt: recent }), NOW)).toBe("casual"); // new, not yet bet
  });

  it("summarises each segment", () => {
    const list = [
      agg({ totalStaked: 60_000, settledStakes: 60_000, totalReturned: 20_000, betCount: 6, wonBets: 2, lostBets: 4 }),
      agg({ totalStaked: 2_000, settledStakes: 1_000, totalReturned: 0, betCount: 2, lostBets: 1, lastBetAt: recent, recentBets: 2 }),
    ];
    const s = segmentSummaries(list, NOW);
    expect(s.map((x) => x.id)).toEqual(["high_value", "regular", "casual", "at_risk"]);
    expect(s[0]).toMatchObject({ name: "High Value", count: 1, totalValue: 40_000, avgBet: 10_000, winRate: 33.3 });
    expect(s[2]).toMatchObject({ count: 1, totalValue: 1_000, avgBet: 1_000, winRate: 0 });
    expect(s[1].count).toBe(0);
  });
});

describe("customer profile", () => {
  it("computes the spec's profile fields", () => {
    const p = customerProfile(
      agg({ totalStaked: 10_000, betCount: 4, wonBets: 1, lostBets: 2, wonReturns: 5_000, lostStakes: 5_000, settledStakes: 7_500,
        totalReturned: 5_000, lastBetAt: recent, recentBets: 4, depositTotal: 20_000, bonusTotal: 1_000, riskScore: 42 }),
      NOW,
    );
    expect(p).toMatchObject({
      username: "jack.thompson", totalWon: 5_000, totalLost: 5_000, winRate: 33.3, avgStake: 2_500, ltv: 2_500,
      segment: "casual", kyc: "verified", vip: false, depositTotal: 20_000, bonusUsed: 1_000, riskScore: 42,
    });
  });

  it("searches username or email case-insensitively", () => {
    expect(matchesCustomerSearch({ username: "jack.thompson", email: "jack.thompson@example.com" }, "THOMP")).toBe(true);
    expect(matchesCustomerSearch({ username: "jack.thompson", email: "jack.thompson@example.com" }, "example.COM")).toBe(true);
    expect(matchesCustomerSearch({ username: "jack.thompson", email: "jack.thompson@example.com" }, "olivia")).toBe(false);
    expect(winRatePercent(0, 0)).toBe(0);
  });
});
