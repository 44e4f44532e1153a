/**
 * Rule 1: rapid repeated bets. A customer placing bet after bet within seconds (a bot, or someone
 * chasing losses or courtside information) is a burst; a customer sending five singles from one
 * slip is one action and is not. So bets are first grouped into slips (placed within
 * rapidSlipMs of the slip's first bet) and the burst counts slips.
 */
import type { AlertCandidate, BetActivity } from "./activity.ts";
import { money } from "./format.ts";
import { betsByCustomer, type BetsByCustomer } from "./by-customer.ts";
import { FRAUD_THRESHOLDS as T } from "./thresholds.ts";

export interface RapidBurst {
  userId: string;
  /** The bet that started the chain: a bet with no earlier bet by the same customer within the window. */
  startBetId: string;
  betIds: string[];
  /** The most slips (bets placed together count once) inside any one window of the chain. */
  maxInWindow: number;
  /** Slips in the whole chain. */
  slips: number;
  firstAt: Date;
  lastAt: Date;
  totalStake: number;
}

/**
 * When each slip of a customer's time-ordered bets started: a bet placed within rapidSlipMs of the
 * current slip's first bet joins that slip (singles sent together from one bet slip), any later
 * one starts a new slip. Anchored on the slip's first bet, so a steady stream of bets a second
 * apart is many slips, not one.
 */
export function slipStarts(sorted: readonly BetActivity[]): number[] {
  const starts: number[] = [];
  for (const b of sorted) {
    const t = b.placedAt.getTime();
    if (starts.length === 0 || t - starts[starts.length - 1] > T.rapidSlipMs) starts.push(t);
  }
  return starts;
}

/**
 * Chains of bets where each follows the previous within the window; a chain is a burst when some
 * window inside it holds at least rapidMinBets slips (bets placed together count once, so five
 * singles from one slip are one). The chain's first bet names it, so the key stays the same as the
 * chain grows.
 */
export function rapidBursts(bets: readonly BetActivity[], byCustomer: BetsByCustomer = betsByCustomer(bets)): RapidBurst[] {
  const out: RapidBurst[] = [];
  for (const [userId, sorted] of byCustomer) {
    let chain: BetActivity[] = [];
    const flush = () => {
      if (chain.length >= T.rapidMinBets) {
        const starts = slipStarts(chain);
        let best = 0;
        let lo = 0;
        for (let hi = 0; hi < starts.length; hi++) {
          while (starts[hi] - starts[lo] > T.rapidWindowMs) lo++;
          best = Math.max(best, hi - lo + 1);
        }
        if (best >= T.rapidMinBets)
          out.push({
            userId,
            startBetId: chain[0].id,
            betIds: chain.map((b) => b.id),
            maxInWindow: best,
            slips: starts.length,
            firstAt: chain[0].placedAt,
            lastAt: chain[chain.length - 1].placedAt,
            totalStake: chain.reduce((s, b) => s + b.stake, 0),
          });
      }
    };
    for (const b of sorted) {
      const prev = chain[chain.length - 1];
      if (prev && b.placedAt.getTime() - prev.placedAt.getTime() > T.rapidWindowMs) {
        flush();
        chain = [];
      }
      chain.push(b);
    }
    flush();
  }
  return out;
}

/** The alert for a burst (the caller filters by the scan window). */
export function rapidBettingAlert(b: RapidBurst): AlertCandidate {
  return {
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
  };
}
