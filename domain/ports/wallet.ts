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
import type { LimitPeriod, LimitSetting, LimitType, PeriodAmounts, PeriodLimits } from "../responsible/limits.ts";
import type { Exclusion } from "../responsible/exclusion.ts";
import type { Ports } from "./index.ts";

// ---- The payment provider (an outside service) ----

export type ProviderAnswer =
  | { approved: true; providerReference: string }
  | { approved: false; providerReference: string | null; reason: string };

export interface PaymentProvider {
  /** Take `amount` from the customer's payment method; `reference` (our payment id) is unique per charge. */
  charge(r: { reference: string; userId: string; method: PaymentMethodId; amount: Cents }): Promise<ProviderAnswer>;
  /** Give back a charge we could not book (e.g. the deposit write was refused). */
  refund(r: { reference: string; providerReference: string; amount: Cents }): Promise<ProviderAnswer>;
  /** Send `amount` to the customer's payment method. */
  payout(r: { reference: string; userId: string; method: PaymentMethodId; amount: Cents }): Promise<ProviderAnswer>;
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
  direction: "deposit" | "withdrawal" | "withdrawal_reversal";
  method: PaymentMethodId;
  amount: Cents;
  fee: Cents;
  bonus: Cents;
  providerReference: string | null;
  transactionId: string;
  createdAt: Date;
}

export interface DepositPlan {
  payment: PaymentRecord;
  deposit: LedgerTransaction;
  bonus: LedgerTransaction | null;
  walletAccountId: string;
  /** Re-checked inside the write: the customer is active and not excluded at `payment.createdAt`. */
  depositLimits: WindowLimit[];
  idempotency: { key: string; requestHash: string; response: unknown } | null;
}
export type DepositOutcome =
  | { kind: "deposited"; balance: Cents }
  /** A guard inside the write failed (limit, exclusion, suspension changed meanwhile): nothing written. */
  | { kind: "refused" }
  | { kind: "no_wallet" }
  | { kind: "duplicate_idempotency_key" };

export interface WithdrawalPlan {
  payment: PaymentRecord;
  transaction: LedgerTransaction;
  walletAccountId: string;
}
export type WithdrawalOutcome =
  | { kind: "withdrawn"; balance: Cents }
  | { kind: "insufficient_funds" }
  | { kind: "refused" }
  | { kind: "no_wallet" };

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
  payment: { method: PaymentMethodId; amount: Cents; fee: Cents } | null;
  /** For bet transactions: the first leg's selection and the number of legs. */
  bet: { selectionName: string; eventName: string; legs: number } | null;
}

export interface Payments {
  /** Payment record, deposit and bonus transactions, idempotency record: one write. */
  deposit(plan: DepositPlan): Promise<DepositOutcome>;
  /** Payment record and the wallet debit: one write; the wallet CHECK refuses an overdraft. */
  withdraw(plan: WithdrawalPlan): Promise<WithdrawalOutcome>;
  /** Book money back after the provider declined a payout (payment record and transaction, one write). */
  reverseWithdrawal(plan: WithdrawalPlan): Promise<Cents>;
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
  /** Returns minus stakes (bets and contests) on the wallet at or after `since`. */
  netWinLossSince(userId: string, since: Date): Promise<Cents>;
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
