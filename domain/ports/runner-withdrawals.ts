/** Rule 4: runners withdrawn from a race, and the race re-formed without them. */
import type { AuditEntry, MarketStatus } from "../shared/types.ts";
import type { EachWayTerms } from "../settlement/each-way.ts";
import type { SettlementPlan } from "./bets.ts";

/** Rule 4: a runner withdrawn from a race, its price and the Tattersalls deduction (pence per pound) at the time. */
export interface RunnerWithdrawal {
  outcomeId: string;
  priceMilli: number;
  deduction: number;
  withdrawnAt: Date;
}

/**
 * The race re-formed in the withdrawal's write (domain/trading/race-reform.ts). The write is refused
 * ("changed", nothing written) when the market moved since it was read: another price, status or
 * set of pending bets.
 */
export interface RaceReformPlan {
  /** The remaining runners' prices as read. */
  pricesRead: { outcomeId: string; priceMilli: number }[];
  /** Their new prices; empty when no book can be made (fewer than two runners). */
  prices: { outcomeId: string; priceMilli: number }[];
  /** Their prices in the market the re-form closes, with the deduction of each (race_reform_prices). */
  closedPrices: { outcomeId: string; priceMilli: number; deduction: number }[];
  /** Each-way terms for new bets (null: none). */
  eachWay: EachWayTerms | null;
  /** When the market takes bets again (markets.reformed_at); bets struck at or before it are refused. */
  reopensAt: Date;
  /** The market's status as read, and after the write (suspended when no book can be made). */
  fromStatus: MarketStatus;
  status: MarketStatus;
  /** The pending bets with a pending leg on the market, as read. */
  pendingBetIds: string[];
  /** The withdrawn runner's singles, void: their stakes back (with each its audit record). */
  voids: SettlementPlan[];
  /** Each-way bets whose most possible return rose with the smaller field: their potential return raised. */
  raises: { betId: string; from: number; to: number }[];
}

/** Withdrawing a runner: one audited write, guarded inside it (market unsettled, runner not already withdrawn). */
export interface RunnerWithdrawals {
  withdraw(
    w: RunnerWithdrawal & { marketId: string; by: string },
    audit: AuditEntry,
    reform: RaceReformPlan | null,
  ): Promise<"withdrawn" | "already_withdrawn" | "settled" | "not_found" | "changed">;
}
