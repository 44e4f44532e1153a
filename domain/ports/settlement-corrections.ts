/** Market-level settlement corrections. */
import type { AuditEntry, DeadHeat } from "../shared/types.ts";
import type { LedgerTransaction } from "../wallet/ledger.ts";
import type { SettlementRefused } from "./bets.ts";
import type { ApprovalClaim } from "./approvals.ts";

/**
 * Market-level corrections (domain/settlement/correct-market.ts): a market's
 * result changed or withdrawn, and each bet on it re-graded in its own write.
 */

export interface BetCorrectionPlan {
  betId: string;
  userId: string;
  /** As read: the write is refused ("conflict") if the bet's status or counter changed meanwhile. */
  fromStatus: "pending" | "won" | "lost" | "void";
  fromCount: number;
  status: "pending" | "won" | "lost" | "void";
  /** null when the bet goes back to pending. */
  actualReturn: number | null;
  /** Every leg's result after the correction; a won leg that dead-heated carries its factor (written, or cleared when absent). */
  legResults: { legId: string; result: "pending" | "won" | "lost" | "void"; deadHeat?: DeadHeat | null }[];
  settledAt: Date | null;
  settledBy: string | null;
  /** The correcting transaction (new return - old return), with a debt posting for a shortfall. */
  correction: LedgerTransaction | null;
  /** The wallet balance the correction's split was computed from; the write is refused if it moved. */
  walletBalance: number | null;
  /** The bonus balance the split was computed from (the bonus share comes back from it); refused if it moved. */
  bonusBalance?: number | null;
  audit: AuditEntry;
}

export interface SettlementCorrections {
  /** The customer's wallet and bonus balances and what they owe (the debt account, as a positive amount). */
  walletAndDebt(userId: string): Promise<{ wallet: number; bonus: number; owed: number }>;
  marketRevision(marketId: string): Promise<number | null>;
  /** Change or withdraw (kind null) a market's result with its audit record, raising its revision by one. */
  changeMarketResult(
    change: {
      marketId: string; fromRevision: number; kind: "winner" | "void" | null; winningOutcomeId: string | null; at: Date; by: string;
      /** Every outcome's result (a dead heat with its factor); absent: only stale dead-heat factors are cleared. */
      outcomeResults?: readonly { outcomeId: string; result: "won" | "lost" | "void"; deadHeat?: DeadHeat | null }[] | null;
      /** Each way: the placed runners (null clears them). */
      placed?: readonly { outcomeId: string; deadHeat?: DeadHeat | null }[] | null;
      /** Why: an unsettled market (kind null) is held under review with it; a result ends the review. */
      reason?: string;
      /** Four eyes: the approval it applies, decided in this write. */
      approval?: ApprovalClaim | null;
    },
    audit: AuditEntry,
  ): Promise<"changed" | "conflict" | "approval_decided">;
  /**
   * One bet's correction in one write: status, legs, correcting postings (debt included) and audit;
   * `{ refused }` when a guard on the bet refuses the new figures (its return above its potential
   * return), nothing written.
   */
  correctBet(plan: BetCorrectionPlan): Promise<"corrected" | "conflict" | SettlementRefused>;
}
