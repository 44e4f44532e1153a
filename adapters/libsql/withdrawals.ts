/**
 * Rule 4 on libSQL: withdrawing a runner and re-forming its race (domain/trading/withdraw-runner.ts).
 * One write, guarded inside it: the market is unsettled, in the status read and not closed; the
 * runner is in it and not yet withdrawn; the remaining runners' prices and the market's pending bets
 * are those the plan was built from. Then: the runner_withdrawals row, the outcome decided void (it
 * takes no more bets), the runner's singles settled void (stakes back), the remaining runners'
 * prices before the re-form (race_reform_prices) and their new prices, the market's new each-way
 * terms, status and reopening time (markets.reformed_at), the each-way bets' raised potential returns
 * (the migration 0042 trigger moves the liability and payout totals with them), and the audit record.
 */
import type { Client, InStatement } from "@libsql/client";
import type { RaceReformPlan, RunnerWithdrawal, RunnerWithdrawals } from "../../domain/ports/index.ts";
import type { AuditEntry } from "../../domain/shared/types.ts";
import { auditStatement } from "./audit.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";
import { settlementStatements } from "./settlement-statements.ts";

/** A market's pending bets with a pending leg on it (as pendingBetsOn reads them). */
const PENDING_ON_MARKET = `FROM bets b WHERE b.status = 'pending'
  AND EXISTS (SELECT 1 FROM bet_legs l WHERE l.bet_id = b.id AND l.market_id = ? AND l.result = 'pending')`;

function reformStatements(marketId: string, outcomeId: string, at: number, r: RaceReformPlan): InStatement[] {
  const out: InStatement[] = [
    // As read: the market's status, the remaining runners and their prices, its pending bets.
    assertStatement("EXISTS (SELECT 1 FROM markets WHERE id = ? AND status = ?)", [marketId, r.fromStatus]),
    assertStatement(
      `(SELECT COUNT(*) FROM outcomes o WHERE o.market_id = ? AND o.id <> ? AND o.result IS NULL) = ?
       AND NOT EXISTS (SELECT 1 FROM json_each(?) j LEFT JOIN outcomes o ON o.id = json_extract(j.value, '$[0]')
                       WHERE o.id IS NULL OR o.price_milli <> json_extract(j.value, '$[1]') OR o.result IS NOT NULL)`,
      [marketId, outcomeId, r.pricesRead.length, JSON.stringify(r.pricesRead.map((p) => [p.outcomeId, p.priceMilli]))],
    ),
    assertStatement(
      `(SELECT COUNT(*) ${PENDING_ON_MARKET}) = ? AND NOT EXISTS (SELECT 1 ${PENDING_ON_MARKET} AND b.id NOT IN (SELECT value FROM json_each(?)))`,
      [marketId, r.pendingBetIds.length, marketId, JSON.stringify(r.pendingBetIds)],
    ),
    ...r.voids.flatMap(settlementStatements),
    ...r.closedPrices.map((p) => ({
      sql: "INSERT INTO race_reform_prices (market_id, outcome_id, reformed_at, price_milli, deduction) VALUES (?, ?, ?, ?, ?)",
      args: [marketId, p.outcomeId, at, p.priceMilli, p.deduction],
    })),
    ...r.prices.map((p) => ({ sql: "UPDATE outcomes SET price_milli = ?, updated_at = ? WHERE id = ? AND market_id = ?", args: [p.priceMilli, at, p.outcomeId, marketId] })),
    {
      sql: "UPDATE markets SET status = ?, reformed_at = ?, ew_fraction_num = ?, ew_fraction_den = ?, ew_places = ?, updated_at = ? WHERE id = ?",
      args: [r.status, r.reopensAt.getTime(), r.eachWay?.fractionNum ?? null, r.eachWay?.fractionDen ?? null, r.eachWay?.places ?? null, at, marketId],
    },
    ...r.raises.map((x) => ({ sql: "UPDATE bets SET potential_return = ? WHERE id = ? AND status = 'pending' AND potential_return = ?", args: [x.to, x.betId, x.from] })),
  ];
  return out;
}

export class LibsqlRunnerWithdrawals implements RunnerWithdrawals {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async withdraw(w: RunnerWithdrawal & { marketId: string; by: string }, audit: AuditEntry, reform: RaceReformPlan | null) {
    const at = w.withdrawnAt.getTime();
    try {
      await this.client.batch(
        [
          assertStatement("EXISTS (SELECT 1 FROM outcomes WHERE id = ? AND market_id = ?)", [w.outcomeId, w.marketId]),
          assertStatement("EXISTS (SELECT 1 FROM markets WHERE id = ? AND result_kind IS NULL AND status <> 'closed')", [w.marketId]),
          assertStatement("NOT EXISTS (SELECT 1 FROM runner_withdrawals WHERE outcome_id = ?)", [w.outcomeId]),
          ...(reform ? reformStatements(w.marketId, w.outcomeId, at, reform) : []),
          {
            sql: "INSERT INTO runner_withdrawals (market_id, outcome_id, price_milli, deduction, withdrawn_at, withdrawn_by) VALUES (?, ?, ?, ?, ?, ?)",
            args: [w.marketId, w.outcomeId, w.priceMilli, w.deduction, at, w.by],
          },
          { sql: "UPDATE outcomes SET result = 'void', updated_at = ? WHERE id = ?", args: [at, w.outcomeId] },
          { sql: "UPDATE markets SET updated_at = ? WHERE id = ?", args: [at, w.marketId] },
          auditStatement(audit),
        ],
        "write",
      );
      return "withdrawn" as const;
    } catch (e) {
      const c = String(constraintOf(e) ?? "");
      if (c !== ASSERTION_FAILED && !c.startsWith("UNIQUE constraint failed") && c !== "BET.NOT_PENDING") throw e;
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
      // The race moved between the plan's read and this write: plan it again.
      return "changed" as const;
    }
  }
}
