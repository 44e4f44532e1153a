/** Per-customer totals for CRM, insights and reports (split from the back office port). */
import type { Reach } from "../shared/reach.ts";
import type { User } from "../shared/types.ts";
import type { RiskLevel } from "../shared/risk-level.ts";

/** Per-customer totals from bets and the ledger, for CRM, insights and reports. */
export interface CustomerAggregate {
  user: User;
  balance: number;
  betCount: number;
  pendingBets: number;
  wonBets: number;
  lostBets: number;
  voidBets: number;
  totalStaked: number;
  /** Stakes of settled (non-pending) bets. */
  settledStakes: number;
  /** Returns paid on settled bets (won, void, cashed out). */
  totalReturned: number;
  /** Returns on won bets only. */
  wonReturns: number;
  lostStakes: number;
  firstBetAt: Date | null;
  lastBetAt: Date | null;
  /** Bets in the last 30 days. */
  recentBets: number;
  depositTotal: number;
  withdrawalTotal: number;
  bonusTotal: number;
  favoriteMarkets: string[];
  /** Potential returns of the customer's pending bets. */
  pendingLiability: number;
  riskLevel: RiskLevel;
  riskScore: number;
  openAlerts: number;
}

export interface CustomerAggregates {
  /** Every customer within `reach` with their totals; recentBets counts bets in the 30 days before `now`. */
  customers(now: Date, reach: Reach): Promise<CustomerAggregate[]>;
}
