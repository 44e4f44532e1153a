/**
 * Rule 5: bonus claimed then withdrawn: a withdrawal within bonusWithdrawalWindowMs of a bonus with
 * stakes under bonusWageringMultiple times the bonus; the less played, the more confident.
 */
import type { AlertCandidate, BetActivity, PaymentActivity } from "./activity.ts";
import { clamp, money } from "./format.ts";
import { StakeIndex, withdrawalsWithHistory } from "./stake-index.ts";
import { FRAUD_THRESHOLDS as T } from "./thresholds.ts";

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

/** The alert for a bonus withdrawn with little play (the caller filters by the scan window). */
export function bonusAbuseAlert(b: BonusCashOut): AlertCandidate {
  return {
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
  };
}
