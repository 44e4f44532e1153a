/**
 * Rule 4: several accounts from one address, weighed against known shared ranges (carrier-grade
 * NAT and mobile carriers, rules/address-ranges.ts), where strangers share addresses: there an
 * account counts only when another signal corroborates it.
 */
import type { AlertCandidate, FraudActivity, FraudCustomer, SessionActivity } from "./activity.ts";
import { sharedRangeOf, type AddressRange } from "./address-ranges.ts";
import { groupBy } from "./by-customer.ts";
import { FRAUD_THRESHOLDS as T } from "./thresholds.ts";

export interface SharedAddress {
  ip: string;
  /** The accounts to alert: every account seen on an ordinary address; on a shared range, the corroborated ones. */
  userIds: string[];
  /** Of userIds, the one that came to the address last (its first use there is the latest): the alert's subject. */
  newest: string;
  /** Only for an address in a known shared range (carrier-grade NAT, a mobile carrier). */
  range?: AddressRange;
  /** Only for a shared range: every account seen on the address (userIds are those among them with other signals). */
  accountsSeen?: number;
  /** Only for a shared range: the other signals of each alerted account. */
  corroboration?: Record<string, string[]>;
}

/** Other signals per customer (other rules' findings and unresolved alerts), in words. */
export type Signals = ReadonlyMap<string, readonly string[]>;

/** Every known use of an address: the live sessions and the durable sign-in records (a customer may be in both). */
export const addressUses = (a: Pick<FraudActivity, "sessions" | "signIns">): SessionActivity[] => [...a.sessions, ...a.signIns];

/**
 * Addresses used by at least sharedAddressMinAccounts customers within the window before `now`. Demo
 * accounts are left out: every demo login creates a fresh account, so one visitor trying the demo
 * would look like a ring. Each customer counts once per address, however many sessions or sign-ins
 * they have from it.
 *
 * An address in a known shared range (address-ranges.ts) is weighed, not counted: strangers share
 * it, so only accounts with another signal (`signals`) are alerted, and only when at least
 * sharedRangeMinCorroborated of them share it. Without signals such an address raises nothing.
 */
export function sharedAddresses(
  sessions: readonly SessionActivity[],
  customers: ReadonlyMap<string, FraudCustomer>,
  now: Date,
  signals: Signals = new Map(),
  ranges?: readonly AddressRange[],
): SharedAddress[] {
  const since = now.getTime() - T.sharedAddressWindowMs;
  const recent = sessions.filter((s) => s.ip && s.createdAt.getTime() >= since && customers.get(s.userId) && !customers.get(s.userId)!.isDemo);
  const out: SharedAddress[] = [];
  for (const [ip, list] of groupBy(recent, (s) => s.ip!)) {
    const userIds = [...new Set(list.map((s) => s.userId))].sort();
    if (userIds.length < T.sharedAddressMinAccounts) continue;
    const firstSeen = new Map<string, number>();
    for (const s of list) firstSeen.set(s.userId, Math.min(firstSeen.get(s.userId) ?? Infinity, s.createdAt.getTime()));
    const newestOf = (ids: string[]) => ids.reduce((a, b) => (firstSeen.get(b)! >= firstSeen.get(a)! ? b : a));
    const range = sharedRangeOf(ip, ranges);
    if (!range) {
      out.push({ ip, userIds, newest: newestOf(userIds) });
      continue;
    }
    const corroborated = userIds.filter((id) => (signals.get(id)?.length ?? 0) > 0);
    if (corroborated.length < T.sharedRangeMinCorroborated) continue;
    out.push({
      ip,
      userIds: corroborated,
      newest: newestOf(corroborated),
      range,
      accountsSeen: userIds.length,
      corroboration: Object.fromEntries(corroborated.map((id) => [id, [...signals.get(id)!]])),
    });
  }
  return out;
}

/**
 * A short stable digest of a set of account ids (FNV-1a, 32 bits): an incident's key names its
 * accounts without growing with them.
 */
function digest(ids: readonly string[]): string {
  let h = 0x811c9dc5;
  for (const ch of ids.join(",")) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/**
 * ONE alert per incident: an address and the accounts on it. Its subject is the account that came
 * last (`newest`); every account is in the evidence and in `accounts`, so each one's risk profile
 * counts it, while the rule's precision counts the incident once. The key names the address and the
 * set of accounts: the same set never raises twice, and a set that changes after the operator
 * resolved the alert is a new incident (while an alert on the address is unresolved nothing more is
 * raised: detectAlerts).
 */
export function sharedAddressAlert(g: SharedAddress, customers: ReadonlyMap<string, FraudCustomer>): AlertCandidate {
  const emails = g.userIds.map((id) => customers.get(id)!.email);
  const days = T.sharedAddressWindowMs / 86_400_000;
  return {
    dedupeKey: `shared_address:${g.ip}#${g.userIds.length}:${digest(g.userIds)}`,
    userId: g.newest,
    accounts: g.userIds,
    alertType: "shared_address",
    severity: g.userIds.length >= T.sharedAddressHighAccounts ? "high" : "medium",
    description: g.range
      ? `${g.userIds.length} of ${g.accountsSeen} accounts that signed in from ${g.ip} (${g.range.label}, shared by strangers) within ${days} days have other signals: ${emails.join(", ")}`
      : `${g.userIds.length} accounts signed in from the address ${g.ip} within ${days} days: ${emails.join(", ")}`,
    confidence: null,
    evidence: {
      ip: g.ip,
      accounts: g.userIds.length,
      userIds: g.userIds,
      emails,
      windowDays: days,
      ...(g.range
        ? { sharedRange: { cidr: g.range.cidr, label: g.range.label, kind: g.range.kind }, accountsSeen: g.accountsSeen, corroboration: g.corroboration }
        : {}),
    },
  };
}
