/**
 * Rule 4 on libSQL: withdrawing a runner (domain/trading/withdraw-runner.ts). One write, guarded
 * inside it: the market is unsettled and not closed, the runner is in it and not yet withdrawn;
 * the runner_withdrawals row (price, deduction, time), the outcome decided void (it takes no more
 * bets: place-bet refuses a decided selection) and the audit record.
 */
import type { Client } from "@libsql/client";
import type { RunnerWithdrawal, RunnerWithdrawals } from "../../domain/ports/index.ts";
import type { AuditEntry } from "../../domain/shared/types.ts";
import { auditStatement } from "./audit.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";

export class LibsqlRunnerWithdrawals implements RunnerWithdrawals {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async withdraw(w: RunnerWithdrawal & { marketId: string; by: string }, audit: AuditEntry) {
    try {
      await this.client.batch(
        [
          assertStatement("EXISTS (SELECT 1 FROM outcomes WHERE id = ? AND market_id = ?)", [w.outcomeId, w.marketId]),
          assertStatement("EXISTS (SELECT 1 FROM markets WHERE id = ? AND result_kind IS NULL AND status <> 'closed')", [w.marketId]),
          assertStatement("NOT EXISTS (SELECT 1 FROM runner_withdrawals WHERE outcome_id = ?)", [w.outcomeId]),
          {
            sql: "INSERT INTO runner_withdrawals (market_id, outcome_id, price_milli, deduction, withdrawn_at, withdrawn_by) VALUES (?, ?, ?, ?, ?, ?)",
            args: [w.marketId, w.outcomeId, w.priceMilli, w.deduction, w.withdrawnAt.getTime(), w.by],
          },
          { sql: "UPDATE outcomes SET result = 'void', updated_at = ? WHERE id = ?", args: [w.withdrawnAt.getTime(), w.outcomeId] },
          { sql: "UPDATE markets SET updated_at = ? WHERE id = ?", args: [w.withdrawnAt.getTime(), w.marketId] },
          auditStatement(audit),
        ],
        "write",
      );
      return "withdrawn" as const;
    } catch (e) {
      if (constraintOf(e) !== ASSERTION_FAILED && !String(constraintOf(e) ?? "").startsWith("UNIQUE constraint failed")) throw e;
      const rs = await this.client.execute({
        sql: `SELECT (SELECT COUNT(*) FROM outcomes WHERE id = ? AND market_id = ?) AS found,
                     (SELECT COUNT(*) FROM markets WHERE id = ? AND result_kind IS NULL AND status <> 'closed') AS open,
                     (SELECT COUNT(*) FROM runner_withdrawals WHERE outcome_id = ?) AS gone`,
        args: [w.outcomeId, w.marketId, w.marketId, w.outcomeId],
      });
      const r = rs.rows[0];
      if (Number(r.found) === 0) return "not_found" as const;
      if (Number(r.gone) > 0) return "already_withdrawn" as const;
      if (Number(r.open) === 0) return "settled" as const;
      throw e;
    }
  }
}
