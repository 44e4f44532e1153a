/**
 * The database schema (drizzle, SQLite dialect for libSQL). Money columns are integer cents; odds
 * columns are integer thousandths. Invariants the database itself enforces are written as CHECKs
 * here and as triggers in the custom migration (see migrations/*_guards.sql).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

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
  },
  (t) => [
    uniqueIndex("users_email_uq").on(t.email),
    check("users_role_ck", sql`${t.role} IN ('admin','customer','trader')`),
    check("users_verification_ck", sql`${t.verificationLevel} IN ('none','basic','full')`),
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
  },
  (t) => [
    index("events_status_start_idx").on(t.status, t.startTime),
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
  },
  (t) => [
    index("markets_event_idx").on(t.eventId),
    check("markets_status_ck", sql`${t.status} IN ('open','suspended','closed')`),
    check("markets_limit_ck", sql`${t.liabilityLimit} > 0`),
    check("markets_result_kind_ck", sql`${t.resultKind} IS NULL OR ${t.resultKind} IN ('winner','void')`),
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
  },
  (t) => [index("outcomes_market_idx").on(t.marketId), check("outcomes_price_ck", sql`${t.priceMilli} >= 1010`)],
);

/**
 * Every price change of every outcome, appended by a trigger on outcomes (migration 0005), whoever
 * made it (the feed, a trader). Steam moves, boosts and price history are read from here.
 */
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
    betType: text("bet_type", { enum: ["single", "multiple"] }).notNull(),
    stake: integer("stake").notNull(),
    totalOddsMilli: integer("total_odds_milli").notNull(),
    potentialReturn: integer("potential_return").notNull(),
    actualReturn: integer("actual_return"),
    status: text("status", { enum: ["pending", "won", "lost", "void"] }).notNull(),
    placedAt: integer("placed_at").notNull(),
    settledAt: integer("settled_at"),
    settledBy: text("settled_by"),
    /** Migration 0011: raised by exactly one by each resettlement (the settle-once guard allows only that). */
    resettlementCount: integer("resettlement_count").notNull().default(0),
  },
  (t) => [
    index("bets_user_placed_idx").on(t.userId, t.placedAt),
    index("bets_status_idx").on(t.status),
    index("bets_placed_idx").on(t.placedAt),
    check("bets_stake_ck", sql`${t.stake} > 0`),
    check("bets_status_ck", sql`${t.status} IN ('pending','won','lost','void','cashed_out')`),
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
  },
  (t) => [index("bet_legs_bet_idx").on(t.betId), index("bet_legs_event_idx").on(t.eventId)],
);

export const ledgerAccounts = sqliteTable(
  "ledger_accounts",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["wallet", "house", "promotions", "payments", "fantasy_pool", "fantasy_rake"] }).notNull(),
    userId: text("user_id").references(() => users.id),
    /** Cached sum of this account's postings, updated in the same write as each posting. */
    balance: integer("balance").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_user_wallet_uq").on(t.userId, t.kind),
    check(
      "ledger_accounts_kind_ck",
      sql`${t.kind} IN ('wallet','house','promotions','payments','fantasy_pool','fantasy_rake')`,
    ),
    // A customer wallet or a contest's prize pool can never go below zero: the database refuses
    // the write, so a pool pays out at most what was paid in.
    check("ledger_accounts_wallet_nonneg_ck", sql`${t.kind} NOT IN ('wallet','fantasy_pool') OR ${t.balance} >= 0`),
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
  },
  (t) => [
    uniqueIndex("fraud_alerts_dedupe_uq").on(t.dedupeKey),
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
  },
  (t) => [
    uniqueIndex("trading_alerts_dedupe_uq").on(t.dedupeKey),
    index("trading_alerts_created_idx").on(t.createdAt),
    check("trading_alerts_type_ck", sql`${t.type} IN ('liability_limit','exposure','steam_move')`),
    check("trading_alerts_severity_ck", sql`${t.severity} IN ('info','warning','critical')`),
  ],
);

/** A trader's stake limit on a customer: max stake x factor_pct / 100 (no row = 100). */
export const customerStakeFactors = sqliteTable(
  "customer_stake_factors",
  {
    userId: text("user_id").primaryKey().references(() => users.id),
    factorPct: integer("factor_pct").notNull(),
    updatedAt: integer("updated_at").notNull(),
    updatedBy: text("updated_by"),
  },
  (t) => [check("customer_stake_factors_pct_ck", sql`${t.factorPct} BETWEEN 1 AND 100`)],
);

/** Risk configuration, e.g. bankroll_base (cents) added to the house balance to make the bankroll. */
export const riskSettings = sqliteTable("risk_settings", {
  key: text("key").primaryKey(),
  value: integer("value").notNull(),
});
