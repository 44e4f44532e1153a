/** The trading desk: alerts, stake factors and risk settings. */
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns.ts";
import { sql } from "drizzle-orm";
import { users } from "./users.ts";

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
