/** Transaction monitoring: a risk score and its reasons for every stake and payment, from the rules' findings. */
import type { BetActivity, FraudActivity, MonitoringCandidate, PaymentActivity } from "./activity.ts";
import { groupBy } from "./by-customer.ts";
import { clamp, money } from "./format.ts";
import { applyRules, type RuleFindings } from "./findings.ts";
import { FRAUD_THRESHOLDS as T } from "./thresholds.ts";

/** The rules' findings looked up by bet, payment and customer, built once per scan. */
interface FindingsIndex {
  customers: RuleFindings["customers"];
  spikes: Map<string, RuleFindings["spikes"][number]>;
  firstBets: Map<string, RuleFindings["largeFirstBets"][number]>;
  inBurst: Set<string>;
  shared: Set<string>;
  quick: Map<string, RuleFindings["quickCashOuts"][number]>;
  quickByUser: Map<string, RuleFindings["quickCashOuts"]>;
  bonusByWithdrawal: Map<string, RuleFindings["bonusCashOuts"][number]>;
  bonusByUser: Map<string, RuleFindings["bonusCashOuts"]>;
}

function indexFindings(found: RuleFindings): FindingsIndex {
  const inBurst = new Set<string>();
  for (const b of found.bursts) for (const id of b.betIds) inBurst.add(id);
  return {
    customers: found.customers,
    spikes: new Map(found.spikes.map((s) => [s.bet.id, s])),
    firstBets: new Map(found.largeFirstBets.map((f) => [f.bet.id, f])),
    inBurst,
    shared: new Set(found.sharedAddresses.flatMap((g) => g.userIds)),
    quick: new Map(found.quickCashOuts.map((q) => [q.withdrawal.id, q])),
    quickByUser: groupBy(found.quickCashOuts, (q) => q.withdrawal.userId),
    bonusByWithdrawal: new Map(found.bonusCashOuts.map((b) => [b.withdrawal.id, b])),
    bonusByUser: groupBy(found.bonusCashOuts, (b) => b.withdrawal.userId),
  };
}

function isNew(ix: FindingsIndex, userId: string, at: Date): boolean {
  return at.getTime() - ix.customers.get(userId)!.createdAt.getTime() < T.newAccountMs;
}

function scoreBet(ix: FindingsIndex, b: BetActivity): MonitoringCandidate {
  let score = 5;
  const reasons: string[] = [];
  const s = ix.spikes.get(b.id);
  if (s) {
    score += Math.min(70, Math.round(s.ratio * 6));
    reasons.push(`Stake ${s.ratio.toFixed(1)}x the customer's median`);
  }
  const first = ix.firstBets.get(b.id);
  if (first) {
    score += 40;
    reasons.push(`First bet, within ${T.largeFirstBetWindowMs / 3_600_000} hours of a first deposit of ${money(first.deposit.amount)}`);
  }
  if (ix.inBurst.has(b.id)) {
    score += 25;
    reasons.push("Part of a rapid betting burst");
  }
  if (b.stake >= T.largeStake) {
    score += 10;
    reasons.push(`Stake of ${money(T.largeStake)} or more`);
  }
  if (isNew(ix, b.userId, b.placedAt)) {
    score += 10;
    reasons.push("Account under 7 days old");
  }
  return { monitoringType: "bet_stake", reference: b.id, userId: b.userId, amount: b.stake, riskScore: clamp(score, 0, 100), reasons, createdAt: b.placedAt };
}

/** A deposit's own score: large, or withdrawn again soon with little play. */
function depositScore(ix: FindingsIndex, p: PaymentActivity, reasons: string[]): number {
  let score = 5;
  if (p.amount >= T.largeDeposit) {
    score += 25;
    reasons.push(`Deposit of ${money(T.largeDeposit)} or more`);
  }
  const followed = (ix.quickByUser.get(p.userId) ?? []).some(
    (q) => q.withdrawal.createdAt.getTime() >= p.createdAt.getTime() &&
      q.withdrawal.createdAt.getTime() - p.createdAt.getTime() <= T.depositWindowMs,
  );
  if (followed) {
    score += 40;
    reasons.push("Withdrawn again within 24 hours with little play");
  }
  return score;
}

/** A withdrawal's own score: a quick cash-out, or one that follows a bonus with little play. */
function withdrawalScore(ix: FindingsIndex, p: PaymentActivity, reasons: string[]): number {
  let score = 10;
  if (ix.quick.has(p.id)) {
    score += 65;
    reasons.push("At least 80% of the last 24 hours' deposits, with stakes under 20% of them");
  }
  if (ix.bonusByWithdrawal.has(p.id)) {
    score += 20;
    reasons.push("Follows a bonus with little play");
  }
  return score;
}

/** A bonus's own score: withdrawn with little play between the bonus and the withdrawal. */
function bonusScore(ix: FindingsIndex, p: PaymentActivity, reasons: string[]): number {
  let score = 10;
  const abused = (ix.bonusByUser.get(p.userId) ?? []).some(
    (b) => p.createdAt.getTime() >= b.firstBonusAt.getTime() &&
      p.createdAt.getTime() <= b.withdrawal.createdAt.getTime(),
  );
  if (abused) {
    score += 65;
    reasons.push("Withdrawn with little play after the bonus");
  }
  return score;
}

function scorePayment(ix: FindingsIndex, p: PaymentActivity): MonitoringCandidate {
  const reasons: string[] = [];
  let score =
    p.kind === "deposit" ? depositScore(ix, p, reasons) : p.kind === "withdrawal" ? withdrawalScore(ix, p, reasons) : bonusScore(ix, p, reasons);
  if (ix.shared.has(p.userId)) {
    score += 20;
    reasons.push("Account shares an address with other accounts");
  }
  if (isNew(ix, p.userId, p.createdAt)) {
    score += 10;
    reasons.push("Account under 7 days old");
  }
  return {
    monitoringType: p.kind === "adjustment" ? "deposit_bonus" : p.kind,
    reference: p.id,
    userId: p.userId,
    amount: p.amount,
    riskScore: clamp(score, 0, 100),
    reasons,
    createdAt: p.createdAt,
  };
}

/** A risk score and its reasons for every bet stake and wallet payment inside the scan window. */
export function scoreTransactions(a: FraudActivity, now: Date, found: RuleFindings = applyRules(a, now)): MonitoringCandidate[] {
  const since = now.getTime() - T.scanWindowMs;
  const ix = indexFindings(found);
  const out: MonitoringCandidate[] = [];
  for (const b of found.bets) {
    if (b.placedAt.getTime() < since) continue;
    out.push(scoreBet(ix, b));
  }
  for (const p of found.payments) {
    if (p.createdAt.getTime() < since) continue;
    out.push(scorePayment(ix, p));
  }
  return out;
}
