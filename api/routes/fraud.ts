/**
 * Fraud detection and monitoring (admin): alerts, resolve, transaction monitoring, bonus abuse,
 * user risk profiles, and a scan on demand. The rules engine (domain/fraud/rules/index.ts) also runs
 * every FRAUD_SCAN_INTERVAL_MS in the server process (api/jobs/scheduler.ts).
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import {
  BonusAbuseAlert, FraudAlert, FraudAlertsQuery, FraudRulePrecision, FraudScanResult, ResolveFraudAlertBody, ResolveFraudAlertResponse,
  TransactionMonitoringQuery, TransactionMonitoringRecord, UserRiskProfile,
} from "../schemas/fraud.ts";
import { IdParam } from "../schemas/common.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { withinReach } from "../middleware/reach.ts";
import { kycStatusOf } from "../../domain/users/kyc.ts";
import { bonusAbuseAlerts, fraudAlerts, transactionMonitoring, userRiskProfiles } from "../../domain/fraud/queries.ts";
import { resolveFraudAlert } from "../../domain/fraud/resolve-alert.ts";
import { fraudRulePrecision } from "../../domain/fraud/precision.ts";
import { scanForFraud } from "../../domain/fraud/scan.ts";
import type { FraudAlertRecord } from "../../domain/ports/index.ts";

export const fraudRoutes = new OpenAPIHono<AppEnv>();


export const presentFraudAlert = (a: FraudAlertRecord): FraudAlert => ({
  id: a.id,
  alertType: a.alertType,
  severity: a.severity,
  description: a.description,
  status: a.status,
  createdAt: a.createdAt.toISOString(),
  resolvedAt: a.resolvedAt ? a.resolvedAt.toISOString() : null,
  resolvedBy: a.resolvedBy,
  notes: a.notes,
  resolution: a.resolution,
  evidence: a.evidence,
  user: a.user,
});

fraudRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/fraud-alerts",
    tags: ["Admin: fraud"],
    summary: "Fraud alerts raised in the time window (default 24h), open first, then by severity (admin)",
    middleware: [requireRole("admin")] as const,
    request: { query: FraudAlertsQuery },
    responses: { 200: json(z.array(FraudAlert), "Alerts"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const alerts = unwrap(await fraudAlerts(ctxOf(c), { timeWindow: q.timeWindow, status: q.status === "all" ? undefined : q.status }));
    return c.json(alerts.map(presentFraudAlert), 200);
  },
);

fraudRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/fraud-alert/{id}/resolve",
    tags: ["Admin: fraud"],
    summary: "Resolve an open fraud alert with an outcome and notes (admin). Audited.",
    description:
      "resolution: confirmed (real fraud) or false_positive (the rule was wrong), which make the rule's precision; resolved (the default) " +
      "closes it without a verdict. Only open (or investigating) alerts can be resolved; a resolved alert answers 409 FRAUD.ALERT_NOT_OPEN.",
    middleware: [requireRole("admin"), withinReach("fraud_alert")] as const,
    request: {
      params: IdParam,
      body: { required: true, content: { "application/json": { schema: ResolveFraudAlertBody } } },
    },
    responses: { 200: json(ResolveFraudAlertResponse, "The resolved alert"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const alert = unwrap(await resolveFraudAlert(ctxOf(c), id, c.req.valid("json")));
    return c.json({ alert: presentFraudAlert(alert) }, 200);
  },
);

fraudRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/fraud/rule-precision",
    tags: ["Admin: fraud"],
    summary: "Each fraud rule's precision: confirmed / (confirmed + false positives) of its resolved alerts (admin)",
    middleware: [requireRole("admin")] as const,
    responses: { 200: json(z.array(FraudRulePrecision), "One row per rule"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(unwrap(await fraudRulePrecision(ctxOf(c))), 200),
);

fraudRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/transaction-monitoring",
    tags: ["Admin: fraud"],
    summary: "Scored bet stakes and wallet payments in the time window, newest first (admin)",
    middleware: [requireRole("admin")] as const,
    request: { query: TransactionMonitoringQuery },
    responses: { 200: json(z.array(TransactionMonitoringRecord), "Records"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const records = unwrap(await transactionMonitoring(ctxOf(c), c.req.valid("query")));
    return c.json(records.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), 200);
  },
);

fraudRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/bonus-abuse-alerts",
    tags: ["Admin: fraud"],
    summary: "Bonus claimed then withdrawn with little play (admin)",
    middleware: [requireRole("admin")] as const,
    responses: { 200: json(z.array(BonusAbuseAlert), "Bonus abuse alerts"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const alerts = unwrap(await bonusAbuseAlerts(ctxOf(c)));
    return c.json(
      alerts.map((a) => ({
        id: a.id,
        abuseType: typeof a.evidence.abuseType === "string" ? a.evidence.abuseType : "bonus_withdrawal",
        confidence: a.confidence ?? 0,
        status: a.status,
        description: a.description,
        createdAt: a.createdAt.toISOString(),
        user: a.user,
      })),
      200,
    );
  },
);

fraudRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/user-risk-profiles",
    tags: ["Admin: fraud"],
    summary: "Customers' risk profiles from the last scan, riskiest first (admin)",
    middleware: [requireRole("admin")] as const,
    responses: { 200: json(z.array(UserRiskProfile), "Profiles"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const profiles = unwrap(await userRiskProfiles(ctxOf(c)));
    return c.json(
      profiles.map((p) => ({
        id: p.userId,
        user: { id: p.user.id, email: p.user.email, firstName: p.user.firstName, lastName: p.user.lastName },
        riskLevel: p.riskLevel,
        riskScore: p.riskScore,
        kycStatus: kycStatusOf(p.user.verificationLevel),
        factors: p.factors,
        lastReviewed: p.lastReviewed ? p.lastReviewed.toISOString() : null,
      })),
      200,
    );
  },
);

fraudRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/fraud/scan",
    tags: ["Admin: fraud"],
    summary: "Run the fraud rules engine now (admin). Idempotent: an alert is never raised twice.",
    middleware: [requireRole("admin")] as const,
    responses: { 200: json(FraudScanResult, "What the scan found"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    // Where the scheduled scans run (a thread of its own), so a scan of months of bets does not stop
    // this thread; and one at a time with them.
    const jobs = c.get("deps").jobs;
    const r = unwrap(await scanForFraud(ctxOf(c), () => jobs.scanNow()));
    return c.json({ ...r, scannedAt: r.scannedAt.toISOString() }, 200);
  },
);
