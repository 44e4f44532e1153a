/**
 * The database schema (drizzle, SQLite dialect for libSQL). Money columns are integer cents; odds
 * columns are integer thousandths. Invariants the database itself enforces are written as CHECKs
 * here and as triggers in the custom migration (see migrations/*_guards.sql).
 */
import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { TRANSACTION_KINDS } from "../../domain/wallet/ledger.ts";

const createdAt = () => integer("created_at").notNull();

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    role: text("role", { enum: ["admin", "customer", "trader"] }).notNull(),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    verificationLevel: text("verification_level", { enum: ["none", "basic", "full"] }).notNull().default("none"),
    passwordHash: text("password_hash"),
    createdAt: createdAt(),
    /** YYYY-MM-DD from registration (confirmed by basic verification); null for demo and seeded users. */
    dateOfBirth: text("date_of_birth"),
    /** Address confirmed by basic verification. */
    addressLine1: text("address_line1"),
    addressCity: text("address_city"),
    addressPostcode: text("address_postcode"),
    addressCountry: text("address_country"),
  },
  (t) => [
    uniqueIndex("users_email_uq").on(t.email),
    check("users_role_ck", sql`${t.role} IN ('admin','customer','trader')`),
    check("users_verification_ck", sql`${t.verificationLevel} IN ('none','basic','full')`),
  ],
);

/** A user's settings; a user without a row has the defaults (domain/accounts/settings.ts). */
export const userSettings = sqliteTable(
  "user_settings",
  {
    userId: text("user_id").primaryKey().references(() => users.id),
    oddsFormat: text("odds_format", { enum: ["decimal", "fractional", "american"] }).notNull().default("decimal"),
    priceChangePolicy: text("price_change_policy", { enum: ["refuse", "accept_higher", "accept_any"] }).notNull().default("refuse"),
    realityCheckMinutes: integer("reality_check_minutes").notNull().default(60),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    check("user_settings_odds_format_ck", sql`${t.oddsFormat} IN ('decimal','fractional','american')`),
    check("user_settings_price_policy_ck", sql`${t.priceChangePolicy} IN ('refuse','accept_higher','accept_any')`),
    check("user_settings_reality_check_ck", sql`${t.realityCheckMinutes} IN (0,30,60,90,120)`),
  ],
);

/** Teams a customer follows (their events are shown first on /betting). */
export const follows = sqliteTable(
  "follows",
  {
    userId: text("user_id").notNull().references(() => users.id),
    team: text("team").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.team] })],
);

/** Every sign-in attempt, for throttling that all server instances share. Old rows are pruned. */
export const signInAttempts = sqliteTable(
  "sign_in_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    ip: text("ip"),
    success: integer("success", { mode: "boolean" }).notNull(),
    at: integer("at").notNull(),
  },
  (t) => [
    index("sign_in_attempts_email_idx").on(t.email, t.at),
    index("sign_in_attempts_ip_idx").on(t.ip, t.at),
    index("sign_in_attempts_at_idx").on(t.at),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the opaque token in the cookie; the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
    /** The client's address when the session started; null if unknown. */
    ip: text("ip"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_ip_idx").on(t.ip)],
);

/**
 * Every session started with a known address (sign-in, registration, demo login), kept after the
 * session is deleted; written by the sessions_record_address trigger, append-only (migration 0020).
 */
export const signInAddresses = sqliteTable(
  "sign_in_addresses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").notNull().references(() => users.id),
    ip: text("ip").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [
    index("sign_in_addresses_at_idx").on(t.at),
    index("sign_in_addresses_ip_idx").on(t.ip, t.at),
    index("sign_in_addresses_user_idx").on(t.userId, t.at),
  ],
);

export const sports = sqliteTable("sports", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  sortOrder: integer("sort_order").notNull(),
  hasDraw: integer("has_draw", { mode: "boolean" }).notNull(),
});

export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    sport: text("sport").notNull().references(() => sports.code),
    league: text("league").notNull(),
    homeTeam: text("home_team").notNull(),
    awayTeam: text("away_team").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    startTime: integer("start_time").notNull(),
    status: text("status", { enum: ["upcoming", "live", "finished"] }).notNull(),
    minute: integer("minute"),
    homeScore: integer("home_score"),
    awayScore: integer("away_score"),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    updatedAt: integer("updated_at").notNull(),
    /** Migration 0021: the match state and model (JSON, domain/pricing/state.ts) the feed plays and prices. */
    state: text("state"),
    model: text("model"),
    /** When the state was last advanced (ms). */
    stateAt: integer("state_at"),
    /** No bets before this time (ms): a score change, a race running. */
    suspendedUntil: integer("suspended_until"),
  },
  (t) => [
    index("events_status_start_idx").on(t.status, t.startTime),
    index("events_updated_idx").on(t.updatedAt),
    check("events_status_ck", sql`${t.status} IN ('upcoming','live','finished')`),
  ],
);

export const markets = sqliteTable(
  "markets",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id").notNull().references(() => events.id),
    type: text("type", {
      enum: ["full_time_result", "over_under", "handicap", "both_teams_score", "correct_score"],
    }).notNull(),
    name: text("name").notNull(),
    status: text("status", { enum: ["open", "suspended", "closed"] }).notNull(),
    sortOrder: integer("sort_order").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** Migration 0011: optional text of the Create New Market dialog. */
    description: text("description"),
    /** Per-market liability limit in cents (default 2,000,000.00, spec section 9). */
    liabilityLimit: integer("liability_limit").notNull().default(200_000_000),
    /** The result recorded by settlement by market (once): a winning outcome, or void. */
    resultKind: text("result_kind", { enum: ["winner", "void"] }),
    winningOutcomeId: text("winning_outcome_id"),
    settledAt: integer("settled_at"),
    settledBy: text("settled_by"),
    /** Migration 0029: raised by exactly one with each correction of the result (resettle / unsettle). */
    resultRevision: integer("result_revision").notNull().default(0),
    /** Migration 0021: an over/under's total or the home side's handicap. */
    line: real("line"),
    /** Migration 0035: each-way place terms (fraction num/den, places); all NULL = no each way. */
    ewFractionNum: integer("ew_fraction_num"),
    ewFractionDen: integer("ew_fraction_den"),
    ewPlaces: integer("ew_places"),
    /** Migration 0035: the placed runners of a settled market, JSON [{ outcomeId, deadHeat? }]. */
    placedResult: text("placed_result"),
  },
  (t) => [
    index("markets_event_idx").on(t.eventId),
    index("markets_updated_idx").on(t.updatedAt),
    check("markets_status_ck", sql`${t.status} IN ('open','suspended','closed')`),
    check("markets_limit_ck", sql`${t.liabilityLimit} > 0`),
    check("markets_result_kind_ck", sql`${t.resultKind} IS NULL OR ${t.resultKind} IN ('winner','void')`),
    check(
      "markets_each_way_ck",
      sql`(${t.ewFractionNum} IS NULL AND ${t.ewFractionDen} IS NULL AND ${t.ewPlaces} IS NULL) OR (${t.ewFractionNum} > 0 AND ${t.ewFractionDen} >= ${t.ewFractionNum} AND ${t.ewFractionDen} <= 100 AND ${t.ewPlaces} BETWEEN 1 AND 10)`,
    ),
  ],
);

export const outcomes = sqliteTable(
  "outcomes",
  {
    id: text("id").primaryKey(),
    marketId: text("market_id").notNull().references(() => markets.id),
    name: text("name").notNull(),
    priceMilli: integer("price_milli").notNull(),
    sortOrder: integer("sort_order").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** Migration 0021: what the outcome is (home, draw, over, yes, 2-1, other, r3; domain/pricing/state.ts). */
    code: text("code"),
    /** Migration 0021: decided by the match state: won, lost or void; null while open. */
    result: text("result", { enum: ["won", "lost", "void"] }),
    /** Migration 0028: a dead heat: result 'won' with the factor dead_heat_num / dead_heat_den (0 < num < den). */
    deadHeatNum: integer("dead_heat_num"),
    deadHeatDen: integer("dead_heat_den"),
  },
  (t) => [
    index("outcomes_market_idx").on(t.marketId),
    index("outcomes_updated_idx").on(t.updatedAt),
    check("outcomes_price_ck", sql`${t.priceMilli} >= 1010`),
    check(
      "outcomes_dead_heat_ck",
      sql`(${t.deadHeatNum} IS NULL AND ${t.deadHeatDen} IS NULL) OR (${t.deadHeatNum} > 0 AND ${t.deadHeatDen} > ${t.deadHeatNum} AND ${t.deadHeatDen} <= 1000000)`,
    ),
  ],
);

/**
 * Every price change of every outcome, appended by a trigger on outcomes (migration 0005), whoever
 * made it (the feed, a trader). Steam moves, boosts and price history are read from here.
 */
/** Migration 0035: Rule 4, a runner withdrawn from a race with its price and deduction (pence per pound) at the time. */
export const runnerWithdrawals = sqliteTable(
  "runner_withdrawals",
  {
    marketId: text("market_id").notNull().references(() => markets.id),
    outcomeId: text("outcome_id").primaryKey().references(() => outcomes.id),
    priceMilli: integer("price_milli").notNull(),
    deduction: integer("deduction").notNull(),
    withdrawnAt: integer("withdrawn_at").notNull(),
    withdrawnBy: text("withdrawn_by").notNull(),
  },
  (t) => [index("runner_withdrawals_market_idx").on(t.marketId, t.withdrawnAt), check("runner_withdrawals_deduction_ck", sql`${t.deduction} BETWEEN 0 AND 90`)],
);

export const priceChanges = sqliteTable(
  "price_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    outcomeId: text("outcome_id").notNull(),
    marketId: text("market_id").notNull(),
    oldPriceMilli: integer("old_price_milli").notNull(),
    newPriceMilli: integer("new_price_milli").notNull(),
    changedAt: integer("changed_at").notNull(),
  },
  (t) => [index("price_changes_outcome_idx").on(t.outcomeId, t.changedAt), index("price_changes_at_idx").on(t.changedAt)],
);

export const bets = sqliteTable(
  "bets",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    betType: text("bet_type", { enum: ["single", "multiple", "same_game_multi"] }).notNull(),
    stake: integer("stake").notNull(),
    totalOddsMilli: integer("total_odds_milli").notNull(),
    potentialReturn: integer("potential_return").notNull(),
    actualReturn: integer("actual_return"),
    status: text("status", { enum: ["pending", "won", "lost", "void", "cashed_out"] }).notNull(),
    placedAt: integer("placed_at").notNull(),
    settledAt: integer("settled_at"),
    settledBy: text("settled_by"),
    /** Migration 0011: raised by exactly one by each resettlement (the settle-once guard allows only that). */
    resettlementCount: integer("resettlement_count").notNull().default(0),
    /** Migration 0032: the part of the stake paid from the bonus account (0 <= bonus_stake <= stake). */
    bonusStake: integer("bonus_stake").notNull().default(0),
    /** Migration 0027: a same game multi's price per subset of its legs at placement (JSON; domain/pricing/sgm.ts). */
    sgmPrices: text("sgm_prices"),
    /** Migration 0035: an each-way bet's place terms at placement (stake = 2 x unit); all NULL = win only. */
    ewFractionNum: integer("ew_fraction_num"),
    ewFractionDen: integer("ew_fraction_den"),
    ewPlaces: integer("ew_places"),
  },
  (t) => [
    index("bets_user_placed_idx").on(t.userId, t.placedAt),
    index("bets_status_idx").on(t.status),
    index("bets_placed_idx").on(t.placedAt),
    index("bets_type_idx").on(t.betType, t.status),
    check("bets_stake_ck", sql`${t.stake} > 0`),
    check("bets_status_ck", sql`${t.status} IN ('pending','won','lost','void','cashed_out')`),
    check(
      "bets_each_way_ck",
      sql`(${t.ewFractionNum} IS NULL AND ${t.ewFractionDen} IS NULL AND ${t.ewPlaces} IS NULL) OR (${t.ewFractionNum} > 0 AND ${t.ewFractionDen} >= ${t.ewFractionNum} AND ${t.ewFractionDen} <= 100 AND ${t.ewPlaces} BETWEEN 1 AND 10)`,
    ),
  ],
);

export const betLegs = sqliteTable(
  "bet_legs",
  {
    id: text("id").primaryKey(),
    betId: text("bet_id").notNull().references(() => bets.id),
    legNo: integer("leg_no").notNull(),
    eventId: text("event_id").notNull().references(() => events.id),
    marketId: text("market_id").notNull().references(() => markets.id),
    outcomeId: text("outcome_id").notNull().references(() => outcomes.id),
    oddsMilli: integer("odds_milli").notNull(),
    result: text("result", { enum: ["pending", "won", "lost", "void"] }).notNull(),
    /** Names as they were at placement, so history reads the same after renames. */
    eventName: text("event_name").notNull(),
    marketName: text("market_name").notNull(),
    selectionName: text("selection_name").notNull(),
    /** Migration 0028: graded from a dead heat: result 'won' with the factor dead_heat_num / dead_heat_den. */
    deadHeatNum: integer("dead_heat_num"),
    deadHeatDen: integer("dead_heat_den"),
  },
  (t) => [
    index("bet_legs_bet_idx").on(t.betId),
    index("bet_legs_event_idx").on(t.eventId),
    check(
      "bet_legs_dead_heat_ck",
      sql`(${t.deadHeatNum} IS NULL AND ${t.deadHeatDen} IS NULL) OR (${t.deadHeatNum} > 0 AND ${t.deadHeatDen} > ${t.deadHeatNum} AND ${t.deadHeatDen} <= 1000000)`,
    ),
  ],
);

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

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    actorId: text("actor_id"),
    actorRole: text("actor_role").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    before: text("before"),
    after: text("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_entity_idx").on(t.entityType, t.entityId), index("audit_created_idx").on(t.createdAt)],
);

export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: text("user_id").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status").notNull(),
    responseBody: text("response_body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Always empty: a write asserts a condition by inserting (ok) here (database.ts assertStatement);
 * the CHECK aborts the whole batch when it is false. Migration 0002; its trigger removes the row.
 */
export const writeAssertions = sqliteTable(
  "write_assertions",
  { ok: integer("ok").notNull() },
  (t) => [check("write_assertion_failed", sql`${t.ok} = 1`)],
);

/** Named leases: which process leads the work that must run once (see adapters/libsql/lease.ts). */
export const leases = sqliteTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/** Rate-limit counters per bucket and fixed window (see api/middleware/rate-limit.ts). */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

// ---- Wallet and responsible gambling (issue 3, migration 0009) ----

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

/** One row per customer, limit type and period; a pending change has an effective time. */
export const responsibleLimits = sqliteTable(
  "responsible_limits",
  {
    userId: text("user_id").notNull().references(() => users.id),
    type: text("type", { enum: ["deposit", "loss"] }).notNull(),
    period: text("period", { enum: ["daily", "weekly", "monthly"] }).notNull(),
    /** The limit in force (cents); null = none. */
    amount: integer("amount"),
    /** The pending limit; null with an effective time = removal. */
    pendingAmount: integer("pending_amount"),
    pendingEffectiveAt: integer("pending_effective_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type, t.period] }),
    check("responsible_limits_type_ck", sql`${t.type} IN ('deposit','loss')`),
    check("responsible_limits_period_ck", sql`${t.period} IN ('daily','weekly','monthly')`),
    check("responsible_limits_amount_ck", sql`${t.amount} IS NULL OR ${t.amount} > 0`),
    check(
      "responsible_limits_pending_ck",
      sql`(${t.pendingEffectiveAt} IS NULL AND ${t.pendingAmount} IS NULL) OR (${t.pendingEffectiveAt} IS NOT NULL AND (${t.pendingAmount} IS NULL OR ${t.pendingAmount} > 0))`,
    ),
  ],
);

export const responsibleProfiles = sqliteTable("responsible_profiles", {
  userId: text("user_id").primaryKey().references(() => users.id),
  /** When the customer set a deposit limit or declined to, before their first deposit. */
  limitPromptAnsweredAt: integer("limit_prompt_answered_at"),
  limitPromptDeclined: integer("limit_prompt_declined", { mode: "boolean" }).notNull().default(false),
  updatedAt: integer("updated_at").notNull(),
});

/** Time-outs and self-exclusions; append-only (triggers), so none can be lifted or shortened. */
export const responsibleExclusions = sqliteTable(
  "responsible_exclusions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    kind: text("kind", { enum: ["timeout", "self_exclusion"] }).notNull(),
    startedAt: integer("started_at").notNull(),
    /** null = permanent. */
    endsAt: integer("ends_at"),
    reason: text("reason"),
    /** A self-exclusion past its end: when the customer asked to return, and when access returns (24 h later). Migration 0023. */
    returnRequestedAt: integer("return_requested_at"),
    returnAccessAt: integer("return_access_at"),
    /** Inherited from this account of the same person (null: the customer's own). */
    sourceUserId: text("source_user_id"),
  },
  (t) => [
    index("responsible_exclusions_user_idx").on(t.userId, t.endsAt),
    check("responsible_exclusions_kind_ck", sql`${t.kind} IN ('timeout','self_exclusion')`),
    check("responsible_exclusions_end_ck", sql`${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startedAt}`),
  ],
);

/** Each sign-in session's start and last seen request (kept after sign-out) for reality-check statistics. */
export const sessionActivity = sqliteTable(
  "session_activity",
  {
    sessionId: text("session_id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    startedAt: integer("started_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
  },
  (t) => [index("session_activity_user_idx").on(t.userId, t.lastSeenAt)],
);

/** Cash-out quotes, valid for 10 seconds; accepting one re-checks it inside the write. */
export const cashOutQuotes = sqliteTable(
  "cash_out_quotes",
  {
    id: text("id").primaryKey(),
    betId: text("bet_id").notNull().references(() => bets.id),
    userId: text("user_id").notNull(),
    amount: integer("amount").notNull(),
    /** JSON [{outcomeId, priceMilli}] of every leg's price when quoted. */
    legPrices: text("leg_prices").notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [
    index("cash_out_quotes_bet_idx").on(t.betId),
    index("cash_out_quotes_expires_idx").on(t.expiresAt),
    check("cash_out_quotes_amount_ck", sql`${t.amount} >= 0`),
  ],
);

// ---------- Fantasy sports (migration 0015_fantasy; its triggers are in that file) ----------

export const fantasySports = sqliteTable(
  "fantasy_sports",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    season: text("season").notNull(),
    status: text("status", { enum: ["active", "inactive", "completed"] }).notNull(),
    settings: text("settings").notNull().default("{}"),
    /** JSON: [{ slot, eligible: [positions] }] */
    roster: text("roster").notNull(),
    /** Whole fantasy dollars, not cents. */
    salaryCap: integer("salary_cap").notNull(),
    createdAt: createdAt(),
    createdBy: text("created_by"),
  },
  (t) => [
    uniqueIndex("fantasy_sports_name_season_uq").on(sql`lower(${t.name})`, sql`lower(${t.season})`),
    check("fantasy_sports_status_ck", sql`${t.status} IN ('active','inactive','completed')`),
    check("fantasy_sports_cap_ck", sql`${t.salaryCap} > 0`),
  ],
);

export const fantasyLeagues = sqliteTable(
  "fantasy_leagues",
  {
    id: text("id").primaryKey(),
    sportId: text("sport_id").notNull().references(() => fantasySports.id),
    name: text("name").notNull(),
    type: text("type").notNull(),
    format: text("format").notNull(),
    maxTeams: integer("max_teams").notNull(),
    entryFee: integer("entry_fee").notNull(),
    prizePool: integer("prize_pool").notNull(),
    seasonStart: text("season_start"),
    seasonEnd: text("season_end"),
    status: text("status", { enum: ["active", "upcoming", "completed"] }).notNull(),
    settings: text("settings").notNull().default("{}"),
    createdAt: createdAt(),
    createdBy: text("created_by"),
  },
  (t) => [
    index("fantasy_leagues_sport_idx").on(t.sportId),
    check("fantasy_leagues_teams_ck", sql`${t.maxTeams} BETWEEN 4 AND 20`),
    check("fantasy_leagues_money_ck", sql`${t.entryFee} >= 0 AND ${t.prizePool} >= 0`),
    check("fantasy_leagues_status_ck", sql`${t.status} IN ('active','upcoming','completed')`),
  ],
);

export const fantasyPlayers = sqliteTable(
  "fantasy_players",
  {
    id: text("id").primaryKey(),
    sportId: text("sport_id").notNull().references(() => fantasySports.id),
    name: text("name").notNull(),
    team: text("team").notNull(),
    position: text("position").notNull(),
    /** Whole fantasy dollars, not cents. */
    salary: integer("salary").notNull(),
    /** Hundredths of a point; null = no projection. */
    projectedX100: integer("projected_x100"),
    injuryStatus: text("injury_status", { enum: ["healthy", "questionable", "doubtful", "out"] }).notNull().default("healthy"),
    createdAt: createdAt(),
  },
  (t) => [
    index("fantasy_players_sport_position_idx").on(t.sportId, t.position),
    check("fantasy_players_salary_ck", sql`${t.salary} >= 0`),
    check("fantasy_players_projection_ck", sql`${t.projectedX100} IS NULL OR ${t.projectedX100} >= 0`),
    check("fantasy_players_injury_ck", sql`${t.injuryStatus} IN ('healthy','questionable','doubtful','out')`),
  ],
);

export const fantasyContests = sqliteTable(
  "fantasy_contests",
  {
    id: text("id").primaryKey(),
    sportId: text("sport_id").notNull().references(() => fantasySports.id),
    name: text("name").notNull(),
    type: text("type").notNull(),
    entryFee: integer("entry_fee").notNull(),
    /** The prize pool's floor: the pool is max(guarantee, fees - rake); the house pays the overlay at settlement. */
    guaranteedPrize: integer("guaranteed_prize").notNull().default(0),
    /** What the house moved into the pool at creation (the whole guarantee before migration 0025, 0 since). */
    guaranteeFunded: integer("guarantee_funded").notNull().default(0),
    maxEntries: integer("max_entries").notNull(),
    /** Multi-entry cap: entries one customer may have (migration 0025). */
    maxEntriesPerUser: integer("max_entries_per_user").notNull().default(1),
    minEntries: integer("min_entries").notNull(),
    currentEntries: integer("current_entries").notNull().default(0),
    rakePercent: integer("rake_percent").notNull(),
    /** JSON: basis points per paid place, best first, summing to 10000. */
    payoutTable: text("payout_table").notNull(),
    roster: text("roster").notNull(),
    salaryCap: integer("salary_cap").notNull(),
    startTime: integer("start_time").notNull(),
    endTime: integer("end_time").notNull(),
    status: text("status", { enum: ["open", "locked", "live", "settled", "cancelled"] }).notNull().default("open"),
    settings: text("settings").notNull().default("{}"),
    isPrivate: integer("is_private", { mode: "boolean" }).notNull().default(false),
    inviteCode: text("invite_code"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    lockedAt: integer("locked_at"),
    liveAt: integer("live_at"),
    scoredAt: integer("scored_at"),
    resolvedAt: integer("resolved_at"),
  },
  (t) => [
    index("fantasy_contests_status_start_idx").on(t.status, t.startTime),
    index("fantasy_contests_sport_idx").on(t.sportId),
    check("fantasy_contests_status_ck", sql`${t.status} IN ('open','locked','live','settled','cancelled')`),
    check("fantasy_contests_money_ck", sql`${t.entryFee} >= 0 AND ${t.guaranteedPrize} >= 0`),
    check("fantasy_contests_entries_ck", sql`${t.maxEntries} >= 1 AND ${t.minEntries} BETWEEN 1 AND ${t.maxEntries}`),
    check("fantasy_contests_full_ck", sql`${t.currentEntries} BETWEEN 0 AND ${t.maxEntries}`),
    check("fantasy_contests_rake_ck", sql`${t.rakePercent} BETWEEN 0 AND 50`),
    check("fantasy_contests_times_ck", sql`${t.endTime} > ${t.startTime}`),
    check("fantasy_contests_funded_ck", sql`${t.guaranteeFunded} >= 0`),
    check("fantasy_contests_per_user_ck", sql`${t.maxEntriesPerUser} >= 1 AND ${t.maxEntriesPerUser} <= ${t.maxEntries}`),
  ],
);

export const fantasyEntries = sqliteTable(
  "fantasy_entries",
  {
    id: text("id").primaryKey(),
    contestId: text("contest_id").notNull().references(() => fantasyContests.id),
    userId: text("user_id").notNull().references(() => users.id),
    /** JSON: player ids in roster-slot order. */
    lineup: text("lineup").notNull(),
    salaryUsed: integer("salary_used").notNull(),
    fee: integer("fee").notNull(),
    pointsX100: integer("points_x100").notNull().default(0),
    rank: integer("rank"),
    payout: integer("payout"),
    status: text("status", { enum: ["active", "won", "lost", "refunded"] }).notNull().default("active"),
    enteredAt: integer("entered_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("fantasy_entries_contest_user_idx").on(t.contestId, t.userId),
    index("fantasy_entries_user_idx").on(t.userId, t.enteredAt),
    check("fantasy_entries_fee_ck", sql`${t.fee} >= 0`),
    check("fantasy_entries_payout_ck", sql`${t.payout} IS NULL OR ${t.payout} >= 0`),
    check("fantasy_entries_status_ck", sql`${t.status} IN ('active','won','lost','refunded')`),
  ],
);

export const fantasyContestPlayerPoints = sqliteTable(
  "fantasy_contest_player_points",
  {
    contestId: text("contest_id").notNull().references(() => fantasyContests.id),
    playerId: text("player_id").notNull().references(() => fantasyPlayers.id),
    pointsX100: integer("points_x100").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.playerId] })],
);

/** Always empty: a settlement asserts its contest's pool ends empty by inserting (ok) here. */
export const fantasyPoolChecks = sqliteTable(
  "fantasy_pool_checks",
  { ok: integer("ok").notNull() },
  (t) => [check("fantasy_pool_must_be_empty", sql`${t.ok} = 1`)],
);
// ---- Back office (migration 0013_back_office.sql; triggers there) ----------------------------

/** Alerts of the fraud rules engine and operators' flags; dedupe_key = rule + subject + window. */
export const fraudAlerts = sqliteTable(
  "fraud_alerts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    alertType: text("alert_type", {
      enum: ["rapid_betting", "stake_spike", "deposit_withdrawal", "shared_address", "bonus_abuse", "manual_flag"],
    }).notNull(),
    severity: text("severity", { enum: ["critical", "high", "medium", "low"] }).notNull(),
    status: text("status", { enum: ["open", "investigating", "resolved"] }).notNull().default("open"),
    description: text("description").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    confidence: integer("confidence"),
    evidence: text("evidence").notNull().default("{}"),
    createdAt: createdAt(),
    resolvedAt: integer("resolved_at"),
    resolvedBy: text("resolved_by"),
    notes: text("notes"),
    /** How it was resolved (migration 0025): confirmed and false_positive give each rule its precision. */
    resolution: text("resolution", { enum: ["confirmed", "false_positive", "resolved"] }),
  },
  (t) => [
    uniqueIndex("fraud_alerts_dedupe_uq").on(t.dedupeKey),
    index("fraud_alerts_type_resolution_idx").on(t.alertType, t.resolution),
    check("fraud_alerts_resolution_ck", sql`${t.resolution} IS NULL OR ${t.resolution} IN ('confirmed','false_positive','resolved')`),
    index("fraud_alerts_created_idx").on(t.createdAt),
    index("fraud_alerts_user_idx").on(t.userId),
    check(
      "fraud_alerts_type_ck",
      sql`${t.alertType} IN ('rapid_betting','stake_spike','deposit_withdrawal','shared_address','bonus_abuse','manual_flag')`,
    ),
    check("fraud_alerts_severity_ck", sql`${t.severity} IN ('critical','high','medium','low')`),
    check("fraud_alerts_status_ck", sql`${t.status} IN ('open','investigating','resolved')`),
    check("fraud_alerts_confidence_ck", sql`${t.confidence} IS NULL OR (${t.confidence} BETWEEN 0 AND 100)`),
  ],
);

export const transactionMonitoring = sqliteTable(
  "transaction_monitoring",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    monitoringType: text("monitoring_type", { enum: ["bet_stake", "deposit", "withdrawal", "deposit_bonus"] }).notNull(),
    reference: text("reference").notNull(),
    amount: integer("amount").notNull(),
    riskScore: integer("risk_score").notNull(),
    reasons: text("reasons").notNull().default("[]"),
    createdAt: createdAt(),
    scoredAt: integer("scored_at").notNull(),
  },
  (t) => [
    uniqueIndex("transaction_monitoring_ref_uq").on(t.monitoringType, t.reference),
    index("transaction_monitoring_created_idx").on(t.createdAt),
    check("transaction_monitoring_type_ck", sql`${t.monitoringType} IN ('bet_stake','deposit','withdrawal','deposit_bonus')`),
    check("transaction_monitoring_score_ck", sql`${t.riskScore} BETWEEN 0 AND 100`),
  ],
);

export const userRiskProfiles = sqliteTable(
  "user_risk_profiles",
  {
    userId: text("user_id").primaryKey().references(() => users.id),
    riskLevel: text("risk_level", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    riskScore: integer("risk_score").notNull(),
    factors: text("factors").notNull().default("[]"),
    lastReviewed: integer("last_reviewed").notNull(),
  },
  (t) => [
    check("user_risk_profiles_level_ck", sql`${t.riskLevel} IN ('low','medium','high','critical')`),
    check("user_risk_profiles_score_ck", sql`${t.riskScore} BETWEEN 0 AND 100`),
  ],
);

export const tasks = sqliteTable(
  "tasks",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    priority: text("priority", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    status: text("status", { enum: ["pending", "in_progress", "completed", "cancelled"] }).notNull(),
    category: text("category", { enum: ["bet_settlement", "risk_review", "system_maintenance"] }).notNull(),
    assignedTo: text("assigned_to").references(() => users.id),
    createdBy: text("created_by").notNull().references(() => users.id),
    dueDate: integer("due_date"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
    completedAt: integer("completed_at"),
  },
  (t) => [
    index("tasks_status_idx").on(t.status),
    index("tasks_assignee_idx").on(t.assignedTo),
    check("tasks_priority_ck", sql`${t.priority} IN ('low','medium','high','critical')`),
    check("tasks_status_ck", sql`${t.status} IN ('pending','in_progress','completed','cancelled')`),
    check("tasks_category_ck", sql`${t.category} IN ('bet_settlement','risk_review','system_maintenance')`),
  ],
);

export const bulkOperations = sqliteTable(
  "bulk_operations",
  {
    id: text("id").primaryKey(),
    type: text("type", { enum: ["settlement", "customer_insight", "risk_analysis", "export_report"] }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    status: text("status", { enum: ["pending", "processing", "completed", "failed"] }).notNull().default("pending"),
    params: text("params").notNull().default("{}"),
    targetCount: integer("target_count").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    succeeded: integer("succeeded").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    progress: integer("progress").notNull().default(0),
    summary: text("summary").notNull().default("{}"),
    error: text("error"),
    resultCsv: text("result_csv"),
    createdBy: text("created_by").notNull().references(() => users.id),
    createdAt: createdAt(),
    startedAt: integer("started_at"),
    completedAt: integer("completed_at"),
  },
  (t) => [
    index("bulk_operations_status_idx").on(t.status, t.createdAt),
    check("bulk_operations_type_ck", sql`${t.type} IN ('settlement','customer_insight','risk_analysis','export_report')`),
    check("bulk_operations_status_ck", sql`${t.status} IN ('pending','processing','completed','failed')`),
    check("bulk_operations_progress_ck", sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);

// ---- Trading desk (migration 0011_trading_desk.sql; triggers there) -------------------------

/** Alerts raised by the trading alerts engine (domain/risk/alerts.ts); one per dedupe key. */
export const tradingAlerts = sqliteTable(
  "trading_alerts",
  {
    id: text("id").primaryKey(),
    dedupeKey: text("dedupe_key").notNull(),
    type: text("type", { enum: ["liability_limit", "exposure", "steam_move"] }).notNull(),
    severity: text("severity", { enum: ["info", "warning", "critical"] }).notNull(),
    message: text("message").notNull(),
    eventId: text("event_id"),
    eventName: text("event_name"),
    marketId: text("market_id"),
    createdAt: createdAt(),
    acknowledgedAt: integer("acknowledged_at"),
    acknowledgedBy: text("acknowledged_by"),
    /** Migration 0030: what the alert is about (liability_limit:<market>, exposure:<event>) and its level. */
    subject: text("subject"),
    level: integer("level"),
    /** Migration 0030: cleared by the system when the exposure fell below the level or the event finished. */
    resolvedAt: integer("resolved_at"),
    resolvedBy: text("resolved_by"),
  },
  (t) => [
    uniqueIndex("trading_alerts_dedupe_uq").on(t.dedupeKey).where(sql`${t.resolvedAt} IS NULL`),
    index("trading_alerts_created_idx").on(t.createdAt),
    check("trading_alerts_type_ck", sql`${t.type} IN ('liability_limit','exposure','steam_move')`),
    check("trading_alerts_severity_ck", sql`${t.severity} IN ('info','warning','critical')`),
  ],
);

/** A trader's stake limit on a customer, in basis points of the odds-aware max stake (no row = 10000; docs/trading.md). */
export const customerStakeFactors = sqliteTable(
  "customer_stake_factors",
  {
    userId: text("user_id").primaryKey().references(() => users.id),
    factorBp: integer("factor_bp").notNull(),
    updatedAt: integer("updated_at").notNull(),
    updatedBy: text("updated_by"),
  },
  (t) => [check("customer_stake_factors_bp_ck", sql`${t.factorBp} BETWEEN 1 AND 10000`)],
);

/** Risk configuration, e.g. bankroll_base (cents) added to the house balance to make the bankroll. */
export const riskSettings = sqliteTable("risk_settings", {
  key: text("key").primaryKey(),
  value: integer("value").notNull(),
});

// ---- Person protection (issue 20, migration 0023) ----

/** SHA-256 hashes of an account's normalised identity, address and document, to find the same person. */
export const personKeys = sqliteTable(
  "person_keys",
  {
    userId: text("user_id").primaryKey().references(() => users.id),
    identityKey: text("identity_key").notNull(),
    addressKey: text("address_key"),
    documentKey: text("document_key"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("person_keys_identity_idx").on(t.identityKey),
    index("person_keys_address_idx").on(t.addressKey),
    index("person_keys_document_idx").on(t.documentKey),
  ],
);

/** The national self-exclusion register's last answer for the account (cached for a short time). */
export const registerChecks = sqliteTable("register_checks", {
  userId: text("user_id").primaryKey().references(() => users.id),
  listed: integer("listed", { mode: "boolean" }).notNull(),
  checkedAt: integer("checked_at").notNull(),
  reference: text("reference"),
});

/** The last refused verification attempt; removed when a level is reached. */
export const verificationRejections = sqliteTable("verification_rejections", {
  userId: text("user_id").primaryKey().references(() => users.id),
  step: text("step").notNull(),
  reason: text("reason").notNull(),
  rejectedAt: integer("rejected_at").notNull(),
});

/** Operators' responsible-gambling contacts with customers; append-only (triggers). */
export const rgInteractions = sqliteTable(
  "rg_interactions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    operatorId: text("operator_id").notNull().references(() => users.id),
    channel: text("channel", { enum: ["phone", "email", "chat", "in_app", "letter"] }).notNull(),
    summary: text("summary").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("rg_interactions_user_idx").on(t.userId, t.createdAt),
    index("rg_interactions_at_idx").on(t.createdAt),
    check("rg_interactions_channel_ck", sql`${t.channel} IN ('phone','email','chat','in_app','letter')`),
  ],
);

/** A browser's way back to its demo customer: the hash of a long-lived cookie token. */
export const demoResumes = sqliteTable("demo_resumes", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id").notNull().references(() => users.id),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/**
 * Per outcome: sum of (potential_return - stake) over pending bets with a leg on it (a multiple
 * counts in full on each outcome it touches), kept by triggers (migration 0026); placement refuses a
 * leg that takes it past the market's liability_limit (BET.LIABILITY_LIMIT).
 */
export const outcomeLiability = sqliteTable(
  "outcome_liability",
  {
    outcomeId: text("outcome_id").primaryKey(),
    marketId: text("market_id").notNull(),
    liability: integer("liability").notNull().default(0),
  },
  (t) => [index("outcome_liability_market_idx").on(t.marketId)],
);

/**
 * Per customer and hour (placed_at / 3,600,000): potential returns of the bets placed in it, voided
 * ones left out, kept by triggers (migration 0034). The max_payout_per_day ceiling reads the bet's
 * hour and the 24 before it.
 */
export const customerPayoutHours = sqliteTable(
  "customer_payout_hours",
  {
    userId: text("user_id").notNull(),
    hour: integer("hour").notNull(),
    total: integer("total").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hour] })],
);

/** The bonus wallet's settings (one row, migration 0032): wagering multiple (at most 10), minimum odds, expiry. */
export const bonusSettings = sqliteTable("bonus_settings", {
  id: integer("id").primaryKey(),
  wageringMultiple: integer("wagering_multiple").notNull().default(10),
  minOddsMilli: integer("min_odds_milli").notNull().default(1500),
  expiryDays: integer("expiry_days").notNull().default(30),
});

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
  (t) => [index("bonus_grants_user_idx").on(t.userId, t.status), index("bonus_grants_expiry_idx").on(t.status, t.expiresAt)],
);

/** One welcome offer (deposit bonus) per person: a claim per deposit carrying a bonus (trigger bonus_welcome_once). */
export const bonusWelcomeClaims = sqliteTable(
  "bonus_welcome_claims",
  {
    paymentId: text("payment_id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    identityKey: text("identity_key"),
    claimedAt: integer("claimed_at").notNull(),
  },
  (t) => [index("bonus_welcome_claims_user_idx").on(t.userId), index("bonus_welcome_claims_identity_idx").on(t.identityKey)],
);

/**
 * Sessions ended by a suspension (issue 22, migration 0040): a tombstone keyed by the session's id
 * (the token's hash) that tells the next request with that cookie why it no longer works. Never
 * authenticates; gone when the account is activated again, and ignored after expires_at.
 */
export const endedSessions = sqliteTable(
  "ended_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    reason: text("reason", { enum: ["suspended"] }).notNull(),
    endedAt: integer("ended_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("ended_sessions_user_idx").on(t.userId), check("ended_sessions_reason_check", sql`${t.reason} IN ('suspended')`)],
);
