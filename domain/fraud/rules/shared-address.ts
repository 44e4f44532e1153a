/**
 * Rule 4: several accounts from one address, weighed against known shared ranges (carrier-grade
 * NAT and mobile carriers, rules/address-ranges.ts), where strangers share addresses: there an
 * account counts only when another signal corroborates it.
 */
import type { FraudActivity, FraudCustomer, SessionActivity } from "../rules.ts";
import { groupBy } from "./by-customer.ts";
import { FRAUD_THRESHOLDS as T } from "./thresholds.ts";

export interface SharedAddress {
  ip: string;
  userIds: string[];
}

/** Every known use of an address: the live sessions and the durable sign-in records (a customer may be in both). */
export const addressUses = (a: Pick<FraudActivity, "sessions" | "signIns">): SessionActivity[] => [...a.sessions, ...a.signIns];

/** Addresses used by at least sharedAddressMinAccounts customers within the window before `now`. Demo accounts are left out:
 * every demo login creates a fresh account, so one visitor trying the demo would look like a ring. Each
 * customer counts once per address, however many sessions or sign-ins they have from it. */
export function sharedAddresses(
  sessions: readonly SessionActivity[],
  customers: ReadonlyMap<string, FraudCustomer>,
  now: Date,
): SharedAddress[] {
  const since = now.getTime() - T.sharedAddressWindowMs;
  const recent = sessions.filter((s) => s.ip && s.createdAt.getTime() >= since && customers.get(s.userId) && !customers.get(s.userId)!.isDemo);
  const out: SharedAddress[] = [];
  for (const [ip, list] of groupBy(recent, (s) => s.ip!)) {
    const userIds = [...new Set(list.map((s) => s.userId))].sort();
    if (userIds.length >= T.sharedAddressMinAccounts) out.push({ ip, userIds });
  }
  return out;
}
