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
  },
  (t) => [
    index("markets_event_idx").on(t.eventId),
    check("markets_status_ck", sql`${t.status} IN ('open','suspended','closed')`),
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
    /** House-funded guarantee moved into the pool at creation. */
    guaranteedPrize: integer("guaranteed_prize").notNull().default(0),
    maxEntries: integer("max_entries").notNull(),
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
    uniqueIndex("fantasy_entries_contest_user_uq").on(t.contestId, t.userId),
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
