/**
 * Deposit and loss limits (daily, weekly, monthly), pure.
 *
 * Periods are ROLLING windows ending now: daily = the last 24 hours, weekly = the last 7 x 24
 * hours, monthly = the last 30 x 24 hours. We chose rolling windows over calendar ones because
 * they have no time-zone or midnight edge a customer could game (deposit 500 at 23:59 and again at
 * 00:01), and a limit means the same thing whenever it is read. A deposit made at T counts against
 * the daily limit until T + 24 h and no longer.
 *
 * Changes: a first limit, or a lower (or equal) one, applies at once and cancels any pending
 * increase. A higher limit or the removal of a limit is only recorded as pending and applies 24
 * hours after it was asked for (the cooling-off period); until then the old limit holds.
 */
import type { Cents } from "../shared/money.ts";
import type { TransactionKind } from "../wallet/ledger.ts";

/**
 * The ledger kinds whose wallet postings make up net losses: stakes and entry fees out, payouts,
 * refunds, resettlements and cash outs back in. Net loss in a window = -(sum of these postings).
 */
export const NET_LOSS_KINDS: readonly TransactionKind[] = [
  "bet_stake", "bet_payout", "bet_refund", "bet_resettlement", "cash_out",
  "contest_entry", "contest_entry_refund", "contest_payout",
];

export type LimitType = "deposit" | "loss";
export type LimitPeriod = "daily" | "weekly" | "monthly";
export const LIMIT_PERIODS: readonly LimitPeriod[] = ["daily", "weekly", "monthly"];

const HOUR_MS = 3_600_000;
export const WINDOW_MS: Record<LimitPeriod, number> = {
  daily: 24 * HOUR_MS,
  weekly: 7 * 24 * HOUR_MS,
  monthly: 30 * 24 * HOUR_MS,
};
/** How long an increase or removal waits before it applies. */
export const COOLING_OFF_MS = 24 * HOUR_MS;

/** Start of the rolling window of `period` that ends at `now` (exclusive: usage counts after it). */
export const windowStart = (period: LimitPeriod, now: Date): Date => new Date(now.getTime() - WINDOW_MS[period]);

/** The product spec's default limits, offered as suggestions; no limit is set until the customer sets one. */
export const SUGGESTED_LIMITS: Record<LimitType, Record<LimitPeriod, Cents>> = {
  deposit: { daily: 50_000, weekly: 150_000, monthly: 500_000 },
  loss: { daily: 20_000, weekly: 50_000, monthly: 100_000 },
};

export interface PendingLimit {
  /** The new limit; null = removal. */
  amount: Cents | null;
  effectiveAt: Date;
}
export interface LimitSetting {
  /** The limit in force; null = none. */
  amount: Cents | null;
  pending: PendingLimit | null;
}
export type PeriodLimits = Record<LimitPeriod, LimitSetting>;
export type PeriodAmounts = Record<LimitPeriod, Cents>;

export const NO_LIMIT: LimitSetting = { amount: null, pending: null };
export const noLimits = (): PeriodLimits => ({ daily: NO_LIMIT, weekly: NO_LIMIT, monthly: NO_LIMIT });

/** The setting as it stands at `now`: a pending change whose time has come is in force. */
export function effectiveLimit(s: LimitSetting, now: Date): LimitSetting {
  if (s.pending && s.pending.effectiveAt.getTime() <= now.getTime()) return { amount: s.pending.amount, pending: null };
  return s;
}

export type LimitChange =
  | { applies: "immediately"; setting: LimitSetting }
  | { applies: "after_cooling_off"; setting: LimitSetting }
  | { applies: "unchanged"; setting: LimitSetting };

/** Ask for a new limit (`next` null = remove) at `now`. */
export function changeLimit(current: LimitSetting, next: Cents | null, now: Date): LimitChange {
  const s = effectiveLimit(current, now);
  if (next === null) {
    if (s.amount === null) return { applies: "unchanged", setting: s };
    return { applies: "after_cooling_off", setting: { amount: s.amount, pending: { amount: null, effectiveAt: new Date(now.getTime() + COOLING_OFF_MS) } } };
  }
  if (s.amount === null || next <= s.amount) return { applies: "immediately", setting: { amount: next, pending: null } };
  return { applies: "after_cooling_off", setting: { amount: s.amount, pending: { amount: next, effectiveAt: new Date(now.getTime() + COOLING_OFF_MS) } } };
}

/**
 * The loss-limit windows in force at `now`, each as its start and limit, for a wager's write to
 * re-check inside itself: net losses (NET_LOSS_KINDS postings after `since`) plus the new stake or
 * entry fee must stay within `limit`.
 */
export function lossLimitWindows(loss: PeriodLimits, now: Date): { since: Date; limit: Cents }[] {
  return LIMIT_PERIODS.flatMap((period) => {
    const { amount } = effectiveLimit(loss[period], now);
    return amount === null ? [] : [{ since: windowStart(period, now), limit: amount }];
  });
}

export interface LimitBreach {
  period: LimitPeriod;
  limit: Cents;
  used: Cents;
}

/**
 * The first period whose limit `adding` would pass, given what is already used in each window
 * (deposits, or net losses which may be negative after wins), or null when all allow it.
 */
export function firstBreach(limits: PeriodLimits, used: PeriodAmounts, adding: Cents, now: Date): LimitBreach | null {
  for (const period of LIMIT_PERIODS) {
    const { amount } = effectiveLimit(limits[period], now);
    if (amount !== null && used[period] + adding > amount) return { period, limit: amount, used: Math.max(0, used[period]) };
  }
  return null;
}
