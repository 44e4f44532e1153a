/** Fraud alerts, transaction monitoring and risk profiles. */
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns.ts";
import { sql } from "drizzle-orm";
import { users } from "./users.ts";

/** Alerts of the fraud rules engine and operators' flags; dedupe_key = rule + subject + window. */
export const fraudAlerts = sqliteTable(
  "fraud_alerts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    alertType: text("alert_type", {
      enum: ["rapid_betting", "stake_spike", "deposit_withdrawal", "shared_address", "bonus_abuse", "large_first_bet", "manual_flag"],
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
      sql`${t.alertType} IN ('rapid_betting','stake_spike','deposit_withdrawal','shared_address','bonus_abuse','large_first_bet','manual_flag')`,
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
