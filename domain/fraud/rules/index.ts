/**
 * The fraud rules engine, one rule per file in this folder: pure functions that turn real activity
 * (bets, wallet payments, sign-in sessions and the durable record of sign-in addresses) into alerts,
 * transaction-monitoring records with risk scores, and user risk profiles. No I/O:
 * domain/fraud/scan.ts loads the activity through the FraudRecords port and stores what these
 * functions return.
 *
 * The rules (each finds its cases and builds its alert):
 *   1. rapid-betting.ts       rapid repeated bets
 *   2. stake-spike.ts         stake far above the customer's history
 *   3. deposit-withdrawal.ts  deposit then withdrawal with little play
 *   4. shared-address.ts      several accounts from one address (address-ranges.ts: shared ranges)
 *   5. bonus-abuse.ts         bonus claimed then withdrawn
 *   6. large-first-bet.ts     a new account's first bet, large, soon after its first deposit
 * and from their findings: monitoring.ts (transaction scores), risk-profiles.ts (user scores).
 * Thresholds (documented; tests pin them): thresholds.ts.
 *
 * Idempotence: every alert carries a dedupe key = rule + subject + window (e.g. the bet that
 * started a burst, the withdrawal that emptied a deposit), and the database keeps that key unique,
 * so running the engine again over the same activity never raises the same alert twice.
 */
import type { AlertCandidate, FraudActivity, MonitoringCandidate, RiskProfileCandidate } from "./activity.ts";
import { bonusAbuseAlert } from "./bonus-abuse.ts";
import { depositWithdrawalAlert } from "./deposit-withdrawal.ts";
import { applyRules, type RuleFindings } from "./findings.ts";
import { scoreTransactions } from "./monitoring.ts";
import { rapidBettingAlert } from "./rapid-betting.ts";
import { riskProfiles } from "./risk-profiles.ts";
import { sharedAddressAlert } from "./shared-address.ts";
import { largeFirstBetAlert } from "./large-first-bet.ts";
import { stakeSpikeAlert } from "./stake-spike.ts";
import { FRAUD_THRESHOLDS as T } from "./thresholds.ts";

export type * from "./activity.ts";
export { FRAUD_THRESHOLDS } from "./thresholds.ts";
export { type RuleFindings } from "./findings.ts";

/**
 * Every alert the rules raise over the activity; only triggers inside the scan window count. A
 * shared address raises one alert per incident, and none while an alert on that address is still
 * unresolved (the operator is on it; it lists the accounts).
 */
export function detectAlerts(a: FraudActivity, now: Date, found: RuleFindings = applyRules(a, now)): AlertCandidate[] {
  const since = now.getTime() - T.scanWindowMs;
  const watched = new Set(a.alerts.filter((x) => x.alertType === "shared_address" && x.status !== "resolved" && x.ip).map((x) => x.ip));
  return [
    ...found.bursts.filter((b) => b.lastAt.getTime() >= since).map(rapidBettingAlert),
    ...found.spikes.filter((s) => s.bet.placedAt.getTime() >= since).map(stakeSpikeAlert),
    ...found.quickCashOuts.filter((q) => q.withdrawal.createdAt.getTime() >= since).map(depositWithdrawalAlert),
    ...found.sharedAddresses.filter((g) => !watched.has(g.ip)).map((g) => sharedAddressAlert(g, found.customers)),
    ...found.bonusCashOuts.filter((b) => b.withdrawal.createdAt.getTime() >= since).map(bonusAbuseAlert),
    ...found.largeFirstBets.filter((f) => f.bet.placedAt.getTime() >= since).map(largeFirstBetAlert),
  ];
}

export interface FraudFindings {
  alerts: AlertCandidate[];
  /** Alerts not already raised (their dedupe key is new). */
  newAlerts: AlertCandidate[];
  monitoring: MonitoringCandidate[];
  profiles: RiskProfileCandidate[];
}

export function runRules(a: FraudActivity, now: Date): FraudFindings {
  const found = applyRules(a, now);
  const alerts = detectAlerts(a, now, found);
  const known = new Set(a.alerts.map((x) => x.dedupeKey));
  const newAlerts = alerts.filter((x) => !known.has(x.dedupeKey));
  const monitoring = scoreTransactions(a, now, found);
  const allAlerts = [...a.alerts, ...newAlerts.map((x) => ({ ...x, status: "open" as const }))];
  const profiles = riskProfiles(a, allAlerts, monitoring, now);
  return { alerts, newAlerts, monitoring, profiles };
}
