/** Rule 2: a stake far above the customer's history, with an absolute floor (spikeMinStake). */
import type { AlertCandidate, BetActivity } from "./activity.ts";
import { money } from "./format.ts";
import { betsByCustomer, type BetsByCustomer } from "./by-customer.ts";
import { RunningMedian } from "./running-median.ts";
import { FRAUD_THRESHOLDS as T } from "./thresholds.ts";

export interface StakeSpike {
  bet: BetActivity;
  median: number;
  ratio: number;
  priorBets: number;
}

/**
 * Each bet of at least spikeMinStake (an absolute floor: a 6.00 stake after five 1.00 ones is not
 * worth an operator's look) whose stake is more than spikeMultiple times the median stake of the
 * customer's earlier bets (strictly earlier: bets placed in the same millisecond are not each
 * other's history), once there are spikeMinPriorBets of those. One pass per customer with a running median: a customer's
 * 90 days can hold tens of thousands of bets, and re-sorting the history for every bet was quadratic.
 */
export function stakeSpikes(bets: readonly BetActivity[], byCustomer: BetsByCustomer = betsByCustomer(bets)): StakeSpike[] {
  const out: StakeSpike[] = [];
  for (const sorted of byCustomer.values()) {
    const prior = new RunningMedian();
    for (let i = 0; i < sorted.length; ) {
      const t = sorted[i].placedAt.getTime();
      let end = i;
      while (end < sorted.length && sorted[end].placedAt.getTime() === t) end++;
      const m = prior.value();
      if (prior.size >= T.spikeMinPriorBets && m > 0)
        for (let k = i; k < end; k++) {
          const ratio = sorted[k].stake / m;
          if (ratio > T.spikeMultiple && sorted[k].stake >= T.spikeMinStake) out.push({ bet: sorted[k], median: m, ratio, priorBets: prior.size });
        }
      for (; i < end; i++) prior.add(sorted[i].stake);
    }
  }
  return out;
}

/** The alert for a spike (the caller filters by the scan window). */
export function stakeSpikeAlert(s: StakeSpike): AlertCandidate {
  return {
    dedupeKey: `stake_spike:${s.bet.id}`,
    userId: s.bet.userId,
    alertType: "stake_spike",
    severity: s.ratio >= T.spikeCriticalMultiple ? "critical" : s.ratio >= T.spikeHighMultiple ? "high" : "medium",
    description: `Stake of ${money(s.bet.stake)} is ${s.ratio.toFixed(1)}x the customer's median stake of ${money(s.median)}`,
    confidence: null,
    evidence: { betId: s.bet.id, stake: s.bet.stake, medianStake: s.median, ratio: Math.round(s.ratio * 10) / 10, priorBets: s.priorBets },
  };
}
