/** What every rule found in the activity, worked out once per scan for the alerts and the scores alike. */
import type { BetActivity, ExistingAlert, FraudActivity, FraudCustomer, PaymentActivity } from "./activity.ts";
import { bonusCashOuts, type BonusCashOut } from "./bonus-abuse.ts";
import { betsByCustomer } from "./by-customer.ts";
import { quickCashOuts, type QuickCashOut } from "./deposit-withdrawal.ts";
import { largeFirstBets, type LargeFirstBet } from "./large-first-bet.ts";
import { rapidBursts, type RapidBurst } from "./rapid-betting.ts";
import { addressUses, sharedAddresses, type SharedAddress, type Signals } from "./shared-address.ts";
import { StakeIndex } from "./stake-index.ts";
import { stakeSpikes, type StakeSpike } from "./stake-spike.ts";

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
  largeFirstBets: LargeFirstBet[];
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
  const firstBets = largeFirstBets(customers, bets, payments, now, byCustomer);
  const signals = otherSignals(a.alerts, { bursts, spikes, quickCashOuts: quick, bonusCashOuts: bonus, largeFirstBets: firstBets });
  return {
    customers,
    bets,
    payments,
    bursts,
    spikes,
    quickCashOuts: quick,
    sharedAddresses: sharedAddresses(addressUses(a), customers, now, signals),
    bonusCashOuts: bonus,
    largeFirstBets: firstBets,
  };
}

/**
 * What corroborates an account on a shared address range: this scan's findings of the other rules
 * and its unresolved alerts of other types (a resolved one may have been a false positive).
 */
export function otherSignals(
  alerts: readonly ExistingAlert[],
  found: Pick<RuleFindings, "bursts" | "spikes" | "quickCashOuts" | "bonusCashOuts"> & Partial<Pick<RuleFindings, "largeFirstBets">>,
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
  for (const f of found.largeFirstBets ?? []) add(f.bet.userId, "large first bet after the first deposit");
  for (const x of alerts)
    if (x.status !== "resolved" && x.alertType !== "shared_address") add(x.userId, `unresolved ${x.alertType.replace(/_/g, " ")} alert`);
  return new Map([...out].map(([id, set]) => [id, [...set].sort()]));
}
