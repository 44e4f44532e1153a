/** How fraud alerts read and are inserted on libSQL: the row mappers shared by the scan and the alert desk. */
import type { InStatement, Row } from "@libsql/client";
import type { FraudAlertRecord, FraudAlertStatus, FraudResolution, NewFraudAlert } from "x../../../domain/ports/index.ts";
import type { FraudAlertType } from "x../../../domain/fraud/alert-types.ts";

export const json = <T>(v: unknown, fallback: T): T => (v === null || v === undefined ? fallback : (JSON.parse(String(v)) as T));
export const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(Number(v)));

/** The accounts a shared-address alert concerns (its evidence's userIds), its subject among them. */
export function accountsOf(json: string, userId: string): string[] {
  try {
    const ids = JSON.parse(json) as unknown;
    if (Array.isArray(ids) && ids.every((x) => typeof x === "string")) return ids.includes(userId) ? ids : [userId, ...ids];
  } catch {
    // Evidence written by hand or by an older engine: the subject alone.
  }
  return [userId];
}

export const SELECT_ALERTS = `SELECT f.*, u.email, u.first_name, u.last_name FROM fraud_alerts f JOIN users u ON u.id = f.user_id`;

export function toAlert(r: Row): FraudAlertRecord {
  return {
    id: String(r.id),
    userId: String(r.user_id),
    alertType: r.alert_type as FraudAlertType,
    severity: r.severity as FraudAlertRecord["severity"],
    status: r.status as FraudAlertStatus,
    description: String(r.description),
    dedupeKey: String(r.dedupe_key),
    confidence: r.confidence === null ? null : Number(r.confidence),
    evidence: json<Record<string, unknown>>(r.evidence, {}),
    createdAt: new Date(Number(r.created_at)),
    resolvedAt: dateOrNull(r.resolved_at),
    resolvedBy: r.resolved_by === null ? null : String(r.resolved_by),
    notes: r.notes === null ? null : String(r.notes),
    resolution: r.resolution === null || r.resolution === undefined ? null : (String(r.resolution) as FraudResolution),
    user: { id: String(r.user_id), email: String(r.email), firstName: String(r.first_name), lastName: String(r.last_name) },
  };
}

export const insertAlert = (a: NewFraudAlert, ignoreDuplicate: boolean): InStatement => ({
  sql: `INSERT INTO fraud_alerts (id, user_id, alert_type, severity, status, description, dedupe_key, confidence, evidence, created_at)
        VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?, ?)${ignoreDuplicate ? " ON CONFLICT(dedupe_key) DO NOTHING" : ""}`,
  args: [a.id, a.userId, a.alertType, a.severity, a.description, a.dedupeKey, a.confidence, JSON.stringify(a.evidence), a.createdAt.getTime()],
});

