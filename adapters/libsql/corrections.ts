/**
 * Settlement corrections by market (domain/settlement/correct-market.ts): a
 * market's result changed with its revision (migration 0029), and one bet's correction per write:
 * status, leg results, correcting postings (debt included), debt recovery, audit record.
 */
import type { Client, InStatement } from "@libsql/client";
import type { BetCorrectionPlan, SettlementCorrections, SettlementRefused } from "../../domain/ports/index.ts";
import type { AuditEntry } from "../../domain/shared/types.ts";
import { debtAccountId } from "../../domain/wallet/debt.ts";
import { walletAccountId } from "../../domain/wallet/ledger.ts";
import { bonusAccountId } from "../../domain/wallet/bonus.ts";
import { auditStatement } from "./audit.ts";
import { approvalRefused, approvalStatements } from "./approvals.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";
import { ledgerStatements } from "./ledger-statements.ts";
import { debtRecoveryStatements } from "./debt-statements.ts";
import { deadHeatArgs } from "./settlement-statements.ts";

const raised = (e: unknown, code: string) => (e instanceof Error ? e.message : String(e)).includes(code);

export class LibsqlSettlementCorrections implements SettlementCorrections {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async walletAndDebt(userId: string) {
    const rs = await this.client.execute({
      sql: "SELECT id, balance FROM ledger_accounts WHERE id IN (?, ?, ?)",
      args: [walletAccountId(userId), debtAccountId(userId), bonusAccountId(userId)],
    });
    let wallet = 0;
    let bonus = 0;
    let owed = 0;
    for (const r of rs.rows) {
      if (String(r.id).startsWith("debt:")) owed = -Number(r.balance);
      else if (String(r.id).startsWith("bonus:")) bonus = Number(r.balance);
      else wallet = Number(r.balance);
    }
    return { wallet, bonus, owed };
  }

  async marketRevision(marketId: string) {
    const rs = await this.client.execute({ sql: "SELECT result_revision FROM markets WHERE id = ?", args: [marketId] });
    return rs.rows.length === 0 ? null : Number(rs.rows[0].result_revision);
  }

  async changeMarketResult(
    c: Parameters<SettlementCorrections["changeMarketResult"]>[0],
    audit: AuditEntry,
  ): Promise<"changed" | "conflict" | "approval_decided"> {
    try {
      await this.client.batch(
        [
          assertStatement("EXISTS (SELECT 1 FROM markets WHERE id = ? AND result_revision = ?)", [c.marketId, c.fromRevision]),
          {
            // The market stays closed (a closed market never reopens); unsettled, it has no result.
            sql: `UPDATE markets SET result_kind = ?, winning_outcome_id = ?, result_revision = ?, settled_at = ?, settled_by = ?,
                    status = 'closed', updated_at = ? WHERE id = ?`,
            args: [
              c.kind, c.winningOutcomeId, c.fromRevision + 1,
              c.kind === null ? null : c.at.getTime(), c.kind === null ? null : c.by, c.at.getTime(), c.marketId,
            ],
          },
          // Resettled to a winner or void: a dead heat's factors on the outcomes no longer hold.
          ...(c.kind === null || (c.outcomeResults && c.outcomeResults.length > 0) ? [] : [{ sql: "UPDATE outcomes SET dead_heat_num = NULL, dead_heat_den = NULL WHERE market_id = ? AND dead_heat_num IS NOT NULL", args: [c.marketId] }]),
          // Resettled to any shape: every outcome's result with its factor, and the placed runners (cleared when none).
          ...(c.outcomeResults ?? []).map((o) => ({
            sql: "UPDATE outcomes SET result = ?, dead_heat_num = ?, dead_heat_den = ? WHERE id = ? AND market_id = ?",
            args: [o.result, o.deadHeat?.num ?? null, o.deadHeat?.den ?? null, o.outcomeId, c.marketId],
          })),
          // Unsettled: the market is held under review (migration 0046); given a result by a person: the review ends.
          c.kind === null
            ? {
                sql: `INSERT INTO market_reviews (market_id, opened_at, opened_by, reason) VALUES (?, ?, ?, ?)
                      ON CONFLICT (market_id) DO UPDATE SET opened_at = excluded.opened_at, opened_by = excluded.opened_by, reason = excluded.reason`,
                args: [c.marketId, c.at.getTime(), c.by, c.reason ?? ""],
              }
            : { sql: "DELETE FROM market_reviews WHERE market_id = ?", args: [c.marketId] },
          ...approvalStatements(c.approval),
          ...(c.placed !== undefined
            ? [{ sql: "UPDATE markets SET placed_result = ? WHERE id = ?", args: [c.placed && c.placed.length > 0 ? JSON.stringify(c.placed) : null, c.marketId] }]
            : []),
          auditStatement(audit),
        ],
        "write",
      );
      return "changed";
    } catch (e) {
      if (approvalRefused(e)) return "approval_decided";
      if (constraintOf(e) === ASSERTION_FAILED || raised(e, "MARKET.ALREADY_SETTLED") || raised(e, "MARKET.RESULT_CONFLICT")) return "conflict";
      throw e;
    }
  }

  async correctBet(plan: BetCorrectionPlan): Promise<"corrected" | "conflict" | SettlementRefused> {
    const at = plan.audit.createdAt.getTime();
    const statements: InStatement[] = [
      // Still as the use case read it: same status, same counter.
      assertStatement("EXISTS (SELECT 1 FROM bets WHERE id = ? AND resettlement_count = ? AND status = ?)", [plan.betId, plan.fromCount, plan.fromStatus]),
    ];
    if (plan.walletBalance !== null)
      // The split between wallet and debt was computed from this balance.
      statements.push(assertStatement("EXISTS (SELECT 1 FROM ledger_accounts WHERE id = ? AND balance = ?)", [walletAccountId(plan.userId), plan.walletBalance]));
    if (plan.bonusBalance !== null && plan.bonusBalance !== undefined)
      // ...and the bonus share from this one (no bonus account reads as 0).
      statements.push(assertStatement("COALESCE((SELECT balance FROM ledger_accounts WHERE id = ?), 0) = ?", [bonusAccountId(plan.userId), plan.bonusBalance]));
    if (plan.fromStatus !== "pending")
      statements.push({
        // The settle-once guard allows this only with the counter raised by one (migrations 0011, 0029).
        sql: `UPDATE bets SET status = ?, actual_return = ?, settled_at = ?, settled_by = ?, resettlement_count = ? WHERE id = ?`,
        args: [plan.status, plan.actualReturn, plan.settledAt?.getTime() ?? null, plan.settledBy, plan.fromCount + 1, plan.betId],
      });
    statements.push(
      // The dead-heat factor with the result: a stale factor is cleared (as a regrade does).
      ...plan.legResults.map((l) => ({
        sql: "UPDATE bet_legs SET result = ?, dead_heat_num = ?, dead_heat_den = ? WHERE id = ? AND bet_id = ?",
        args: [l.result, ...deadHeatArgs(l), l.legId, plan.betId],
      })),
    );
    if (plan.correction) {
      if (plan.correction.postings.some((p) => p.accountId === debtAccountId(plan.userId)))
        statements.push({
          sql: "INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES (?, 'house', ?, 0, ?) ON CONFLICT DO NOTHING",
          args: [debtAccountId(plan.userId), plan.userId, at],
        });
      statements.push(...ledgerStatements(plan.correction), ...debtRecoveryStatements(plan.correction));
    }
    statements.push(auditStatement(plan.audit));
    try {
      await this.client.batch(statements, "write");
      return "corrected";
    } catch (e) {
      const c = constraintOf(e);
      if (
        c === ASSERTION_FAILED ||
        c === "CHECK constraint failed: ledger_accounts_wallet_nonneg_ck" ||
        raised(e, "BET.NOT_PENDING") ||
        raised(e, "BET.RESETTLE_CONFLICT")
      )
        return "conflict";
      if (c === "BET.RETURN_ABOVE_POTENTIAL") return { refused: c };
      throw e;
    }
  }
}
