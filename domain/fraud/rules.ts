/**
 * The fraud rules engine: pure functions that turn real activity (bets, wallet payments, sign-in
 * sessions and the durable record of sign-in addresses) into alerts, transaction-monitoring records with risk scores, and user risk profiles.
 * No I/O: domain/fraud/scan.ts loads the activity through the FraudRecords port and stores what
 * these functions return.
 *
 * Idempotence: every alert carries a dedupe key = rule + subject + window (e.g. the bet that
 * started a burst, the withdrawal that emptied a deposit), and the database keeps that key unique,
 * so running the engine again over the same activity never raises the same alert twice.
 */
import type { VerificationLevel } from "../shared/types.ts";
import type { RiskLevel } from "../shared/risk-level.ts";
import type { FraudAlertType, FraudSeverity } from "./alert-types.ts";

// ---- Thresholds (documented; tests pin them): rules/thresholds.ts -----------------------------
import { FRAUD_THRESHOLDS } from "./rules/thresholds.ts";
import { betsByCustomer, groupBy, type BetsByCustomer } from "./rules/by-customer.ts";
import { rapidBursts, type RapidBurst } from "./rules/rapid-betting.ts";
import { stakeSpikes, type StakeSpike } from "./rules/stake-spike.ts";
import { addressUses, sharedAddresses, type SharedAddress, type Signals } from "./rules/shared-address.ts";

export { FRAUD_THRESHOLDS } from "./rules/thresholds.ts";
export { median, RunningMedian } from "./rules/running-median.ts";
export { betsByCustomer, type BetsByCustomer } from "./rules/by-customer.ts";
export { rapidBursts, type RapidBurst } from "./rules/rapid-betting.ts";
export { stakeSpikes, type StakeSpike } from "./rules/stake-spike.ts";
export { addressUses, sharedAddresses, type SharedAddress, type Signals } from "./rules/shared-address.ts";
export { SHARED_ADDRESS_RANGES, sharedRangeOf, type AddressRange } from "./rules/address-ranges.ts";


// ---- Activity ----------------------------------------------------------------------------------

export interface FraudCustomer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isDemo: boolean;
  verificationLevel: VerificationLevel | "pending" | "rejected";
  createdAt: Date;
}
export interface BetActivity {
  id: string;
  userId: string;
  stake: number;
  placedAt: Date;
  status: string;
}
/** A wallet payment; amount is the positive size of the movement. Adjustments are credits only. */
export interface PaymentActivity {
  id: string;
  userId: string;
  kind: "deposit" | "deposit_bonus" | "withdrawal" | "adjustment";
  amount: number;
  createdAt: Date;
}
export interface SessionActivity {
  userId: string;
  ip: string | null;
  createdAt: Date;
}
export interface ExistingAlert {
  dedupeKey: string;
  userId: string;
  alertType: FraudAlertType;
  severity: FraudSeverity;
  status: "open" | "investigating" | "resolved";
}
export interface FraudActivity {
  /** Customers only (staff are not scored). */
  customers: FraudCustomer[];
  bets: BetActivity[];
  payments: PaymentActivity[];
  /** Sessions that exist now (deleted on logout, suspension or a password change). */
  sessions: SessionActivity[];
  /**
   * Every session started with a known address (sign-in, registration, demo login), kept for good:
   * the addresses survive the sessions, so a ring cannot hide by logging out.
   */
  signIns: SessionActivity[];
  alerts: ExistingAlert[];
}

export interface AlertCandidate {
  dedupeKey: string;
  userId: string;
  alertType: FraudAlertType;
  severity: FraudSeverity;
  description: string;
  /** Percent, for bonus-abuse alerts. */
  confidence: number | null;
  evidence: Record<string, unknown>;
}
export interface MonitoringCandidate {
  monitoringType: "bet_stake" | "deposit" | "withdrawal" | "deposit_bonus";
  reference: string;
  userId: string;
  amount: number;
  riskScore: number;
  reasons: string[];
  createdAt: Date;
}
export interface RiskProfileCandidate {
  userId: string;
  riskLevel: RiskLevel;
  riskScore: number;
  factors: string[];
}

// ---- Helpers -----------------------------------------------------------------------------------

const T = FRAUD_THRESHOLDS;
const money = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));



export const riskLevelFor = (score: number): RiskLevel =>
  score >= 75 ? "critical" : score >= 50 ? "high" : score >= 25 ? "medium" : "low";

// ---- Rule 1: rapid repeated bets ---------------------------------------------------------------


// ---- Rule 2: stake far above history -----------------------------------------------------------


// ---- Rule 3: deposit then withdrawal with little play -----------------------------------------

export interface QuickCashOut {
  withdrawal: PaymentActivity;
  deposits: number;
  stakes: number;
}

/**
 * Each customer's stakes in time order with running totals, so the stakes placed between two moments
 * are two binary searches away (the cash-out rules ask this once per withdrawal).
 */
export class StakeIndex {
  private readonly byUser = new Map<string, { times: number[]; totals: number[] }>();

  constructor(bets: readonly BetActivity[], byCustomer: BetsByCustomer = betsByCustomer(bets)) {
    for (const [userId, sorted] of byCustomer) {
      const totals = [0];
      for (const b of sorted) totals.push(totals[totals.length - 1] + b.stake);
      this.byUser.set(userId, { times: sorted.map((b) => b.placedAt.getTime()), totals });
    }
  }

  /** Stakes by the customer placed from `from` to `to`, both included. */
  between(userId: string, from: number, to: number): number {
    const u = this.byUser.get(userId);
    if (!u) return 0;
    return u.totals[firstAbove(u.times, to)] - u.totals[firstAbove(u.times, from - 1)];
  }
}

/** The index of the first time after `t` in ascending `times` (their count when none is). Times are whole milliseconds. */
function firstAbove(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const withdrawalsWithHistory = (payments: readonly PaymentActivity[]) => {
  const byUser = groupBy(payments, (p) => p.userId);
  return payments.filter((p) => p.kind === "withdrawal").map((w) => ({ w, mine: byUser.get(w.userId)! }));
};

export function quickCashOuts(
  payments: readonly PaymentActivity[],
  bets: readonly BetActivity[],
  stakes: StakeIndex = new StakeIndex(bets),
): QuickCashOut[] {
  const out: QuickCashOut[] = [];
  for (const { w, mine } of withdrawalsWithHistory(payments)) {
    const t = w.createdAt.getTime();
    const deposits = mine.filter(
      (p) => p.kind === "deposit" && p.createdAt.getTime() <= t && p.createdAt.getTime() >= t - T.depositWindowMs,
    );
    const total = deposits.reduce((s, d) => s + d.amount, 0);
    if (total <= 0) continue;
    const from = Math.min(...deposits.map((d) => d.createdAt.getTime()));
    const staked = stakes.between(w.userId, from, t);
    if (w.amount >= T.withdrawalShareOfDeposits * total && staked < T.littlePlayShareOfDeposits * total)
      out.push({ withdrawal: w, deposits: total, stakes: staked });
  }
  return out;
}

// ---- Rule 4: several accounts from one address -------------------------------------------------


// ---- Rule 5: bonus claimed then withdrawn ------------------------------------------------------

export interface BonusCashOut {
  withdrawal: PaymentActivity;
  bonus: number;
  firstBonusAt: Date;
  stakes: number;
  confidence: number;
}

export function bonusCashOuts(
  payments: readonly PaymentActivity[],
  bets: readonly BetActivity[],
  stakes: StakeIndex = new StakeIndex(bets),
): BonusCashOut[] {
  const out: BonusCashOut[] = [];
  for (const { w, mine } of withdrawalsWithHistory(payments)) {
    const t = w.createdAt.getTime();
    const bonuses = mine.filter(
      (p) =>
        (p.kind === "deposit_bonus" || p.kind === "adjustment") &&
        p.createdAt.getTime() <= t &&
        p.createdAt.getTime() >= t - T.bonusWithdrawalWindowMs,
    );
    const bonus = bonuses.reduce((s, b) => s + b.amount, 0);
    if (bonus <= 0) continue;
    const from = Math.min(...bonuses.map((b) => b.createdAt.getTime()));
    const staked = stakes.between(w.userId, from, t);
    const required = T.bonusWageringMultiple * bonus;
    if (staked >= required) continue;
    const confidence = Math.round(clamp(95 - 45 * (staked / required), 50, 95));
    out.push({ withdrawal: w, bonus, firstBonusAt: new Date(from), stakes: staked, confidence });
  }
  return out;
}

// ---- Alerts ------------------------------------------------------------------------------------

/** What every rule found in the activity: worked out once per scan, for the alerts and the scores alike. */
export interface RuleFindings {
  customers: Map<string, FraudCustomer>;
  /** The customers' bets and payments (staff are not scored). */
  bets: BetActivity[];
  payments: PaymentActivity[];
  bursts: RapidBurst[];
  spikes: StakeSpike[];
  quickCashOuts: QuickCashOut[];
  sharedAddresses: SharedAddress[];
  bonusCashOuts: BonusCashOut[];
}

export function applyRules(a: FraudActivity, now: Date): RuleFindings {
  const customers = new Map(a.customers.map((c) => [c.id, c]));
  const bets = a.bets.filter((b) => customers.has(b.userId));
  const payments = a.payments.filter((p) => customers.has(p.userId));
  // Grouped and sorted once for the three rules that walk each customer's bets in time order.
  const byCustomer = betsByCustomer(bets);
  const stakes = new StakeIndex(bets, byCustomer);
  const bursts = rapidBursts(bets, byCustomer);
  const spikes = stakeSpikes(bets, byCustomer);
  const quick = quickCashOuts(payments, bets, stakes);
  const bonus = bonusCashOuts(payments, bets, stakes);
  const signals = otherSignals(a.alerts, { bursts, spikes, quickCashOuts: quick, bonusCashOuts: bonus });
  return {
    customers,
    bets,
    payments,
    bursts,
    spikes,
    quickCashOuts: quick,
    sharedAddresses: sharedAddresses(addressUses(a), customers, now, signals),
    bonusCashOuts: bonus,
  };
}

/**
 * What corroborates an account on a shared address range: this scan's findings of the other rules
 * and its unresolved alerts of other types (a resolved one may have been a false positive).
 */
export function otherSignals(
  alerts: readonly ExistingAlert[],
  found: Pick<RuleFindings, "bursts" | "spikes" | "quickCashOuts" | "bonusCashOuts">,
): Signals {
  const out = new Map<string, Set<string>>();
  const add = (userId: string, why: string) => {
    const set = out.get(userId) ?? new Set<string>();
    set.add(why);
    out.set(userId, set);
  };
  for (const b of found.bursts) add(b.userId, "rapid betting");
  for (const s of found.spikes) add(s.bet.userId, "stake spike");
  for (const q of found.quickCashOuts) add(q.withdrawal.userId, "deposit withdrawn with little play");
  for (const b of found.bonusCashOuts) add(b.withdrawal.userId, "bonus withdrawn with little play");
  for (const x of alerts)
    if (x.status !== "resolved" && x.alertType !== "shared_address") add(x.userId, `unresolved ${x.alertType.replace(/_/g, " ")} alert`);
  return new Map([...out].map(([id, set]) => [id, [...set].sort()]));
}

/** Every alert the rules raise over the activity; only triggers inside the scan window count. */
export function detectAlerts(a: FraudActivity, now: Date, found: RuleFindings = applyRules(a, now)): AlertCandidate[] {
  const since = now.getTime() - T.scanWindowMs;
  const { customers } = found;
  const out: AlertCandidate[] = [];

  for (const b of found.bursts) {
    if (b.lastAt.getTime() < since) continue;
    out.push({
      dedupeKey: `rapid_betting:${b.userId}:${b.startBetId}`,
      userId: b.userId,
      alertType: "rapid_betting",
      severity: b.maxInWindow >= T.rapidHighBets ? "high" : "medium",
      description: `${b.maxInWindow} bet slips within ${T.rapidWindowMs / 1000} seconds (${b.betIds.length} bets in the burst, ${money(b.totalStake)} staked)`,
      confidence: null,
      evidence: {
        slipsInWindow: b.maxInWindow,
        burstSlips: b.slips,
        slipSeconds: T.rapidSlipMs / 1000,
        windowSeconds: T.rapidWindowMs / 1000,
        burstBets: b.betIds.length,
        totalStake: b.totalStake,
        firstBetAt: b.firstAt.toISOString(),
        lastBetAt: b.lastAt.toISOString(),
        betIds: b.betIds.slice(0, 50),
      },
    });
  }

  for (const s of found.spikes) {
    if (s.bet.placedAt.getTime() < since) continue;
    out.push({
      dedupeKey: `stake_spike:${s.bet.id}`,
      userId: s.bet.userId,
      alertType: "stake_spike",
      severity: s.ratio >= T.spikeCriticalMultiple ? "critical" : s.ratio >= T.spikeHighMultiple ? "high" : "medium",
      description: `Stake of ${money(s.bet.stake)} is ${s.ratio.toFixed(1)}x the customer's median stake of ${money(s.median)}`,
      confidence: null,
      evidence: { betId: s.bet.id, stake: s.bet.stake, medianStake: s.median, ratio: Math.round(s.ratio * 10) / 10, priorBets: s.priorBets },
    });
  }

  for (const q of found.quickCashOuts) {
    if (q.withdrawal.createdAt.getTime() < since) continue;
    const severe = q.stakes === 0 && q.withdrawal.amount >= q.deposits;
    out.push({
      dedupeKey: `deposit_withdrawal:${q.withdrawal.id}`,
      userId: q.withdrawal.userId,
      alertType: "deposit_withdrawal",
      severity: severe ? "critical" : "high",
      description: `Withdrew ${money(q.withdrawal.amount)} of ${money(q.deposits)} deposited in the previous 24 hours after staking only ${money(q.stakes)}`,
      confidence: null,
      evidence: { withdrawalId: q.withdrawal.id, withdrawal: q.withdrawal.amount, deposits: q.deposits, stakes: q.stakes, windowHours: T.depositWindowMs / 3_600_000 },
    });
  }

  for (const g of found.sharedAddresses) {
    const emails = g.userIds.map((id) => customers.get(id)!.email);
    const days = T.sharedAddressWindowMs / 86_400_000;
    for (const userId of g.userIds) {
      out.push({
        dedupeKey: `shared_address:${g.ip}:${userId}`,
        userId,
        alertType: "shared_address",
        severity: g.userIds.length >= T.sharedAddressHighAccounts ? "high" : "medium",
        description: g.range
          ? `${g.userIds.length} of ${g.accountsSeen} accounts that signed in from ${g.ip} (${g.range.label}, shared by strangers) within ${days} days have other signals: ${g.corroboration![userId].join(", ")}`
          : `${g.userIds.length} accounts signed in from the address ${g.ip} within ${days} days`,
        confidence: null,
        evidence: {
          ip: g.ip,
          accounts: g.userIds.length,
          userIds: g.userIds,
          emails,
          windowDays: days,
          ...(g.range
            ? { sharedRange: { cidr: g.range.cidr, label: g.range.label, kind: g.range.kind }, accountsSeen: g.accountsSeen, corroboration: g.corroboration }
            : {}),
        },
      });
    }
  }

  for (const b of found.bonusCashOuts) {
    if (b.withdrawal.createdAt.getTime() < since) continue;
    out.push({
      dedupeKey: `bonus_abuse:${b.withdrawal.id}`,
      userId: b.withdrawal.userId,
      alertType: "bonus_abuse",
      severity: b.confidence >= 80 ? "high" : "medium",
      description: `Withdrew ${money(b.withdrawal.amount)} after a ${money(b.bonus)} bonus with only ${money(b.stakes)} staked (wagering expected ${money(T.bonusWageringMultiple * b.bonus)})`,
      confidence: b.confidence,
      evidence: {
        abuseType: "bonus_withdrawal",
        withdrawalId: b.withdrawal.id,
        withdrawal: b.withdrawal.amount,
        bonus: b.bonus,
        stakes: b.stakes,
        bonusAt: b.firstBonusAt.toISOString(),
        withdrawnAt: b.withdrawal.createdAt.toISOString(),
      },
    });
  }
  return out;
}

// ---- Transaction monitoring --------------------------------------------------------------------

/** A risk score and its reasons for every bet stake and wallet payment inside the scan window. */
export function scoreTransactions(a: FraudActivity, now: Date, found: RuleFindings = applyRules(a, now)): MonitoringCandidate[] {
  const since = now.getTime() - T.scanWindowMs;
  const { customers, bets, payments } = found;
  const spikes = new Map(found.spikes.map((s) => [s.bet.id, s]));
  const inBurst = new Set<string>();
  for (const b of found.bursts) for (const id of b.betIds) inBurst.add(id);
  const shared = new Set(found.sharedAddresses.flatMap((g) => g.userIds));
  const quick = new Map(found.quickCashOuts.map((q) => [q.withdrawal.id, q]));
  const quickByUser = groupBy(found.quickCashOuts, (q) => q.withdrawal.userId);
  const bonusByWithdrawal = new Map(found.bonusCashOuts.map((b) => [b.withdrawal.id, b]));
  const bonusByUser = groupBy(found.bonusCashOuts, (b) => b.withdrawal.userId);
  const isNew = (userId: string, at: Date) => at.getTime() - customers.get(userId)!.createdAt.getTime() < T.newAccountMs;
  const out: MonitoringCandidate[] = [];

  for (const b of bets) {
    if (b.placedAt.getTime() < since) continue;
    let score = 5;
    const reasons: string[] = [];
    const s = spikes.get(b.id);
    if (s) {
      score += Math.min(70, Math.round(s.ratio * 6));
      reasons.push(`Stake ${s.ratio.toFixed(1)}x the customer's median`);
    }
    if (inBurst.has(b.id)) {
      score += 25;
      reasons.push("Part of a rapid betting burst");
    }
    if (b.stake >= T.largeStake) {
      score += 10;
      reasons.push(`Stake of ${money(T.largeStake)} or more`);
    }
    if (isNew(b.userId, b.placedAt)) {
      score += 10;
      reasons.push("Account under 7 days old");
    }
    out.push({ monitoringType: "bet_stake", reference: b.id, userId: b.userId, amount: b.stake, riskScore: clamp(score, 0, 100), reasons, createdAt: b.placedAt });
  }

  for (const p of payments) {
    if (p.createdAt.getTime() < since) continue;
    const reasons: string[] = [];
    let score: number;
    if (p.kind === "deposit") {
      score = 5;
      if (p.amount >= T.largeDeposit) {
        score += 25;
        reasons.push(`Deposit of ${money(T.largeDeposit)} or more`);
      }
      const followed = (quickByUser.get(p.userId) ?? []).some(
        (q) => q.withdrawal.createdAt.getTime() >= p.createdAt.getTime() &&
          q.withdrawal.createdAt.getTime() - p.createdAt.getTime() <= T.depositWindowMs,
      );
      if (followed) {
        score += 40;
        reasons.push("Withdrawn again within 24 hours with little play");
      }
    } else if (p.kind === "withdrawal") {
      score = 10;
      if (quick.has(p.id)) {
        score += 65;
        reasons.push("At least 80% of the last 24 hours' deposits, with stakes under 20% of them");
      }
      if (bonusByWithdrawal.has(p.id)) {
        score += 20;
        reasons.push("Follows a bonus with little play");
      }
    } else {
      score = 10;
      const abused = (bonusByUser.get(p.userId) ?? []).some(
        (b) => p.createdAt.getTime() >= b.firstBonusAt.getTime() &&
          p.createdAt.getTime() <= b.withdrawal.createdAt.getTime(),
      );
      if (abused) {
        score += 65;
        reasons.push("Withdrawn with little play after the bonus");
      }
    }
    if (shared.has(p.userId)) {
      score += 20;
      reasons.push("Account shares an address with other accounts");
    }
    if (isNew(p.userId, p.createdAt)) {
      score += 10;
      reasons.push("Account under 7 days old");
    }
    out.push({
      monitoringType: p.kind === "adjustment" ? "deposit_bonus" : p.kind,
      reference: p.id,
      userId: p.userId,
      amount: p.amount,
      riskScore: clamp(score, 0, 100),
      reasons,
      createdAt: p.createdAt,
    });
  }
  return out;
}

// ---- User risk profiles ------------------------------------------------------------------------

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
  alerts: readonly { userId: string; severity: FraudSeverity; status: "open" | "investigating" | "resolved"; alertType: FraudAlertType }[],
  monitoring: readonly { userId: string; riskScore: number; createdAt: Date }[],
  now: Date,
): RiskProfileCandidate[] {
  const alertsBy = groupBy(alerts, (x) => x.userId);
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

// ---- Everything at once ------------------------------------------------------------------------

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
