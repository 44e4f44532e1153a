/** The catalog: sports, events, markets, outcomes, withdrawn runners and price changes. */
import { check, index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

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
    /** Migration 0021: the match state and model (JSON, domain/shared/types.ts) the feed plays and prices. */
    state: text("state"),
    model: text("model"),
    /** When the state was last advanced (ms). */
    stateAt: integer("state_at"),
    /** No bets before this time (ms): a score change, a race running. */
    suspendedUntil: integer("suspended_until"),
    /** Migration 0062: the event's own liability limit (cents); NULL = risk_settings event_liability_limit. */
    liabilityLimit: integer("liability_limit"),
  },
  (t) => [
    index("events_status_start_idx").on(t.status, t.startTime),
    index("events_updated_idx").on(t.updatedAt),
    // Partial: only events not finished yet, the few that reads of the open book look through.
    index("events_live_idx").on(t.status).where(sql`${t.status} IN ('upcoming','live')`),
    check("events_status_ck", sql`${t.status} IN ('upcoming','live','finished')`),
    check("events_limit_ck", sql`${t.liabilityLimit} IS NULL OR ${t.liabilityLimit} > 0`),
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
    /** Per-market liability limit in cents (default 2,000,000.00, the product spec's default). */
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
    /** Migration 0058: why the system suspended the market ('price_too_short'); NULL otherwise. */
    suspendedReason: text("suspended_reason", { enum: ["price_too_short"] }),
    /** Migration 0042: when the market last reopened after a re-form (a runner withdrawn); bets struck at or before it are refused. */
    reformedAt: integer("reformed_at"),
  },
  (t) => [
    index("markets_event_idx").on(t.eventId),
    index("markets_updated_idx").on(t.updatedAt),
    check("markets_status_ck", sql`${t.status} IN ('open','suspended','closed')`),
    check("markets_limit_ck", sql`${t.liabilityLimit} > 0`),
    check("markets_suspended_reason_ck", sql`${t.suspendedReason} IS NULL OR ${t.suspendedReason} IN ('price_too_short')`),
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
    /** Migration 0021: what the outcome is (home, draw, over, yes, 2-1, other, r3; domain/shared/types.ts). */
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
    // Partial: only outcomes still to be decided; decided ones, most of the table over time, stay out.
    index("outcomes_undecided_idx").on(t.marketId).where(sql`${t.result} IS NULL`),
    check("outcomes_price_ck", sql`${t.priceMilli} >= 1010`),
    check("outcomes_result_ck", sql`${t.result} IS NULL OR ${t.result} IN ('won','lost','void')`),
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

/**
 * Migration 0042: each remaining runner's price (and its Rule 4 deduction) in the market a re-form
 * closed, so a runner withdrawn later deducts from older bets by its price in their market.
 */
export const raceReformPrices = sqliteTable(
  "race_reform_prices",
  {
    marketId: text("market_id").notNull().references(() => markets.id),
    outcomeId: text("outcome_id").notNull().references(() => outcomes.id),
    reformedAt: integer("reformed_at").notNull(),
    priceMilli: integer("price_milli").notNull(),
    deduction: integer("deduction").notNull(),
  },
  (t) => [primaryKey({ columns: [t.outcomeId, t.reformedAt] }), check("race_reform_prices_deduction_ck", sql`${t.deduction} BETWEEN 0 AND 90`)],
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

/** One row: a counter moved by every change to what placement prices from (migration 0064, adapters/libsql/pricing-cache.ts). */
export const pricingVersion = sqliteTable(
  "pricing_version",
  {
    id: integer("id").primaryKey(),
    n: integer("n").notNull(),
  },
  (t) => [check("pricing_version_one_row", sql`${t.id} = 1`)],
);
