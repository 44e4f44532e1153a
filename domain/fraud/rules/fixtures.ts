/** Builders for the rule tests in this folder (activity around a fixed moment). */
import type { BetActivity, FraudActivity, FraudCustomer, PaymentActivity, SessionActivity } from "./activity.ts";

export const NOW = new Date("2026-11-21T12:00:00.000Z");
export const SEC = 1000;
export const MIN = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
export const at = (msBeforeNow: number) => new Date(NOW.getTime() - msBeforeNow);

export const customer = (id: string, extra: Partial<FraudCustomer> = {}): FraudCustomer => ({
  id, email: `${id}@example.com`, firstName: id, lastName: "Test", isDemo: false, verificationLevel: "full", createdAt: at(60 * DAY), ...extra,
});
let n = 0;
export const bet = (userId: string, stake: number, when: Date, status = "pending"): BetActivity => ({
  id: `bet_${String(++n).padStart(5, "0")}`, userId, stake, placedAt: when, status,
});
export const pay = (userId: string, kind: PaymentActivity["kind"], amount: number, when: Date): PaymentActivity => ({
  id: `tx_${String(++n).padStart(5, "0")}`, userId, kind, amount, createdAt: when,
});
export const signIn = (userId: string, ip: string, when: Date = at(HOUR)): SessionActivity => ({ userId, ip, createdAt: when });
export const activity = (a: Partial<FraudActivity>): FraudActivity => ({
  customers: ["u1", "u2", "u3", "u4", "u5"].map((id) => customer(id)), bets: [], payments: [], sessions: [], signIns: [], alerts: [], ...a,
});

/** The median the slow way (sort, take the middle), to check the running median against. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
