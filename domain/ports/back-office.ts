/** The back office's reads and wallet postings (CRM, reports, payments, settlement candidates). */
import type { AuditEntry, BetRecord, BetType, DeadHeat, User } from "../shared/types.ts";
import type { LedgerTransaction } from "../wallet/ledger.ts";
import type { PaymentState } from "../wallet/payment-state.ts";
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

export interface SettlementCandidateLeg {
  legId: string;
  result: "pending" | "won" | "lost" | "void";
  oddsMilli: number;
  eventId: string;
  eventStatus: "upcoming" | "live" | "finished";
  sport: string;
  homeTeam: string;
  awayTeam: string;
  homeScore: number | null;
  awayScore: number | null;
  marketType: string;
  outcomeId: string;
  outcomeName: string;
  /** The outcome's position in its market (0-based) and the market's outcome count. */
  outcomeIndex: number;
  outcomeCount: number;
  /** The outcome's result as the match state (or an operator's score) decided it; optional for old callers. */
  outcomeResult?: "won" | "lost" | "void" | null;
  /** A dead heat recorded on the outcome (result won), and on the leg once graded (migration 0028). */
  outcomeDeadHeat?: DeadHeat | null;
  deadHeat?: DeadHeat | null;
  /** The result recorded on the leg's market by a settlement by market, if any. */
  marketResultKind?: "winner" | "void" | null;
  winningOutcomeId?: string | null;
}

export interface LedgerPaymentRecord {
  id: string;
  kind: "deposit" | "withdrawal" | "deposit_bonus" | "adjustment";
  /** Signed, from the wallet's point of view. */
  amount: number;
  reference: string | null;
  createdAt: Date;
  createdBy: string | null;
  user: { id: string; email: string; firstName: string; lastName: string };
  /**
   * For deposits and withdrawals booked through the payments table (the outbox, migration 0022):
   * the payment's id, method, state, the provider's reference and why it failed. Null for bonuses,
   * adjustments and ledger-only movements (the seed's), which are completed by being in the ledger.
   */
  payment: { id: string; method: string; state: PaymentState; providerReference: string | null; failureReason: string | null } | null;
}

export interface BackOffice {
  /** Every customer with their totals; recentBets counts bets in the 30 days before `now`. */
  customers(now: Date): Promise<CustomerAggregate[]>;
  /** Pending bets whose every leg is on a finished event, with what grading needs (sport filter optional). */
  settlementCandidates(sport?: string): Promise<{
    betId: string; userId: string; stake: number; betType: BetType; legs: SettlementCandidateLeg[]; sgmPrices?: Record<string, number> | null;
    /** Each-way terms, or a runner withdrawn from its race after it was struck (Rule 4): graded only by settling the race's market. */
    racingTerms?: boolean;
  }[]>;
  /**
   * Record a ledger transaction that moves a customer's wallet (an operator's bonus, a deposit, a
   * withdrawal) with its audit record when given, in one write; the wallet's balance after it. The
   * database refuses an overdraft (the write then fails as a whole).
   */
  postWalletTransaction(tx: LedgerTransaction, walletAccountId: string, audit: AuditEntry | null): Promise<number>;
  payments(filter: { kinds: LedgerPaymentRecord["kind"][]; userId?: string; since?: Date; until?: Date; limit: number }): Promise<LedgerPaymentRecord[]>;
  walletTotal(): Promise<number>;
  /** Bets placed on each event since `since` (count). */
  recentBetCounts(eventIds: readonly string[], since: Date): Promise<Map<string, number>>;
  /** Bets placed in a period with their legs, for reports. */
  betsBetween(from: Date, to: Date): Promise<(BetRecord & { customer: { email: string } })[]>;
  /** Legs on live or finished events: the odds taken and the closing price (the outcome's price at the event's start). */
  closingLines(): Promise<{ userId: string; betId: string; oddsMilli: number; closingMilli: number; settled: boolean }[]>;
  /** Audit records in a period (regulatory report). */
  auditBetween(from: Date, to: Date, limit: number): Promise<AuditEntry[]>;
}
