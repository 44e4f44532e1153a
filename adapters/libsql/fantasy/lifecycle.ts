/**
 * A contest's lifecycle on libSQL: which contests are due, locking, scoring and resolving (the payouts
 * leave the prize pool in the same write, and the pool must end empty).
 */
import type { InStatement } from "@libsql/client";
import type { ResolutionPlan, ScorePlan } from "../../../domain/ports/index.ts";
import type { AuditEntry } from "../../../domain/shared/types.ts";
import type { ContestRecord } from "../../../domain/fantasy/types.ts";
import { auditStatement } from "../audit.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "../database.ts";
import { ledgerStatements } from "../ledger-statements.ts";
import {
  POOL_NOT_EMPTY, messageOf, placeholders, failedStatement, CONTEST_SELECT, toContest, pointsUpsert, FantasySql, chunked,
} from "./rows.ts";

export class FantasyLifecycle extends FantasySql {
  // ---------- lifecycle ----------

  async contestsToAdvance(now: Date, limit: number): Promise<ContestRecord[]> {
    const rows = await this.rows(
      `${CONTEST_SELECT} WHERE (c.status = 'open' AND c.start_time <= ?) OR c.status IN ('locked', 'live')
       ORDER BY c.start_time, c.id LIMIT ?`,
      [now.getTime(), limit],
    );
    return rows.map(toContest);
  }

  async lock(contestId: string, at: Date): Promise<boolean> {
    try {
      await this.client.batch(
        [
          // Enough entries to run: its minimum, or one for a guaranteed contest (lifecycle.ts entriesNeededToRun).
          assertStatement(
            `EXISTS (SELECT 1 FROM fantasy_contests WHERE id = ? AND status = 'open' AND start_time <= ?
                     AND current_entries >= CASE WHEN guaranteed_prize > 0 THEN 1 ELSE min_entries END)`,
            [contestId, at.getTime()],
          ),
          { sql: "UPDATE fantasy_contests SET status = 'locked', locked_at = ? WHERE id = ?", args: [at.getTime(), contestId] },
        ],
        "write",
      );
      return true;
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED || /FANTASY\.INVALID_TRANSITION/.test(messageOf(e))) return false;
      throw e;
    }
  }

  async lockNow(change: { contestId: string; at: Date; startTime: Date; audit: AuditEntry }): Promise<"locked" | "not_open" | "too_few_entries"> {
    const id = change.contestId;
    try {
      await this.client.batch(
        [
          assertStatement("EXISTS (SELECT 1 FROM fantasy_contests WHERE id = ? AND status = 'open')", [id]),
          // The entries it needs to run, as the runner's lock asks (lifecycle.ts entriesNeededToRun).
          assertStatement(
            "EXISTS (SELECT 1 FROM fantasy_contests WHERE id = ? AND current_entries >= CASE WHEN guaranteed_prize > 0 THEN 1 ELSE min_entries END)",
            [id],
          ),
          // MIN keeps the end time after the start (the times CHECK) whatever the clock says.
          {
            sql: "UPDATE fantasy_contests SET status = 'locked', locked_at = ?, start_time = MIN(start_time, ?) WHERE id = ?",
            args: [change.at.getTime(), change.startTime.getTime(), id],
          },
          auditStatement(change.audit),
        ],
        "write",
      );
      return "locked";
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED || /FANTASY\.INVALID_TRANSITION/.test(messageOf(e)))
        return failedStatement(e) === 1 ? "too_few_entries" : "not_open";
      throw e;
    }
  }

  async score(plan: ScorePlan): Promise<boolean> {
    const at = plan.at.getTime();
    const statements: InStatement[] = [
      // Still in the state this pass read, and no newer score stored (another runner's).
      assertStatement(
        "EXISTS (SELECT 1 FROM fantasy_contests WHERE id = ? AND status = ? AND (scored_at IS NULL OR scored_at <= ?))",
        [plan.contestId, plan.from, at],
      ),
      plan.from === "locked"
        ? { sql: "UPDATE fantasy_contests SET status = 'live', live_at = ?, scored_at = ? WHERE id = ?", args: [at, at, plan.contestId] }
        : { sql: "UPDATE fantasy_contests SET scored_at = ? WHERE id = ?", args: [at, plan.contestId] },
      ...pointsUpsert(plan.contestId, plan.playerPoints, at),
      ...chunked(plan.standings, 300, (chunk) => ({
        sql: `UPDATE fantasy_entries SET points_x100 = v.column2, rank = v.column3
              FROM (VALUES ${chunk.map(() => "(?, ?, ?)").join(", ")}) AS v
              WHERE fantasy_entries.id = v.column1 AND fantasy_entries.contest_id = ?`,
        args: [...chunk.flatMap((s) => [s.entryId, s.pointsX100, s.rank]), plan.contestId],
      })),
    ];
    try {
      await this.client.batch(statements, "write");
      return true;
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED || /FANTASY\.INVALID_TRANSITION/.test(messageOf(e))) return false;
      throw e;
    }
  }

  async resolve(plan: ResolutionPlan): Promise<"resolved" | "wrong_status" | "not_found" | "pool_mismatch"> {
    const at = plan.at.getTime();
    const statements: InStatement[] = [
      assertStatement(`EXISTS (SELECT 1 FROM fantasy_contests WHERE id = ? AND status IN (${placeholders(plan.from.length)}))`, [
        plan.contestId,
        ...plan.from,
      ]),
      // The status trigger refuses anything but a forward move, so this pays once.
      { sql: "UPDATE fantasy_contests SET status = ?, resolved_at = ? WHERE id = ?", args: [plan.to, at, plan.contestId] },
      ...(plan.playerPoints ? pointsUpsert(plan.contestId, plan.playerPoints, at) : []),
      ...chunked(plan.entries, 200, (chunk) => ({
        sql: `UPDATE fantasy_entries SET points_x100 = COALESCE(v.column2, points_x100), rank = v.column3, payout = v.column4,
                status = v.column5, updated_at = ?
              FROM (VALUES ${chunk.map(() => "(?, ?, ?, ?, ?)").join(", ")}) AS v
              WHERE fantasy_entries.id = v.column1 AND fantasy_entries.contest_id = ?`,
        args: [at, ...chunk.flatMap((e) => [e.entryId, e.pointsX100, e.rank, e.payout, e.status]), plan.contestId],
      })),
      ...plan.transactions.flatMap(ledgerStatements),
      // What went into the pool is exactly what comes out.
      {
        sql: "INSERT INTO fantasy_pool_checks (ok) SELECT COALESCE((SELECT balance FROM ledger_accounts WHERE id = ?), 0) = 0",
        args: [plan.poolAccountId],
      },
      auditStatement(plan.audit),
    ];
    try {
      await this.client.batch(statements, "write");
      return "resolved";
    } catch (e) {
      const c = constraintOf(e);
      if (c === ASSERTION_FAILED || /FANTASY\.INVALID_TRANSITION/.test(messageOf(e))) {
        const [exists] = await this.rows("SELECT 1 FROM fantasy_contests WHERE id = ?", [plan.contestId]);
        return exists ? "wrong_status" : "not_found";
      }
      if (c === POOL_NOT_EMPTY || c === "CHECK constraint failed: ledger_accounts_wallet_nonneg_ck") return "pool_mismatch";
      throw e;
    }
  }
}
