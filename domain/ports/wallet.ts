/**
 * Ports of the customer wallet, responsible gambling, cash out and same game multi work (issue 3).
 * libSQL (and adapters/payments for the provider) implement them; the memory store implements
 * `responsible`, which placement needs. Use cases that need them take a `WalletCtx`.
 */
import type { Ctx } from "../shared/context.ts";
import type { Cents } from "../shared/money.ts";
import type { AuditEntry } from "../shared/types.ts";
import type { LedgerTransaction, TransactionKind } from "../wallet/ledger.ts";
import type { PaymentMethodId } from "../wallet/payment-methods.ts";
import type { PaymentDirection, PaymentState } from "../wallet/payment-state.ts";
import type { LimitPeriod, LimitSetting, LimitType, PeriodAmounts, PeriodLimits } from "../responsible/limits.ts";
import type { Exclusion } from "../responsible/exclusion.ts";
import type { Ports } from "./index.ts";
import type { MarketType } from "../shared/types.ts";
import type { MatchModel, MatchState } from "../pricing/state.ts";

// ---- The payment provider (an outside service) ----

export type ProviderAnswer =
  | { approved: true; providerReference: string }
  | { approved: false; providerReference: string | null; reason: string };

export type ProviderOperation = "charge" | "refund" | "payout";

export interface PaymentProvider {
  /**
   * Take `amount` from the customer's payment method. `reference` (our payment id) is the
   * idempotency key: asking again with it returns the first answer and never charges twice.
   */
  charge(r: { reference: string; userId: string; method: PaymentMethodId; amount: Cents }): Promise<ProviderAnswer>;
  /** Give back a charge we could not book. Idempotent by `reference`. */
  refund(r: { reference: string; providerReference: string; amount: Cents }): Promise<ProviderAnswer>;
  /** Send `amount` to the customer's payment method. Idempotent by `reference`: never pays twice. */
  payout(r: { reference: string; userId: string; method: PaymentMethodId; amount: Cents }): Promise<ProviderAnswer>;
  /** What the provider did for `reference`, or null when it never received that request. */
  lookup(kind: ProviderOperation, reference: string): Promise<ProviderAnswer | null>;
  /**
   * Whether a charge or payout the provider completed was reversed afterwards (a chargeback, a
   * payout the bank returned), or null. Keyed by our payment id, like everything else.
   */
  reversalOf(kind: "charge" | "payout", reference: string): Promise<ProviderReversal | null>;
}

export interface ProviderReversal {
  reason: string;
  at: Date;
}

// ---- Payments: deposits, withdrawals and the wallet's history ----

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

// ---- Responsible gambling ----

export interface ResponsibleSnapshot {
  /** Stored settings (a pending change may already be due: read them through effectiveLimit). */
  limits: Record<LimitType, PeriodLimits>;
  limitPromptAnswered: boolean;
  exclusions: Exclusion[];
  /** Gross deposits in each rolling window ending at `now`. */
  deposited: PeriodAmounts;
  /** Stakes minus returns (bets and contests) in each rolling window ending at `now`; negative after net wins. */
  netLoss: PeriodAmounts;
  /** The national self-exclusion register's stored answer for the account (null: never asked); absent when not kept. */
  register?: { listed: boolean; checkedAt: Date } | null;
}

/**
 * What a wager is checked against, read in one go on the placement path: the exclusions in force at
 * `now`, the stored loss limits, and the net loss in each window. The net loss is only needed
 * against a loss limit, so without any stored loss limit it may be reported as zeros.
 */
export interface WagerSnapshot {
  exclusions: Exclusion[];
  lossLimits: PeriodLimits;
  netLoss: PeriodAmounts;
  /** As in ResponsibleSnapshot. */
  register?: { listed: boolean; checkedAt: Date } | null;
}

export interface LimitWrite {
  userId: string;
  type: LimitType;
  period: LimitPeriod;
  /** The stored setting this replaces: nothing is written when it changed meanwhile. */
  expected: LimitSetting;
  next: LimitSetting;
  at: Date;
  audit: AuditEntry;
}

export interface ResponsibleGambling {
  snapshot(userId: string, now: Date): Promise<ResponsibleSnapshot>;
  wagerSnapshot(userId: string, now: Date): Promise<WagerSnapshot>;
  /** false (nothing written) when the stored setting is no longer `expected`. Setting a deposit limit answers the prompt. */
  saveLimit(w: LimitWrite): Promise<boolean>;
  declineLimitPrompt(userId: string, at: Date, audit: AuditEntry): Promise<void>;
  /**
   * Exclusions are only ever added (a trigger refuses other updates and deletes). `linked`: the
   * same exclusion copied onto other accounts of the same person, in the same write.
   */
  addExclusion(userId: string, e: Exclusion, audit: AuditEntry, linked?: { userId: string; exclusion: Exclusion }[]): Promise<void>;
  /**
   * Record the customer's request to return after self-exclusion on these exclusions (past their
   * period, not asked yet), with the end of the cooling-off; false (nothing written) when any of them changed.
   */
  requestReturn?(userId: string, r: { exclusionIds: string[]; requestedAt: Date; accessAt: Date }, audit: AuditEntry): Promise<boolean>;
}

export interface SessionRecord {
  sessionId: string;
  startedAt: Date;
  /** Last request seen on the session (its start when none since). */
  lastSeenAt: Date;
}
export interface SessionActivity {
  /** Note activity on a session at `at` (cheap; repeated calls within a minute may write nothing). */
  touch(sessionId: string, at: Date): Promise<void>;
  /** The session's start, or null when it does not exist. */
  startOf(sessionId: string): Promise<Date | null>;
  /** The user's sessions active at or after `since`, and the longest session ever (ms). */
  recent(userId: string, since: Date): Promise<{ sessions: SessionRecord[]; longestMs: number }>;
  /**
   * Returns minus stakes (bets and contests) on the wallet at or after `since`, leaving out the stakes
   * of bets still pending and the fees of contest entries not resolved yet (not lost yet: issue 22); those are `openStakes`.
   */
  netWinLossSince(userId: string, since: Date): Promise<{ net: Cents; openStakes: Cents }>;
}

// ---- Cash out ----

export interface CashOutQuote {
  id: string;
  betId: string;
  userId: string;
  amount: Cents;
  createdAt: Date;
  expiresAt: Date;
  /** The current price of every leg when quoted; accepting requires them unchanged. */
  legPrices: { outcomeId: string; priceMilli: number }[];
}

export interface CashOutPlan {
  quote: CashOutQuote;
  at: Date;
  /** house -> wallet for the amount; null when the amount is 0. */
  transaction: LedgerTransaction | null;
  walletAccountId: string;
  audit: AuditEntry;
}
export type CashOutOutcome =
  | { kind: "cashed_out"; balance: Cents }
  | { kind: "not_pending" }
  /** Quote expired, bet not the customer's, a market not open or a price moved: nothing written. */
  | { kind: "refused" };

export interface CashOuts {
  saveQuote(q: CashOutQuote): Promise<void>;
  findQuote(id: string): Promise<CashOutQuote | null>;
  /** Bet status and return, ledger transaction and audit record in one write, guarded by the quote. */
  accept(plan: CashOutPlan): Promise<CashOutOutcome>;
}

// ---- Same game multis ----

export interface SameGameMultiCombination {
  eventId: string;
  /** Sorted outcome ids. */
  outcomeIds: string[];
  punters: number;
}
export interface SameGameMultis {
  /** Combinations customers have placed as same game multis on events not finished, most placed first. */
  popular(limit: number): Promise<SameGameMultiCombination[]>;
  /** How many same game multis were placed on exactly each combination (outcome ids, any order). */
  punters(combinations: readonly (readonly string[])[]): Promise<number[]>;
  /** What the bet builder's pricer needs of each outcome: its market, code and line, and the event's model and state. */
  legInputs(outcomeIds: readonly string[]): Promise<SgmLegInput[]>;
}

export interface SgmLegInput {
  outcomeId: string;
  marketId: string;
  marketType: MarketType;
  line: number | null;
  code: string | null;
  /** Every outcome code of the market, in display order. */
  marketCodes: string[];
  eventId: string;
  /** The event's pricing model and state (JSON columns); null when the event has none. */
  model: MatchModel | null;
  state: MatchState | null;
}

export interface WalletPorts {
  paymentProvider: PaymentProvider;
  payments: Payments;
  responsible: ResponsibleGambling;
  sessionActivity: SessionActivity;
  cashOuts: CashOuts;
  sameGameMultis: SameGameMultis;
}

/** The context of the wallet, responsible gambling and cash-out use cases. */
export type WalletCtx = Ctx & { ports: Ports & WalletPorts };

/**
 * A port that the context must carry. libsqlPorts wires all of them; a context without one is a
 * wiring bug, so this throws rather than letting a use case skip a check.
 */
export function portOf<K extends keyof WalletPorts>(ctx: Ctx, name: K): WalletPorts[K] {
  const p = (ctx.ports as Partial<WalletPorts>)[name];
  if (!p) throw new Error(`The ${name} port is not wired`);
  return p as WalletPorts[K];
}
