/** Stakes between two moments per customer, and withdrawals with their history (rules 3 and 5). */
import type { BetActivity, PaymentActivity } from "./activity.ts";
import { betsByCustomer, groupBy, type BetsByCustomer } from "./by-customer.ts";

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

/** Every withdrawal with all of its customer's payments (the cash-out rules walk these). */
export const withdrawalsWithHistory = (payments: readonly PaymentActivity[]) => {
  const byUser = groupBy(payments, (p) => p.userId);
  return payments.filter((p) => p.kind === "withdrawal").map((w) => ({ w, mine: byUser.get(w.userId)! }));
};
