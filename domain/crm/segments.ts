/**
 * CRM segments and customer profiles, from each customer's real bets and wallet payments.
 *
 * Segment rules, applied in this order (a customer is in exactly one):
 *   1. high_value ("High Value"): lifetime stakes of 500.00 or more.
 *   2. at_risk ("At Risk"): lapsing: no bet in the last 14 days (or never bet and joined over
 *      14 days ago), or an account that is suspended.
 *   3. regular ("Regular"): 5 or more bets in the last 30 days.
 *   4. casual ("Casual"): everyone else (new or occasional customers).
 * VIP = high value. Lifetime value (ltv) = stakes of settled bets minus what they paid back.
 */
import type { CustomerAggregate } from "../ports/index.ts";
import { kycStatusOf } from "../users/kyc.ts";

export type SegmentId = "high_value" | "regular" | "casual" | "at_risk";

export const SEGMENT_RULES = {
  highValueStakes: 50_000,
  lapsedAfterMs: 14 * 86_400_000,
  regularRecentBets: 5,
} as const;

export const SEGMENTS: { id: SegmentId; name: string; rule: string }[] = [
  { id: "high_value", name: "High Value", rule: "Lifetime stakes of 500.00 or more" },
  { id: "regular", name: "Regular", rule: "5 or more bets in the last 30 days" },
  { id: "casual", name: "Casual", rule: "Fewer than 5 bets in the last 30 days, still active" },
  { id: "at_risk", name: "At Risk", rule: "No bet in 14 days (or never bet after 14 days), or suspended" },
];

export function segmentOf(c: CustomerAggregate, now: Date): SegmentId {
  if (c.totalStaked >= SEGMENT_RULES.highValueStakes) return "high_value";
  const last = c.lastBetAt ?? null;
  const cutoff = now.getTime() - SEGMENT_RULES.lapsedAfterMs;
  const lapsed = last ? last.getTime() < cutoff : c.user.createdAt.getTime() < cutoff;
  if (lapsed || !c.user.isActive) return "at_risk";
  if (c.recentBets >= SEGMENT_RULES.regularRecentBets) return "regular";
  return "casual";
}

/** Won / (won + lost) as a percentage with one decimal; 0 with nothing settled. */
export const winRatePercent = (won: number, lost: number) => (won + lost === 0 ? 0 : Math.round((won / (won + lost)) * 1000) / 10);

export interface CustomerProfileView {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  joinDate: Date;
  isActive: boolean;
  balance: number;
  totalStaked: number;
  totalWon: number;
  totalLost: number;
  betCount: number;
  pendingBets: number;
  winRate: number;
  avgStake: number;
  favoriteMarkets: string[];
  riskScore: number;
  ltv: number;
  segment: SegmentId;
  kyc: "verified" | "pending" | "rejected";
  vip: boolean;
  lastActivity: Date | null;
  depositTotal: number;
  withdrawalTotal: number;
  bonusUsed: number;
}

export const usernameOf = (email: string) => email.split("@")[0];

export function customerProfile(c: CustomerAggregate, now: Date): CustomerProfileView {
  const segment = segmentOf(c, now);
  return {
    id: c.user.id,
    username: usernameOf(c.user.email),
    email: c.user.email,
    firstName: c.user.firstName,
    lastName: c.user.lastName,
    joinDate: c.user.createdAt,
    isActive: c.user.isActive,
    balance: c.balance,
    totalStaked: c.totalStaked,
    totalWon: c.wonReturns,
    totalLost: c.lostStakes,
    betCount: c.betCount,
    pendingBets: c.pendingBets,
    winRate: winRatePercent(c.wonBets, c.lostBets),
    avgStake: c.betCount === 0 ? 0 : Math.round(c.totalStaked / c.betCount),
    favoriteMarkets: c.favoriteMarkets,
    riskScore: c.riskScore,
    ltv: c.settledStakes - c.totalReturned,
    segment,
    kyc: kycStatusOf(c.user.verificationLevel),
    vip: segment === "high_value",
    lastActivity: c.lastBetAt,
    depositTotal: c.depositTotal,
    withdrawalTotal: c.withdrawalTotal,
    bonusUsed: c.bonusTotal,
  };
}

export interface SegmentSummary {
  id: SegmentId;
  name: string;
  rule: string;
  count: number;
  totalValue: number;
  avgBet: number;
  winRate: number;
}

export function segmentSummaries(customers: readonly CustomerAggregate[], now: Date): SegmentSummary[] {
  return SEGMENTS.map((s) => {
    const members = customers.filter((c) => segmentOf(c, now) === s.id);
    const bets = members.reduce((n, c) => n + c.betCount, 0);
    const staked = members.reduce((n, c) => n + c.totalStaked, 0);
    return {
      ...s,
      count: members.length,
      totalValue: members.reduce((n, c) => n + (c.settledStakes - c.totalReturned), 0),
      avgBet: bets === 0 ? 0 : Math.round(staked / bets),
      winRate: winRatePercent(members.reduce((n, c) => n + c.wonBets, 0), members.reduce((n, c) => n + c.lostBets, 0)),
    };
  });
}

/** The product spec's customer search: case-insensitive substring of the username or email. */
export const matchesCustomerSearch = (p: { username: string; email: string }, search: string) => {
  const q = search.trim().toLowerCase();
  return q === "" || p.username.toLowerCase().includes(q) || p.email.toLowerCase().includes(q);
};
