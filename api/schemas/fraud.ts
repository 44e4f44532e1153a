/**
 * Fraud detection and monitoring. Everything here is produced by
 * the rules engine in domain/fraud from real activity (bets, ledger, sessions); see
 * domain/fraud/rules/index.ts for each rule and its thresholds.
 */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, plain, RiskLevel } from "./common.ts";
import { KycStatus } from "./users.ts";

export const TimeWindow = z.enum(["1h", "24h", "7d"]);
export type TimeWindow = z.infer<typeof TimeWindow>;

export const FraudAlertType = z.enum([
  "rapid_betting",
  "stake_spike",
  "deposit_withdrawal",
  "shared_address",
  "bonus_abuse",
  "large_first_bet",
  "manual_flag",
]);
export type FraudAlertType = z.infer<typeof FraudAlertType>;
export const FraudSeverity = z.enum(["critical", "high", "medium", "low"]);
export type FraudSeverity = z.infer<typeof FraudSeverity>;
export const FraudAlertStatus = z.enum(["open", "investigating", "resolved"]);
export type FraudAlertStatus = z.infer<typeof FraudAlertStatus>;

export const FraudResolution = z
  .enum(["resolved", "confirmed", "false_positive"])
  .openapi({
    description:
      "confirmed = real fraud; false_positive = the rule was wrong (both count in the rule's precision); resolved = no verdict (the spec's value)",
  });
export type FraudResolution = z.infer<typeof FraudResolution>;

export const AlertUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export const FraudAlert = z
  .object({
    id: z.string(),
    alertType: FraudAlertType,
    severity: FraudSeverity,
    description: z.string(),
    status: FraudAlertStatus,
    createdAt: IsoDate,
    resolvedAt: IsoDate.nullable(),
    resolvedBy: z.string().nullable(),
    notes: z.string().nullable(),
    resolution: FraudResolution.nullable().openapi({ description: "How it was resolved; null while open" }),
    evidence: z.record(z.string(), z.unknown()).openapi({ description: "What the rule saw (counts, amounts, window)" }),
    user: AlertUser,
  })
  .openapi("FraudAlert");
export type FraudAlert = z.infer<typeof FraudAlert>;

export const FraudAlertsQuery = z.object({
  timeWindow: TimeWindow.default("24h").openapi({ param: { name: "timeWindow", in: "query" } }),
  status: z.enum(["open", "investigating", "resolved", "all"]).default("all").openapi({ param: { name: "status", in: "query" } }),
});

export const ResolveFraudAlertBody = z
  .object({
    resolution: FraudResolution.default("resolved"),
    notes: plain(z.string().max(1000), "text").default(""),
  })
  .strict()
  .openapi("ResolveFraudAlert");
export type ResolveFraudAlertBody = z.infer<typeof ResolveFraudAlertBody>;
export const ResolveFraudAlertResponse = z.object({ alert: FraudAlert }).openapi("ResolveFraudAlertResponse");

export const TransactionMonitoringRecord = z
  .object({
    id: z.string(),
    monitoringType: z.enum(["bet_stake", "deposit", "withdrawal", "deposit_bonus"]),
    amount: Cents,
    riskScore: z.number().int().min(0).max(100),
    reasons: z.array(z.string()),
    reference: z.string().openapi({ description: "The bet id or ledger transaction id scored" }),
    createdAt: IsoDate,
    userId: z.string(),
    user: z.object({ email: z.string() }),
  })
  .openapi("TransactionMonitoringRecord");
export type TransactionMonitoringRecord = z.infer<typeof TransactionMonitoringRecord>;

export const TransactionMonitoringQuery = z.object({
  timeWindow: TimeWindow.default("24h").openapi({ param: { name: "timeWindow", in: "query" } }),
  userId: z.string().min(1).max(64).optional().openapi({ param: { name: "userId", in: "query" } }),
  minRiskScore: z.coerce.number().int().min(0).max(100).default(0).openapi({ param: { name: "minRiskScore", in: "query" } }),
});

export const BonusAbuseAlert = z
  .object({
    id: z.string(),
    abuseType: z.string().openapi({ example: "bonus_withdrawal" }),
    confidence: z.number().int().min(0).max(100).openapi({ description: "Percent" }),
    status: FraudAlertStatus,
    description: z.string(),
    createdAt: IsoDate,
    user: AlertUser,
  })
  .openapi("BonusAbuseAlert");
export type BonusAbuseAlert = z.infer<typeof BonusAbuseAlert>;

export const UserRiskProfile = z
  .object({
    id: z.string(),
    user: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
    riskLevel: RiskLevel,
    riskScore: z.number().int().min(0).max(100),
    kycStatus: KycStatus,
    factors: z.array(z.string()).openapi({ description: "Why the score is what it is" }),
    lastReviewed: IsoDate.nullable().openapi({ description: "When the engine last scored this user" }),
  })
  .openapi("UserRiskProfile");
export type UserRiskProfile = z.infer<typeof UserRiskProfile>;

export const FraudScanResult = z
  .object({
    scannedAt: IsoDate,
    alertsRaised: z.number().int(),
    monitoringRecords: z.number().int().openapi({ description: "New transaction-monitoring records" }),
    profilesUpdated: z.number().int(),
  })
  .openapi("FraudScanResult");
export type FraudScanResult = z.infer<typeof FraudScanResult>;

export const FraudRulePrecision = z
  .object({
    alertType: FraudAlertType,
    open: z.number().int().openapi({ description: "Open or investigating alerts" }),
    confirmed: z.number().int(),
    falsePositives: z.number().int(),
    unclassified: z.number().int().openapi({ description: "Resolved without a verdict: not counted in the precision" }),
    precision: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .openapi({ description: "confirmed / (confirmed + falsePositives); null before any verdict" }),
  })
  .openapi("FraudRulePrecision");
export type FraudRulePrecision = z.infer<typeof FraudRulePrecision>;
