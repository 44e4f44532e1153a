/**
 * Rule 3: deposit then withdrawal with little play: a withdrawal of most of the last window's
 * deposits (withdrawalShareOfDeposits) with stakes under littlePlayShareOfDeposits of them.
 */
import type { AlertCandidate, BetActivity, PaymentActivity } from "./activity.ts";
import { money } from "./format.ts";
import { StakeIndex, withdrawalsWithHistory } from "./stake-index.ts";
import { FRAUD_THRESHOLDS as T } from "./thresholds.ts";

export interface QuickCashOut {
  withdrawal: PaymentActivity;
  deposits: number;
  stakes: number;
}

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

/** The alert for a quick cash-out (not filtered by the scan window: the caller does that). */
export function depositWithdrawalAlert(q: QuickCashOut): AlertCandidate {
  const severe = q.stakes === 0 && q.withdrawal.amount >= q.deposits;
  return {
    dedupeKey: `deposit_withdrawal:${q.withdrawal.id}`,
    userId: q.withdrawal.userId,
    alertType: "deposit_withdrawal",
    severity: severe ? "critical" : "high",
    description: `Withdrew ${money(q.withdrawal.amount)} of ${money(q.deposits)} deposited in the previous 24 hours after staking only ${money(q.stakes)}`,
    confidence: null,
    evidence: { withdrawalId: q.withdrawal.id, withdrawal: q.withdrawal.amount, deposits: q.deposits, stakes: q.stakes, windowHours: T.depositWindowMs / 3_600_000 },
  };
}
