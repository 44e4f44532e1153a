/** Payments: deposits, withdrawals and the wallet's history. */
import type { Reach } from "../shared/reach.ts";
import type { AuditEntry } from "../shared/types.ts";
import type { Cents } from "../shared/money.ts";
import type { LedgerTransaction, TransactionKind } from "../wallet/ledger.ts";
import type { PaymentDirection, PaymentState } from "../wallet/payment-state.ts";
import type { PaymentMethodId } from "../wallet/payment-methods.ts";

/** A rolling window's limit the write re-checks: gross deposits after `since` plus this one must stay within `limit`. */
export interface WindowLimit {
  since: Date;
  limit: Cents;
}

export interface PaymentRecord {
  id: string;
  userId: string;
  direction: PaymentDirection;
  method: PaymentMethodId;
  amount: Cents;
  fee: Cents;
  bonus: Cents;
  state: PaymentState;
  providerReference: string | null;
  failureReason: string | null;
  /** A withdrawal's hold (wallet -> payments_held), written with the payment; null for a deposit. */
  transactionId: string | null;
  /** The transaction that completed the payment or returned its hold. */
  settleTransactionId: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  reviewReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** A completed payment reversed later (migration 0037): the transaction that undid it, when and why. */
  reversalTransactionId?: string | null;
  reversedAt?: Date | null;
  reversalReason?: string | null;
}

/** What a reversal is computed from, read before its write (and re-checked inside it). */
export interface ReversalContext {
  wallet: Cents;
  bonus: Cents;
  /** The bonus grants the deposit earned (deposit_bonus with the payment as reference). */
  grants: { id: string; amount: Cents; status: "active" | "released" | "expired" }[];
}

/**
 * completed -> reversed with its ledger transaction and audit record, in one write guarded by
 * "still completed" and by the balances the split was computed from.
 */
export interface PaymentReversalPlan {
  paymentId: string;
  userId: string;
  at: Date;
  reason: string;
  tx: LedgerTransaction;
  expected: { wallet: Cents; bonus: Cents };
  /** The deposit's active bonus grants, closed by the reversal (their money removed in `tx`). */
  closeGrantIds: string[];
  audit: AuditEntry;
}

export type ReversalOutcome = { kind: "reversed"; balance: Cents } | { kind: "stale" };

export interface OpenDepositPlan {
  /** State pending, no ledger transaction yet. */
  payment: PaymentRecord;
  /** Re-checked inside the write, counting pending and completed deposits. */
  depositLimits: WindowLimit[];
  idempotency: { key: string; requestHash: string; response: unknown } | null;
}

export type OpenDepositOutcome =
  | { kind: "opened" }
  /** A guard inside the write failed (limit, exclusion, suspension changed meanwhile): nothing written. */
  | { kind: "refused" }
  | { kind: "no_wallet" }
  | { kind: "duplicate_idempotency_key" };

export interface OpenWithdrawalPlan {
  /** State pending or awaiting_approval, with transactionId = hold.id. */
  payment: PaymentRecord;
  /** wallet -> payments_held. */
  hold: LedgerTransaction;
  walletAccountId: string;
}

export type OpenWithdrawalOutcome =
  | { kind: "opened"; balance: Cents }
  | { kind: "insufficient_funds" }
  /** The account is under investigation: nothing written. */
  | { kind: "under_investigation" }
  | { kind: "no_wallet" };

/**
 * One forward move of a payment's state, with the ledger transactions that go with it, in one
 * write guarded by "the payment is still in state `from`": whoever moves it second (the request,
 * the reconciler, a second operator) writes nothing.
 */
export interface PaymentTransition {
  paymentId: string;
  userId: string;
  from: PaymentState;
  to: PaymentState;
  at: Date;
  providerReference?: string | null;
  failureReason?: string | null;
  /** Recorded as settle_transaction_id (completion, or the hold returned). */
  settle?: LedgerTransaction | null;
  /** Written in the same batch (a deposit bonus). */
  extra?: LedgerTransaction[];
  review?: { by: string; reason: string | null };
  audit?: AuditEntry | null;
  /** Refuse the move while the account is under investigation (approving a withdrawal). */
  requireNotUnderInvestigation?: boolean;
  walletAccountId: string;
}

export type TransitionOutcome =
  | { kind: "moved"; balance: Cents }
  /** The payment was no longer in `from`: someone else moved it; nothing written. */
  | { kind: "stale" }
  | { kind: "under_investigation" };

export interface PaymentFilter {
  userId?: string;
  direction?: "deposit" | "withdrawal";
  states?: readonly PaymentState[];
  /** Only payments created at or before this (the reconciler's grace). */
  createdBefore?: Date;
  /** Only payments last changed at or after this (the reconciler's window for reversals). */
  updatedAfter?: Date;
  limit: number;
  /** A staff member's screen: only the payments of the customers within this reach (the demo sandbox). */
  reach?: Reach;
}

export interface WalletHistoryFilter {
  /** null = every kind. */
  kinds: readonly TransactionKind[] | null;
  from: Date | null;
  to: Date | null;
  limit: number;
}

export interface WalletHistoryItem {
  transactionId: string;
  kind: TransactionKind;
  /** The wallet's side of the transaction: credits positive, debits negative. */
  amount: Cents;
  balanceAfter: Cents;
  createdAt: Date;
  reference: string | null;
  /** For deposits and withdrawals. */
  payment: { method: PaymentMethodId; amount: Cents; fee: Cents; state: PaymentState; providerReference: string | null } | null;
  /** For bet transactions: the first leg's selection and the number of legs. */
  bet: { selectionName: string; eventName: string; legs: number } | null;
}

export interface Investigation {
  userId: string;
  openedAt: Date;
  openedBy: string;
  reason: string;
}

export interface Payments {
  /** The pending payment record (and idempotency record), guarded by the deposit gates: one write. */
  openDeposit(plan: OpenDepositPlan): Promise<OpenDepositOutcome>;
  /** The payment record and its hold: one write; the wallet CHECK refuses an overdraft. */
  openWithdrawal(plan: OpenWithdrawalPlan): Promise<OpenWithdrawalOutcome>;
  transition(t: PaymentTransition): Promise<TransitionOutcome>;
  reversalContext(paymentId: string, userId: string): Promise<ReversalContext>;
  reverse(plan: PaymentReversalPlan): Promise<ReversalOutcome>;
  find(id: string): Promise<PaymentRecord | null>;
  list(filter: PaymentFilter): Promise<PaymentRecord[]>;
  /** Withdrawals strictly above this (cents) wait for an operator (risk_settings.withdrawal_approval_threshold). */
  approvalThreshold(): Promise<Cents>;
  investigation(userId: string): Promise<Investigation | null>;
  /** Open (or with null, close) an investigation with its audit record, in one write. */
  setInvestigation(userId: string, open: Investigation | null, audit: AuditEntry): Promise<void>;
  history(userId: string, filter: WalletHistoryFilter): Promise<WalletHistoryItem[]>;
}
