/**
 * The statements that settle bets (status, leg results, payout postings with debt recovery, audit),
 * one bet at a time or many in one write; LibsqlSettlements, LibsqlBets.settleMany and the void of a
 * withdrawn runner's bets write them.
 */
import type { InStatement } from "@libsql/client";
import type { SettlementPlan } from "../../domain/ports/index.ts";
import { debtAccountId } from "../../domain/wallet/debt.ts";
import { auditManyStatement, auditStatement } from "./audit.ts";
import { assertStatement } from "./database.ts";
import { debtRecoveryStatements } from "./debt-statements.ts";
import { ledgerManyStatements, ledgerStatements } from "./ledger-statements.ts";

/**
 * One bet's settlement: status, leg results, payout postings and audit record. The bet must exist
 * (an UPDATE of no row would let the payout through), and the settle-once trigger aborts the whole
 * write if it is no longer pending.
 */
export function settlementStatements(plan: SettlementPlan): InStatement[] {
  return [
    assertStatement("EXISTS (SELECT 1 FROM bets WHERE id = ?)", [plan.betId]),
    {
      sql: "UPDATE bets SET status = ?, actual_return = ?, settled_at = ?, settled_by = ? WHERE id = ?",
      args: [plan.status, plan.actualReturn, plan.settledAt.getTime(), plan.settledBy, plan.betId],
    },
    ...plan.legResults.map((l) => ({
      sql: "UPDATE bet_legs SET result = ?, dead_heat_num = ?, dead_heat_den = ? WHERE id = ? AND bet_id = ?",
      args: [l.result, ...deadHeatArgs(l), l.legId, plan.betId],
    })),
    ...(plan.payout ? ledgerStatements(plan.payout) : []),
    // A payout pays what the customer owes first (docs/money.md, "Corrections and debt").
    ...(plan.payout ? debtRecoveryStatements(plan.payout) : []),
    auditStatement(plan.audit),
  ];
}

/**
 * Many bets' settlements in one write, the same rows and guards as settlementStatements bet by bet:
 * what is the same statement for every bet (the existence check, the status, the leg results, the
 * payouts' transactions and postings, the audit record) runs once for all of them over a JSON
 * array, and the triggers still act row by row (settle-once, return within potential, liability
 * and payout totals, every ledger rule), so any row they refuse aborts the whole write.
 *
 * Debt recovery (debt-statements.ts) is three statements per payout that change nothing for a
 * customer who owes nothing, which is nearly every customer. `owed: false` checks inside the write
 * that no customer paid here owes anything and leaves them out (nothing else in the write creates a
 * debt); when one does, that write is refused and settleMany writes `owed: true`: each payout's
 * transaction followed by its debt recovery, as bet by bet. Settling a market of 10,000 bets ran
 * about 60,000 statements bet by bet; this runs about 6 per 500 bets (docs/benchmarks.md).
 */
export function settleManyStatements(plans: readonly SettlementPlan[], opts: { owed: boolean }): InStatement[] {
  const ids = plans.map((p) => p.betId);
  const legs = plans.flatMap((p) => p.legResults.map((l) => [l.legId, p.betId, l.result, ...deadHeatArgs(l)]));
  const payouts = plans.flatMap((p) => (p.payout ? [p.payout] : []));
  const payees = [...new Set(payouts.flatMap((tx) => tx.postings.filter((p) => p.amount > 0 && p.accountId.startsWith("wallet:")).map((p) => debtAccountId(p.accountId.slice("wallet:".length)))))];
  return [
    // Every bet exists (an UPDATE of no row would let its payout through); no id twice.
    assertStatement("(SELECT COUNT(*) FROM bets WHERE id IN (SELECT value FROM json_each(?))) = ?", [JSON.stringify(ids), new Set(ids).size === ids.length ? ids.length : -1]),
    ...(opts.owed || payees.length === 0
      ? []
      : [assertStatement("NOT EXISTS (SELECT 1 FROM ledger_accounts WHERE id IN (SELECT value FROM json_each(?)) AND balance < 0)", [JSON.stringify(payees)])]),
    {
      sql: `UPDATE bets SET status = j.value ->> 1, actual_return = j.value ->> 2, settled_at = j.value ->> 3, settled_by = j.value ->> 4
            FROM json_each(?) j WHERE bets.id = j.value ->> 0`,
      args: [JSON.stringify(plans.map((p) => [p.betId, p.status, p.actualReturn, p.settledAt.getTime(), p.settledBy]))],
    },
    ...(legs.length === 0
      ? []
      : [{
          sql: `UPDATE bet_legs SET result = j.value ->> 2, dead_heat_num = j.value ->> 3, dead_heat_den = j.value ->> 4
                FROM json_each(?) j WHERE bet_legs.id = j.value ->> 0 AND bet_legs.bet_id = j.value ->> 1`,
          args: [JSON.stringify(legs)],
        }]),
    ...(opts.owed ? payouts.flatMap((tx) => [...ledgerStatements(tx), ...debtRecoveryStatements(tx)]) : ledgerManyStatements(payouts)),
    auditManyStatement(plans.map((p) => p.audit)),
  ];
}

/** A leg's dead-heat factor columns (migration 0028): only a won leg that dead-heated has them. */
export function deadHeatArgs(l: { result: string; deadHeat?: { num: number; den: number } | null }): [number | null, number | null] {
  return l.result === "won" && l.deadHeat && l.deadHeat.num < l.deadHeat.den ? [l.deadHeat.num, l.deadHeat.den] : [null, null];
}
