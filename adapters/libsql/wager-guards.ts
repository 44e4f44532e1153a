/**
 * A wager's responsible-gambling gates as statements inside its write (domain WagerGuards): the
 * customer is active, has no time-out or self-exclusion still running at `guards.at`, and in each
 * loss-limit window their net losses (postings of the NET_LOSS_KINDS to the wallet after `since`,
 * negated) plus this amount stay within the limit. The conditions of the bet placement write
 * (adapters/libsql/bets.ts), with one difference: an exclusion counts whenever it started, so a
 * time-out taken between the use case's check (at `guards.at`) and this write refuses the wager
 * too (placement's activeAndNotExcluded only counts exclusions started by `at`). Put these before
 * the wager's own ledger statements, so the losses counted are those before this wager.
 */
import type { InStatement } from "@libsql/client";
import type { WagerGuards } from "../../domain/ports/index.ts";
import { NET_LOSS_KINDS } from "../../domain/responsible/limits.ts";
import { assertStatement } from "./database.ts";

const NET_LOSS_KIND_LIST = NET_LOSS_KINDS.map((k) => `'${k}'`).join(",");

/**
 * One assertion per loss-limit window: net losses (postings of the NET_LOSS_KINDS to the wallet
 * after `since`, negated) plus `amount` stay within `limit`. Bet placement and fantasy entries both
 * put these in their write, before their own ledger statements.
 */
export function lossLimitAssertions(walletAccountId: string, windows: readonly { since: Date; limit: number }[], amount: number): InStatement[] {
  return windows.map((w) =>
    assertStatement(
      `-(SELECT COALESCE(SUM(p.amount), 0) FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
         WHERE p.account_id = ? AND t.kind IN (${NET_LOSS_KIND_LIST}) AND t.created_at > ?) + ? <= ?`,
      [walletAccountId, w.since.getTime(), amount, w.limit],
    ),
  );
}

export function wagerGuardStatements(userId: string, walletAccountId: string, guards: WagerGuards, amount: number): InStatement[] {
  return [
    assertStatement(
      `EXISTS (SELECT 1 FROM users WHERE id = ? AND is_active = 1)
       AND NOT EXISTS (SELECT 1 FROM responsible_exclusions WHERE user_id = ? AND (ends_at IS NULL OR ends_at > ?))`,
      [userId, userId, guards.at.getTime()],
    ),
    ...lossLimitAssertions(walletAccountId, guards.lossLimits, amount),
  ];
}
