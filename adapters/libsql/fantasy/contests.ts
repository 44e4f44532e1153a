/**
 * Fantasy contests on libSQL: listing, finding and creating a contest (with its prize pool account
 * and the creator's own entry, when there is one, in the same write).
 */
import type { InStatement } from "@libsql/client";
import type { ContestFilter, NewContestOutcome, NewContestPlan } from "../../../domain/ports/index.ts";
import type { ContestRecord } from "../../../domain/fantasy/types.ts";
import { auditStatement } from "../audit.ts";
import { ASSERTION_FAILED, constraintOf } from "../database.ts";
import { ledgerStatements } from "../ledger-statements.ts";
import { wagerGuardStatements } from "../wager-guards.ts";
import { json, placeholders, CONTEST_SELECT, toContest, entryInsert, FantasySql } from "./rows.ts";

export class FantasyContests extends FantasySql {
  // ---------- contests ----------

  async listContests(f: ContestFilter): Promise<ContestRecord[]> {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (f.sportId) (where.push("c.sport_id = ?"), args.push(f.sportId));
    if (f.statuses && f.statuses.length > 0) (where.push(`c.status IN (${placeholders(f.statuses.length)})`), args.push(...f.statuses));
    if (f.minFee !== undefined) (where.push("c.entry_fee >= ?"), args.push(f.minFee));
    if (f.maxFee !== undefined) (where.push("c.entry_fee <= ?"), args.push(f.maxFee));
    if (f.minSize !== undefined) (where.push("c.max_entries >= ?"), args.push(f.minSize));
    if (f.maxSize !== undefined) (where.push("c.max_entries <= ?"), args.push(f.maxSize));
    const rows = await this.rows(
      `${CONTEST_SELECT} ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY CASE c.status WHEN 'open' THEN 0 WHEN 'locked' THEN 1 WHEN 'live' THEN 1 ELSE 2 END, c.start_time, c.id LIMIT ?`,
      [...args, f.limit],
    );
    return rows.map(toContest);
  }

  async findContest(id: string): Promise<ContestRecord | null> {
    const [r] = await this.rows(`${CONTEST_SELECT} WHERE c.id = ?`, [id]);
    return r ? toContest(r) : null;
  }

  async createContest(plan: NewContestPlan): Promise<NewContestOutcome> {
    const c = plan.contest;
    const at = c.createdAt.getTime();
    const statements: InStatement[] = [
      {
        sql: `INSERT INTO fantasy_contests (id, sport_id, name, type, entry_fee, guaranteed_prize, guarantee_funded, max_entries, max_entries_per_user,
                min_entries, current_entries, rake_percent, payout_table, roster, salary_cap, start_time, end_time, status, settings, is_private,
                invite_code, created_by, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?)`,
        args: [c.id, c.sportId, c.name, c.type, c.entryFee, c.guaranteedPrize, c.guaranteeFunded, c.maxEntries,
          c.maxEntriesPerUser, c.minEntries, c.rakePercent,
          json(c.payoutTable), json(c.roster), c.salaryCap, c.startTime.getTime(), c.endTime.getTime(), json(c.settings),
          c.isPrivate ? 1 : 0, c.inviteCode, c.createdBy, at],
      },
      {
        sql: "INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES (?, 'fantasy_pool', NULL, 0, ?)",
        args: [plan.poolAccountId, at],
      },
      ...(plan.funding ? ledgerStatements(plan.funding) : []),
    ];
    if (plan.creatorEntry) {
      const { entry, fee, walletAccountId, guards } = plan.creatorEntry;
      statements.push(
        // The creator's wagering gates, inside this write like any entry's (the only assertions here).
        ...wagerGuardStatements(entry.userId, walletAccountId, guards, entry.fee),
        entryInsert(entry),
        { sql: "UPDATE fantasy_contests SET current_entries = current_entries + 1 WHERE id = ?", args: [c.id] },
        ...(fee ? ledgerStatements(fee) : []),
      );
    }
    if (plan.audit) statements.push(auditStatement(plan.audit));
    if (plan.creatorEntry)
      statements.push({ sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [plan.creatorEntry.walletAccountId] });
    try {
      const results = await this.client.batch(statements, "write");
      const balance = plan.creatorEntry ? Number(results[results.length - 1].rows[0]?.balance ?? 0) : null;
      return { kind: "created", balance };
    } catch (e) {
      const c = constraintOf(e);
      if (c === ASSERTION_FAILED && plan.creatorEntry) return { kind: "refused" };
      if (c === "CHECK constraint failed: ledger_accounts_wallet_nonneg_ck") return { kind: "insufficient_funds" };
      if (c === "LEDGER.UNKNOWN_ACCOUNT") return { kind: "no_wallet" };
      if (c === "FOREIGN KEY constraint failed") return { kind: "sport_not_found" };
      throw e;
    }
  }
}
