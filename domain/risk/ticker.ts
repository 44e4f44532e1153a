/**
 * The live bet ticker's item: a bet as operators watch it arrive, with two flags.
 *
 * - large stake: the stake is strictly over the house's threshold (risk_settings
 *   `ticker_large_stake`, default 500.00);
 * - sharp customer: a trader has cut the customer's stake factor below 100 % (the trading desk's
 *   sharp list: that is how a book marks and limits sharp money).
 *
 * Everything else comes from what placement already holds (no read on the placement path),
 * including whose bet it is: a demo customer's bet reaches demo staff only, a registered
 * customer's real staff only (domain/shared/reach.ts).
 */
import { formatOdds } from "../shared/odds.ts";
import { FULL_STAKE_FACTOR_BP } from "../betting/placement-limits.ts";
import type { PlacedBetNotice, TickerItem } from "../ports/bet-ticker.ts";
import { accountKindOf, withinReach, type Reach } from "../shared/reach.ts";

/** 500.00: stakes strictly above it are flagged "large" unless the setting says otherwise. */
export const DEFAULT_LARGE_STAKE_CENTS = 50_000;

export const isLargeStake = (stake: number, thresholdCents: number): boolean => stake > thresholdCents;
/** `stakeFactorBp`: the trading port's stake factor in basis points (10000 = not limited). */
export const isSharpCustomer = (stakeFactorBp: number): boolean => stakeFactorBp < FULL_STAKE_FACTOR_BP;

export function tickerItem(n: PlacedBetNotice, opts: { largeStakeOver: number; stakeFactorBp: number }): TickerItem {
  return {
    betId: n.bet.id,
    placedAt: n.bet.placedAt.toISOString(),
    customerId: n.bet.userId,
    customerName: `${n.customer.firstName} ${n.customer.lastName}`.trim(),
    customerEmail: n.customer.email,
    betType: n.bet.betType,
    selections: n.legs.map((l) => ({
      eventId: l.eventId,
      eventName: l.eventName,
      marketName: l.marketName,
      selectionName: l.selectionName,
      odds: formatOdds(l.oddsMilli),
    })),
    stake: n.bet.stake,
    odds: formatOdds(n.bet.totalOddsMilli),
    potentialReturn: n.bet.potentialReturn,
    flags: { largeStake: isLargeStake(n.bet.stake, opts.largeStakeOver), sharp: isSharpCustomer(opts.stakeFactorBp) },
    demo: n.customer.isDemo,
    customerKind: accountKindOf(n.customer),
  };
}

export type TickerFilter = { largeOnly: boolean; sharpOnly: boolean; reach: Reach };

/**
 * Whether an item passes the ticker's filters ("large stakes only", "sharp customers only"; both: it
 * must be both) and is the bet of a customer within the watcher's reach (the demo sandbox).
 */
export const passesTickerFilter = (item: TickerItem, f: TickerFilter): boolean =>
  withinReach(f.reach, item.customerKind) && (!f.largeOnly || item.flags.largeStake) && (!f.sharpOnly || item.flags.sharp);
