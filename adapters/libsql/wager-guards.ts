/**
 * A wager's responsible-gambling gates as statements inside its write (domain WagerGuards): the
 * customer is active, has no time-out or self-exclusion still running at `guards.at` (whenever it
 * started, so one taken between the use case's check and this write refuses the wager too), and in
 * each loss-limit window their net losses (postings of the NET_LOSS_KINDS to the wallet after
 * `since`, negated) plus this amount stay within the limit. Bet placement (adapters/libsql/bets.ts)
 * and fantasy entries put these before the wager's own ledger statements, so the losses counted are
 * those before this wager.
 */
import type { InStatement } from "@libsql/client";
import type { WagerGuards } from "../../domain/ports/index.ts";
import { NET_LOSS_KINDS } from "../../domain/responsible/limits.ts";
import { assertStatement } from "./database.ts";
import { FULL_STAKE_FACTOR_BP } from "../../domain/betting/placement-limits.ts";
import { exclusionInForceSql } from "./responsible.ts";

const NET_LOSS_KIND_LIST = NET_LOSS_KINDS.map((k) => `'${k}'`).join(",");

/** One assertion per loss-limit window: net losses after `since` plus `amount` stay within `limit`. */
function lossLimitAssertions(walletAccountId: string, windows: readonly { since: Date; limit: number }[], amount: number): InStatement[] {
  return windows.map((w) =>
    assertStatement(
      `-(SELECT COALESCE(SUM(p.amount), 0) FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
         WHERE p.account_id = ? AND t.kind IN (${NET_LOSS_KIND_LIST}) AND t.created_at > ?) + ? <= ?`,
      [walletAccountId, w.since.getTime(), amount, w.limit],
    ),
  );
}

/** Bet placement: the customer's stake factor now (a trader may have lowered it since the use case read it) still allows the stake. */
function stakeFactorAssertion(userId: string, minFactorBp: number): InStatement {
  return assertStatement(`COALESCE((SELECT factor_bp FROM customer_stake_factors WHERE user_id = ?), ${FULL_STAKE_FACTOR_BP}) >= ?`, [userId, minFactorBp]);
}

export function wagerGuardStatements(userId: string, walletAccountId: string, guards: WagerGuards, amount: number): InStatement[] {
  return [
    ...activeAndNotExcluded(userId, guards.at),
    ...lossLimitAssertions(walletAccountId, guards.lossLimits, amount),
    ...(guards.minStakeFactorBp !== undefined ? [stakeFactorAssertion(userId, guards.minStakeFactorBp)] : []),
  ];
}

/**
 * The write aborts unless the customer is active and has no time-out or self-exclusion still
 * in force at `at` (a self-exclusion past its period counts until the return's cooling-off ends,
 * responsible.ts exclusionInForceSql). An exclusion counts whenever it started: one taken between the use case's check
 * (at `at`) and this write refuses the write too.
 */
export const activeAndNotExcluded = (userId: string, at: Date): InStatement[] => [
  // One statement for both conditions: every statement in a write is prepared and run on the hot path.
  assertStatement(
    `EXISTS (SELECT 1 FROM users WHERE id = ?1 AND is_active = 1)
     AND NOT EXISTS (SELECT 1 FROM responsible_exclusions WHERE user_id = ?2 AND ${exclusionInForceSql("?3")})`,
    [userId, userId, at.getTime()],
  ),
];
