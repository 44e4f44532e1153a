/** Bets: placement, reading, settlement and totals. */
import type { AuditEntry, BetRecord, DeadHeat } from "../shared/types.ts";
import type { LedgerTransaction } from "../wallet/ledger.ts";
import type { WagerGuards } from "./wager-guards.ts";

export interface PlacementPlan {
  bet: Omit<BetRecord, "legs" | "actualReturn" | "settledAt">;
  legs: BetRecord["legs"];
  stakeTransaction: LedgerTransaction;
  walletAccountId: string;
  idempotency: { key: string; requestHash: string; response: unknown } | null;
  /**
   * Re-checked inside the write (libSQL): the customer is active and not excluded at `at`, and net
   * losses after each window's `since` plus the stake stay within its limit. Absent: not checked.
   */
  guards?: WagerGuards;
}

export type PlacementOutcome =
  | { kind: "placed"; balance: number }
  /** A guard inside the write failed (suspension, exclusion, loss limit): nothing written. */
  | { kind: "refused" }
  | { kind: "odds_changed" }
  | { kind: "insufficient_funds" }
  | { kind: "no_wallet" }
  | { kind: "duplicate_idempotency_key" }
  /** The write's own limit checks (migration 0026): an outcome past its market's limit, or a payout ceiling. */
  | { kind: "liability_limit" }
  /** An event past its own limit (migration 0062). */
  | { kind: "event_limit" }
  | { kind: "max_payout" };

export interface SettlementPlan {
  betId: string;
  status: "won" | "lost" | "void";
  actualReturn: number;
  settledAt: Date;
  settledBy: string;
  legResults: { legId: string; result: "won" | "lost" | "void"; deadHeat?: DeadHeat | null }[];
  payout: LedgerTransaction | null;
  audit: AuditEntry;
}

export interface BetTotals {
  totalBets: number;
  pendingBets: number;
  wonBets: number;
  lostBets: number;
  voidBets: number;
  totalStaked: number;
  totalReturned: number;
  settledStakes: number;
  openLiability: number;
}

/**
 * A settlement a database guard refused (the return above the bet's potential return, a ledger
 * check): nothing was written; `code` names the guard (e.g. BET.RETURN_ABOVE_POTENTIAL).
 */
export interface SettlementRefused {
  refused: string;
}

export interface Bets {
  /** Bet, legs, stake postings, cached balance and idempotency record in one write. */
  place(plan: PlacementPlan): Promise<PlacementOutcome>;
  findById(id: string): Promise<BetRecord | null>;
  listForUser(userId: string, limit: number): Promise<BetRecord[]>;
  listAll(
    limit: number,
    status?: "pending" | "settled",
  ): Promise<(BetRecord & { customer: { firstName: string; lastName: string; email: string } })[]>;
  /**
   * Status, leg results, payout postings and audit record in one write; "not_pending" if already
   * settled, "not_found" for an unknown bet, `{ refused }` when a guard refuses it; in each case
   * nothing is written.
   */
  settle(plan: SettlementPlan): Promise<"settled" | "not_pending" | "not_found" | SettlementRefused>;
  /**
   * Many settlements in one write (settling a market): all of them, or, when any one of them is
   * refused (already settled, unknown, a guard), none ("conflict") so the caller settles them one by one.
   */
  settleMany(plans: readonly SettlementPlan[]): Promise<"settled" | "conflict">;
  totals(): Promise<BetTotals>;
}
