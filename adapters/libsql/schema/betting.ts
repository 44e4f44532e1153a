/** Bets, their legs, cash-out quotes, idempotency keys and the placement limits' running figures. */
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns.ts";
import { events, markets, outcomes } from "./catalog.ts";
import { sql } from "drizzle-orm";
import { users } from "./users.ts";

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
    check("bets_bonus_stake_ck", sql`${t.bonusStake} >= 0 AND ${t.bonusStake} <= ${t.stake}`),
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

/**
 * Per outcome and book: sum of (potential_return - stake) over pending bets with a leg on it (a
 * multiple counts in full on each outcome it touches), kept by triggers (migrations 0026, 0049);
 * placement refuses a leg that takes its book's figure past the market's liability_limit
 * (BET.LIABILITY_LIMIT). demo = 0 is the real book (what operators see), 1 the demo customers'.
 */
export const outcomeLiability = sqliteTable(
  "outcome_liability",
  {
    outcomeId: text("outcome_id").notNull(),
    demo: integer("demo", { mode: "boolean" }).notNull().default(false),
    marketId: text("market_id").notNull(),
    liability: integer("liability").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.outcomeId, t.demo] }),
    index("outcome_liability_market_idx").on(t.marketId, t.demo),
    check("outcome_liability_demo_ck", sql`${t.demo} IN (0, 1)`),
  ],
);

/**
 * Per event and book: the sum over its markets of each market's worst outcome liability, kept by
 * triggers on outcome_liability (migration 0062); placement refuses a leg that takes it past the
 * event's limit (events.liability_limit, else risk_settings event_liability_limit): BET.EVENT_LIMIT.
 */
export const eventLiability = sqliteTable(
  "event_liability",
  {
    eventId: text("event_id").notNull(),
    demo: integer("demo", { mode: "boolean" }).notNull().default(false),
    worstSum: integer("worst_sum").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.demo] }), check("event_liability_demo_ck", sql`${t.demo} IN (0, 1)`)],
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

/**
 * Migration 0044: settlements a database guard refused (domain/settlement/settlement-exceptions.ts),
 * one open row per bet and guard, resolved by a trigger when the bet leaves pending.
 */
export const settlementExceptions = sqliteTable(
  "settlement_exceptions",
  {
    id: text("id").primaryKey(),
    betId: text("bet_id").notNull().references(() => bets.id),
    marketId: text("market_id").references(() => markets.id),
    code: text("code").notNull(),
    message: text("message").notNull(),
    attemptedStatus: text("attempted_status", { enum: ["won", "lost", "void"] }).notNull(),
    attemptedReturn: integer("attempted_return").notNull(),
    via: text("via").notNull(),
    createdAt: integer("created_at").notNull(),
    resolvedAt: integer("resolved_at"),
  },
  (t) => [
    uniqueIndex("settlement_exceptions_open_uq").on(t.betId, t.code).where(sql`${t.resolvedAt} IS NULL`),
    index("settlement_exceptions_created_idx").on(t.createdAt),
    check("settlement_exceptions_status_ck", sql`${t.attemptedStatus} IN ('won','lost','void')`),
    check("settlement_exceptions_return_ck", sql`${t.attemptedReturn} >= 0`),
  ],
);
