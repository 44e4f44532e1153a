/**
 * The bonus wallet (docs/money.md "Bonus funds"). Pure rules:
 * - a customer's bonus funds sit in their own ledger account `bonus:<userId>` (kind bonus, never
 *   below zero), opened with the wallet;
 * - a stake is paid cash first, then bonus (splitStake);
 * - a bet's return is split by the same proportion: floor(return x bonusStake / stake) to the bonus
 *   account, the rest to cash (returnPostings, the ONE place a bet's payout postings are built);
 * - wagering: the bonus converts to cash once settled qualifying stakes reach the requirement
 *   (wageringState), or expires (bonus -> house) after its expiry date.
 */
import type { Cents } from "../shared/money.ts";
import { HOUSE_ACCOUNT, transfer, walletAccountId, type Posting } from "./ledger.ts";

export const bonusAccountId = (userId: string) => `bonus:${userId}`;

/** Settings (bonus_settings): wagering multiple (at most 10), minimum odds (thousandths), days to expiry. */
export interface BonusSettings {
  wageringMultiple: number;
  minOddsMilli: number;
  expiryDays: number;
}
export const DEFAULT_BONUS_SETTINGS: BonusSettings = { wageringMultiple: 10, minOddsMilli: 1500, expiryDays: 30 };

export interface StakeSplit {
  cash: Cents;
  bonus: Cents;
}

/**
 * Cash first, then bonus, from the balances read before the write. When the two together fall
 * short the whole stake is asked of cash, so the write's overdraft CHECK refuses it as before
 * (BET.INSUFFICIENT_FUNDS); a concurrent spend of either part is refused the same way.
 */
export function splitStake(stake: Cents, balances: { cash: Cents; bonus: Cents }): StakeSplit {
  const cash = Math.max(0, balances.cash);
  if (stake <= cash || stake > cash + Math.max(0, balances.bonus)) return { cash: stake, bonus: 0 };
  return { cash, bonus: stake - cash };
}

/** The stake's postings: wallet -cash, bonus -bonus, house +stake (a part of 0 is left out). */
export function stakePostings(userId: string, split: StakeSplit): Posting[] {
  const out: Posting[] = [];
  if (split.cash > 0) out.push({ accountId: walletAccountId(userId), amount: -split.cash });
  if (split.bonus > 0) out.push({ accountId: bonusAccountId(userId), amount: -split.bonus });
  out.push({ accountId: HOUSE_ACCOUNT, amount: split.cash + split.bonus });
  return out;
}

/** The part of a bet's return that belongs to its bonus stake: floor(amount x bonusStake / stake). */
export function bonusShareOf(amount: Cents, bet: { stake: Cents; bonusStake?: Cents }): Cents {
  const b = bet.bonusStake ?? 0;
  if (b <= 0 || bet.stake <= 0 || amount <= 0) return 0;
  return Number((BigInt(amount) * BigInt(b)) / BigInt(bet.stake));
}

/**
 * The postings of money the house pays for a bet (payout, void refund, cash-out): the bonus share to
 * the bonus account, the rest to the wallet. A correction of a return, either way, is debt.ts
 * correctionPostings (it takes money back from where it went).
 */
export function returnPostings(bet: { userId: string; stake: Cents; bonusStake?: Cents }, amount: Cents): Posting[] {
  if (amount < 0) throw new Error("A bet's return is never negative: a correction goes through correctionPostings");
  const bonus = bonusShareOf(amount, bet);
  const cash = amount - bonus;
  if (bonus === 0) return transfer(HOUSE_ACCOUNT, walletAccountId(bet.userId), amount);
  const out: Posting[] = [{ accountId: HOUSE_ACCOUNT, amount: -amount }];
  if (cash > 0) out.push({ accountId: walletAccountId(bet.userId), amount: cash });
  out.push({ accountId: bonusAccountId(bet.userId), amount: bonus });
  return out;
}

export interface BonusGrant {
  id: string;
  amount: Cents;
  wageringRequired: Cents;
  minOddsMilli: number;
  grantedAt: Date;
  expiresAt: Date;
}

/** What a customer's bonus stands at: the active grants taken together. */
export interface WageringState {
  balance: Cents;
  active: boolean;
  required: Cents;
  wagered: Cents;
  minOddsMilli: number;
  /** The latest expiry of the active grants. */
  expiresAt: Date | null;
  /** Since when stakes count: the earliest active grant. */
  countsFrom: Date | null;
}

export function wageringState(balance: Cents, grants: readonly BonusGrant[], wagered: Cents): WageringState {
  if (grants.length === 0)
    return { balance, active: false, required: 0, wagered: 0, minOddsMilli: DEFAULT_BONUS_SETTINGS.minOddsMilli, expiresAt: null, countsFrom: null };
  return {
    balance,
    active: true,
    required: grants.reduce((s, g) => s + g.wageringRequired, 0),
    wagered,
    minOddsMilli: Math.max(...grants.map((g) => g.minOddsMilli)),
    expiresAt: new Date(Math.max(...grants.map((g) => g.expiresAt.getTime()))),
    countsFrom: new Date(Math.min(...grants.map((g) => g.grantedAt.getTime()))),
  };
}

export type BonusStep =
  | { kind: "none" }
  /** Wagering met, or bonus money with no active grant (returns of bonus stakes after release or expiry). */
  | { kind: "release"; amount: Cents }
  | { kind: "expire"; amount: Cents };

/** What the upkeep does now: release when wagering is met, else expire when past the expiry. */
export function nextBonusStep(s: WageringState, now: Date): BonusStep {
  if (!s.active) return s.balance > 0 ? { kind: "release", amount: s.balance } : { kind: "none" };
  if (s.wagered >= s.required) return { kind: "release", amount: s.balance };
  if (s.expiresAt && now.getTime() >= s.expiresAt.getTime()) return { kind: "expire", amount: s.balance };
  return { kind: "none" };
}

/** The transfer closing a bonus: release bonus -> wallet, expiry bonus -> house. */
export function closingPostings(userId: string, step: Exclude<BonusStep, { kind: "none" }>): Posting[] {
  return step.kind === "release"
    ? transfer(bonusAccountId(userId), walletAccountId(userId), step.amount)
    : transfer(bonusAccountId(userId), HOUSE_ACCOUNT, step.amount);
}
