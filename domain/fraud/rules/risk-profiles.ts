/** User risk profiles: a score out of 100 per customer from their alerts, transactions, win rate and identity. */
import type { RiskLevel } from "../../shared/risk-level.ts";
import type { FraudAlertType, FraudSeverity } from "../alert-types.ts";
import type { FraudActivity, RiskProfileCandidate } from "./activity.ts";
import { groupBy } from "./by-customer.ts";
import { clamp } from "./format.ts";
import { FRAUD_THRESHOLDS as T } from "./thresholds.ts";

export const riskLevelFor = (score: number): RiskLevel =>
  score >= 75 ? "critical" : score >= 50 ? "high" : score >= 25 ? "medium" : "low";

/** Points an unresolved alert adds to its customer's risk score, by severity. */
export const ALERT_POINTS: Record<FraudSeverity, number> = { critical: 45, high: 30, medium: 15, low: 5 };
/** Points each resolved alert still adds (history), up to resolvedCap. */
export const RESOLVED_POINTS = 3;
export const RESOLVED_CAP = 15;

/**
 * A score out of 100 per customer: unresolved alerts by severity, some weight for resolved ones,
 * 30% of their riskiest monitored transaction in the last 30 days, a win rate over 65% on 10 or
 * more settled bets (+15) and unverified identity (+10). Level: 75+ critical, 50+ high, 25+ medium.
 */
export function riskProfiles(
  a: FraudActivity,
  alerts: readonly { userId: string; accounts?: readonly string[]; severity: FraudSeverity; status: "open" | "investigating" | "resolved"; alertType: FraudAlertType }[],
  monitoring: readonly { userId: string; riskScore: number; createdAt: Date }[],
  now: Date,
): RiskProfileCandidate[] {
  // An alert on several accounts (a shared address) counts for each of them.
  const alertsBy = groupBy(alerts.flatMap((x) => (x.accounts ?? [x.userId]).map((userId) => ({ ...x, userId }))), (x) => x.userId);
  const recent = now.getTime() - 30 * 86_400_000;
  const maxTx = new Map<string, number>();
  for (const m of monitoring)
    if (m.createdAt.getTime() >= recent) maxTx.set(m.userId, Math.max(maxTx.get(m.userId) ?? 0, m.riskScore));
  const betsBy = groupBy(a.bets, (b) => b.userId);

  return a.customers.map((c) => {
    const factors: string[] = [];
    let score = 0;
    const mine = alertsBy.get(c.id) ?? [];
    const openAlerts = mine.filter((x) => x.status !== "resolved");
    for (const x of openAlerts) score += ALERT_POINTS[x.severity];
    if (openAlerts.length > 0)
      factors.push(`${openAlerts.length} unresolved alert${openAlerts.length === 1 ? "" : "s"} (${[...new Set(openAlerts.map((x) => x.alertType))].join(", ")})`);
    const resolved = mine.length - openAlerts.length;
    if (resolved > 0) {
      score += Math.min(RESOLVED_CAP, resolved * RESOLVED_POINTS);
      factors.push(`${resolved} resolved alert${resolved === 1 ? "" : "s"}`);
    }
    const tx = maxTx.get(c.id) ?? 0;
    if (tx > 0) {
      score += Math.round(tx * 0.3);
      if (tx > 40) factors.push(`Riskiest transaction scored ${tx}`);
    }
    const settled = (betsBy.get(c.id) ?? []).filter((b) => b.status === "won" || b.status === "lost");
    if (settled.length >= T.winRateMinSettled) {
      const rate = settled.filter((b) => b.status === "won").length / settled.length;
      if (rate > T.winRateAlert) {
        score += 15;
        factors.push(`Win rate ${Math.round(rate * 100)}% over ${settled.length} settled bets`);
      }
    }
    if (c.verificationLevel !== "full") {
      score += 10;
      factors.push("Identity not fully verified");
    }
    score = clamp(Math.round(score), 0, 100);
    return { userId: c.id, riskLevel: riskLevelFor(score), riskScore: score, factors };
  });
}
