/** Transaction monitoring: a risk score and its reasons for every stake and payment, from the rules' findings. */
import type { FraudActivity, MonitoringCandidate } from "./activity.ts";
import { groupBy } from "./by-customer.ts";
import { clamp, money } from "./format.ts";
import { applyRules, type RuleFindings } from "./findings.ts";
import { FRAUD_THRESHOLDS as T } from "./thresholds.ts";

/** A risk score and its reasons for every bet stake and wallet payment inside the scan window. */
export function scoreTransactions(a: FraudActivity, now: Date, found: RuleFindings = applyRules(a, now)): MonitoringCandidate[] {
  const since = now.getTime() - T.scanWindowMs;
  const { customers, bets, payments } = found;
  const spikes = new Map(found.spikes.map((s) => [s.bet.id, s]));
  const firstBets = new Map(found.largeFirstBets.map((f) => [f.bet.id, f]));
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
    const first = firstBets.get(b.id);
    if (first) {
      score += 40;
      reasons.push(`First bet, within ${T.largeFirstBetWindowMs / 3_600_000} hours of a first deposit of ${money(first.deposit.amount)}`);
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
