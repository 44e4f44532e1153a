/** The ledger, payments, the simulated provider's memory and bonus funds. */
import { TRANSACTION_KINDS } from "../../../domain/wallet/ledger.ts";
import { check, foreignKey, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns.ts";
import { sql } from "drizzle-orm";
import { users } from "./users.ts";

export const ledgerAccounts = sqliteTable(
  "ledger_accounts",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["wallet", "house", "promotions", "payments", "fantasy_pool", "fantasy_rake", "bonus"] }).notNull(),
    userId: text("user_id").references(() => users.id),
    /** Cached sum of this account's postings, updated in the same write as each posting. */
    balance: integer("balance").notNull().default(0),
    createdAt: createdAt(),
    /**
     * The last posting applied to the balance: a balance UPDATE must name a newer posting to this
     * account whose amount is the change, so only the postings trigger can move it (0024).
     */
    lastPostingId: integer("last_posting_id"),
    /**
     * The transaction of that posting: a posting of another transaction is refused while this one
     * is still open, so money of an unfinished transaction cannot move on (0054).
     */
    lastTransactionId: text("last_transaction_id"),
  },
  (t) => [
    uniqueIndex("ledger_accounts_user_wallet_uq").on(t.userId, t.kind),
    check(
      "ledger_accounts_kind_ck",
      sql`${t.kind} IN ('wallet','house','promotions','payments','fantasy_pool','fantasy_rake','bonus')`,
    ),
    // A customer wallet, bonus account or a contest's prize pool can never go below zero: the
    // database refuses the write, so a pool pays out at most what was paid in.
    check("ledger_accounts_wallet_nonneg_ck", sql`${t.kind} NOT IN ('wallet','fantasy_pool','bonus') OR ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = sqliteTable(
  "ledger_transactions",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: TRANSACTION_KINDS }).notNull(),
    reference: text("reference"),
    createdAt: createdAt(),
    createdBy: text("created_by"),
    /**
     * How many postings the transaction has (ledgerStatements declares it): the database keeps it
     * open until that many have arrived and sum to zero (0024). NULL: open until the sum is zero.
     */
    postingCount: integer("posting_count"),
  },
  (t) => [index("ledger_tx_reference_idx").on(t.reference)],
);

export const ledgerPostings = sqliteTable(
  "ledger_postings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: text("transaction_id").notNull().references(() => ledgerTransactions.id),
    accountId: text("account_id").notNull().references(() => ledgerAccounts.id),
    amount: integer("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_postings_account_idx").on(t.accountId),
    index("ledger_postings_tx_idx").on(t.transactionId),
    check("ledger_postings_nonzero_ck", sql`${t.amount} <> 0`),
  ],
);

/**
 * Always empty (a trigger refuses rows): the parent of the deferred foreign key below, so that an
 * open transaction left at COMMIT fails the commit (migrations/0024_ledger_invariants.sql).
 */
export const ledgerCommitBarrier = sqliteTable("ledger_commit_barrier", {
  transactionId: text("transaction_id").primaryKey(),
});

/**
 * A ledger transaction inserted in the current write whose postings do not sum to zero yet (or
 * has none): postings may be added only while it is here, and the write cannot commit until the
 * postings trigger has removed it. Empty between writes.
 */
export const ledgerOpenTransactions = sqliteTable(
  "ledger_open_transactions",
  {
    transactionId: text("transaction_id").primaryKey(),
    amountSum: integer("amount_sum").notNull().default(0),
    postingsSeen: integer("postings_seen").notNull().default(0),
    expectedPostings: integer("expected_postings"),
    lastPostingId: integer("last_posting_id"),
  },
  (t) => [
    // DEFERRABLE INITIALLY DEFERRED in the migration (drizzle cannot say it): checked at COMMIT.
    foreignKey({ columns: [t.transactionId], foreignColumns: [ledgerCommitBarrier.transactionId] }),
  ],
);

/**
 * Deposits and withdrawals at the payment provider (migration 0022: an outbox with states). Written
 * `pending` before the provider is asked; states only move forward (trigger payments_state_forward).
 */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    direction: text("direction", { enum: ["deposit", "withdrawal", "withdrawal_reversal"] }).notNull(),
    method: text("method", { enum: ["card", "paypal", "crypto", "bank"] }).notNull(),
    /** Charged to (or paid to) the payment method, cents. */
    amount: integer("amount").notNull(),
    fee: integer("fee").notNull().default(0),
    bonus: integer("bonus").notNull().default(0),
    state: text("state", { enum: ["awaiting_approval", "pending", "completed", "failed", "reversed", "rejected"] }).notNull(),
    providerReference: text("provider_reference"),
    /** Why it failed, was reversed or rejected (the provider's reason, a refused gate, the operator's reason). */
    failureReason: text("failure_reason"),
    /** A withdrawal's hold (wallet -> payments_held), written with the payment. */
    transactionId: text("transaction_id").references(() => ledgerTransactions.id),
    /** The transaction that completed the payment or returned the hold. */
    settleTransactionId: text("settle_transaction_id").references(() => ledgerTransactions.id),
    reviewedBy: text("reviewed_by"),
    reviewedAt: integer("reviewed_at"),
    reviewReason: text("review_reason"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
    /** A completed payment the provider reversed later (migration 0037): the transaction that undid it, when and why. */
    reversalTransactionId: text("reversal_transaction_id").references(() => ledgerTransactions.id),
    reversedAt: integer("reversed_at"),
    reversalReason: text("reversal_reason"),
  },
  (t) => [
    index("payments_user_idx").on(t.userId, t.direction, t.createdAt),
    index("payments_tx_idx").on(t.transactionId),
    index("payments_state_idx").on(t.state, t.createdAt),
    index("payments_completed_idx").on(t.state, t.updatedAt),
    check("payments_direction_ck", sql`${t.direction} IN ('deposit','withdrawal','withdrawal_reversal')`),
    check("payments_method_ck", sql`${t.method} IN ('card','paypal','crypto','bank')`),
    check("payments_amounts_ck", sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.fee} < ${t.amount} AND ${t.bonus} >= 0`),
    check("payments_state_ck", sql`${t.state} IN ('awaiting_approval','pending','completed','failed','reversed','rejected')`),
    check("payments_hold_ck", sql`${t.direction} <> 'withdrawal' OR ${t.transactionId} IS NOT NULL`),
    check("payments_approval_ck", sql`${t.state} NOT IN ('awaiting_approval','rejected') OR ${t.direction} = 'withdrawal'`),
  ],
);

/** The simulated payment provider's own memory (a stand-in for the provider's records), keyed by our payment id. */
export const simulatedProviderOperations = sqliteTable(
  "simulated_provider_operations",
  {
    kind: text("kind", { enum: ["charge", "refund", "payout"] }).notNull(),
    reference: text("reference").notNull(),
    method: text("method"),
    amount: integer("amount").notNull(),
    approved: integer("approved", { mode: "boolean" }).notNull(),
    providerReference: text("provider_reference"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.reference] }), check("simulated_provider_operations_kind_ck", sql`${t.kind} IN ('charge','refund','payout')`)],
);

/** The simulated provider's reversals of payments it completed (migration 0037), keyed by our payment id. */
export const simulatedProviderReversals = sqliteTable(
  "simulated_provider_reversals",
  {
    kind: text("kind", { enum: ["charge", "payout"] }).notNull(),
    reference: text("reference").notNull(),
    reason: text("reason").notNull(),
    reversedAt: integer("reversed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.reference] }), check("simulated_provider_reversals_kind_ck", sql`${t.kind} IN ('charge','payout')`)],
);

/** Accounts under investigation: withdrawals are held while a row exists (opening and closing are audited). */
export const accountInvestigations = sqliteTable("account_investigations", {
  userId: text("user_id").primaryKey().references(() => users.id),
  openedAt: integer("opened_at").notNull(),
  openedBy: text("opened_by").notNull(),
  reason: text("reason").notNull(),
});

/** The bonus wallet's settings (one row, migration 0032): wagering multiple (at most 10), minimum odds, expiry. */
export const bonusSettings = sqliteTable(
  "bonus_settings",
  {
    id: integer("id").primaryKey(),
    wageringMultiple: integer("wagering_multiple").notNull().default(10),
    minOddsMilli: integer("min_odds_milli").notNull().default(1500),
    expiryDays: integer("expiry_days").notNull().default(30),
  },
  (t) => [
    check("bonus_settings_one_row_ck", sql`${t.id} = 1`),
    check("bonus_settings_wagering_ck", sql`${t.wageringMultiple} BETWEEN 0 AND 10`),
    check("bonus_settings_min_odds_ck", sql`${t.minOddsMilli} >= 1000`),
    check("bonus_settings_expiry_ck", sql`${t.expiryDays} >= 1`),
  ],
);

/**
 * Each bonus credited to a bonus account (a trigger on the posting records it, migration 0032),
 * with its wagering requirement and expiry; closed once, released or expired.
 */
export const bonusGrants = sqliteTable(
  "bonus_grants",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    transactionId: text("transaction_id").notNull().references(() => ledgerTransactions.id),
    amount: integer("amount").notNull(),
    wageringRequired: integer("wagering_required").notNull(),
    minOddsMilli: integer("min_odds_milli").notNull(),
    grantedAt: integer("granted_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    status: text("status", { enum: ["active", "released", "expired"] }).notNull().default("active"),
    closedAt: integer("closed_at"),
    closedTransactionId: text("closed_transaction_id"),
  },
  (t) => [
    index("bonus_grants_user_idx").on(t.userId, t.status),
    index("bonus_grants_expiry_idx").on(t.status, t.expiresAt),
    check("bonus_grants_amount_ck", sql`${t.amount} > 0`),
    check("bonus_grants_wagering_ck", sql`${t.wageringRequired} >= 0`),
    check("bonus_grants_status_ck", sql`${t.status} IN ('active','released','expired')`),
  ],
);

/** One welcome offer (deposit bonus) per person: a claim per deposit carrying a bonus (trigger bonus_welcome_once). */
export const bonusWelcomeClaims = sqliteTable(
  "bonus_welcome_claims",
  {
    paymentId: text("payment_id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    identityKey: text("identity_key"),
    claimedAt: integer("claimed_at").notNull(),
    /** The upper-case form of the person's identity key (migration 0055). */
    identityUpperKey: text("identity_upper_key"),
  },
  (t) => [
    index("bonus_welcome_claims_user_idx").on(t.userId),
    index("bonus_welcome_claims_identity_idx").on(t.identityKey),
    index("bonus_welcome_claims_identity_upper_idx").on(t.identityUpperKey),
  ],
);
