/**
 * Rule 6: a large first bet soon after the first deposit. A new account that deposits and at once
 * stakes a large share of it is the pattern of a stolen card being cashed through the book, or of
 * money passed through an account opened for it; a customer with a history is not judged by this
 * rule (the stake-spike rule weighs a stake against their history).
 *
 * Flagged: the account's first bet ever, placed after its first deposit and within
 * largeFirstBetWindowMs of it, with a stake of at least largeFirstBetMinStake (an absolute floor:
 * a 40.00 first bet after a 50.00 deposit is an ordinary start) and at least
 * largeFirstBetShareOfDeposit of that deposit. Only accounts younger than the lookback are judged,
 * so their first deposit and first bet are in the activity read.
 */
import type { AlertCandidate, BetActivity, FraudCustomer, PaymentActivity } from "./activity.ts";
import { money } from "./format.ts";
import { betsByCustomer, groupBy, type BetsByCustomer } from "./by-customer.ts";
import { FRAUD_THRESHOLDS as T } from "./thresholds.ts";

export interface LargeFirstBet {
  bet: BetActivity;
  deposit: PaymentActivity;
  /** Milliseconds from the deposit to the bet. */
  afterMs: number;
}

export function largeFirstBets(
  customers: ReadonlyMap<string, FraudCustomer>,
  bets: readonly BetActivity[],
  payments: readonly PaymentActivity[],
  now: Date,
  byCustomer: BetsByCustomer = betsByCustomer(bets),
): LargeFirstBet[] {
  const out: LargeFirstBet[] = [];
  const oldest = now.getTime() - T.lookbackMs;
  const deposits = groupBy(payments.filter((p) => p.kind === "deposit"), (p) => p.userId);
  for (const [userId, mine] of deposits) {
    const customer = customers.get(userId);
    if (!customer || customer.createdAt.getTime() < oldest) continue;
    const first = mine.reduce((a, b) => (b.createdAt.getTime() < a.createdAt.getTime() || (b.createdAt.getTime() === a.createdAt.getTime() && b.id < a.id) ? b : a));
    const bet = byCustomer.get(userId)?.[0];
    if (!bet) continue;
    const afterMs = bet.placedAt.getTime() - first.createdAt.getTime();
    if (afterMs < 0 || afterMs > T.largeFirstBetWindowMs) continue;
    if (bet.stake >= T.largeFirstBetMinStake && bet.stake >= T.largeFirstBetShareOfDeposit * first.amount) out.push({ bet, deposit: first, afterMs });
  }
  return out;
}

/** "less than a minute", "12 minutes", "3 hours". */
function after(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "less than a minute";
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  return `${hours} hours`;
}

/** The alert for a large first bet (the caller filters by the scan window). */
export function largeFirstBetAlert(x: LargeFirstBet): AlertCandidate {
  const share = x.bet.stake / x.deposit.amount;
  return {
    dedupeKey: `large_first_bet:${x.bet.id}`,
    userId: x.bet.userId,
    alertType: "large_first_bet",
    severity: x.bet.stake >= T.largeFirstBetHighStake ? "high" : "medium",
    description: `First bet of ${money(x.bet.stake)} placed ${after(x.afterMs)} after the account's first deposit of ${money(x.deposit.amount)} (${Math.round(share * 100)}% of it)`,
    confidence: null,
    evidence: {
      betId: x.bet.id,
      stake: x.bet.stake,
      depositId: x.deposit.id,
      deposit: x.deposit.amount,
      minutesAfterDeposit: Math.round(x.afterMs / 60_000),
      shareOfDeposit: Math.round(share * 100) / 100,
    },
  };
}
