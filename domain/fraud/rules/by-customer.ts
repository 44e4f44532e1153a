/** Grouping activity: by a key, and each customer's bets in time order (walked by several rules). */
import type { BetActivity } from "./activity.ts";

export function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of xs) {
    const k = key(x);
    const list = out.get(k);
    if (list) list.push(x);
    else out.set(k, [x]);
  }
  return out;
}

export const byTime = <T extends { placedAt?: Date; createdAt?: Date; id?: string }>(a: T, b: T) => {
  const ta = (a.placedAt ?? a.createdAt)!.getTime();
  const tb = (b.placedAt ?? b.createdAt)!.getTime();
  return ta - tb || String(a.id ?? "").localeCompare(String(b.id ?? ""));
};

/** Each customer's bets in time order (`byTime`), customers in the order they first appear in `bets`. */
export type BetsByCustomer = ReadonlyMap<string, readonly BetActivity[]>;

export function betsByCustomer(bets: readonly BetActivity[]): BetsByCustomer {
  const out = groupBy(bets, (b) => b.userId);
  for (const list of out.values()) list.sort(byTime);
  return out;
}
