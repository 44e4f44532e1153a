/**
 * Fantasy entries on libSQL: entering a contest (the fee moves through the ledger in the same write,
 * guarded by statements inside it), editing a lineup, and the reads of entries and player points.
 */
import type { InStatement } from "@libsql/client";
import type { EntryOutcome, EntryPlan, EntryWithEntrant, LineupChange } from "../../../domain/ports/index.ts";
import type { EntryRecord } from "../../../domain/fantasy/types.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "../database.ts";
import { ledgerStatements } from "../ledger-statements.ts";
import { wagerGuardStatements } from "../wager-guards.ts";
import { messageOf, json, placeholders, failedStatement, toEntry, entryInsert, FantasySql } from "./rows.ts";

export class FantasyEntries extends FantasySql {
  async enter(plan: EntryPlan): Promise<EntryOutcome> {
    const e = plan.entry;
    const statements: InStatement[] = [
      // Open, before its start and below max entries, checked inside this write.
      assertStatement(
        "EXISTS (SELECT 1 FROM fantasy_contests WHERE id = ? AND status = 'open' AND start_time > ? AND current_entries < max_entries)",
        [e.contestId, e.enteredAt.getTime()],
      ),
      // The multi-entry cap: fewer entries by this customer than the contest allows one customer.
      assertStatement(
        `(SELECT COUNT(*) FROM fantasy_entries WHERE contest_id = ?1 AND user_id = ?2)
           < (SELECT max_entries_per_user FROM fantasy_contests WHERE id = ?1)`,
        [e.contestId, e.userId],
      ),
      // The customer's wagering gates (active, not excluded, loss limits), before the fee's postings.
      ...wagerGuardStatements(e.userId, plan.walletAccountId, plan.guards, e.fee),
      entryInsert(e),
      { sql: "UPDATE fantasy_contests SET current_entries = current_entries + 1 WHERE id = ?", args: [e.contestId] },
      ...(plan.fee ? ledgerStatements(plan.fee) : []),
      { sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [plan.walletAccountId] },
    ];
    try {
      const results = await this.client.batch(statements, "write");
      return { kind: "entered", balance: Number(results[results.length - 1].rows[0]?.balance ?? 0) };
    } catch (err) {
      const c = constraintOf(err);
      // Statement 0 is the contest's guard, 1 the multi-entry cap; any other assertion is a
      // wagering guard (when the driver does not say which failed, "refused": the use case then
      // re-reads them).
      if (c === ASSERTION_FAILED) {
        const i = failedStatement(err);
        return i === 0 ? { kind: "not_taking_entries" } : i === 1 ? { kind: "entry_limit" } : { kind: "refused" };
      }
      if (c === "CHECK constraint failed: fantasy_contests_full_ck") return { kind: "not_taking_entries" };
      if (c?.startsWith("UNIQUE constraint failed: fantasy_entries")) return { kind: "already_entered" };
      if (c === "CHECK constraint failed: ledger_accounts_wallet_nonneg_ck") return { kind: "insufficient_funds" };
      if (c === "LEDGER.UNKNOWN_ACCOUNT") return { kind: "no_wallet" };
      throw err;
    }
  }

  async editLineup(change: LineupChange): Promise<"updated" | "not_taking_entries" | "not_found"> {
    try {
      await this.client.batch(
        [
          assertStatement(
            `EXISTS (SELECT 1 FROM fantasy_entries e JOIN fantasy_contests c ON c.id = e.contest_id
                     WHERE e.id = ? AND e.user_id = ? AND c.status = 'open' AND c.start_time > ?)`,
            [change.entryId, change.userId, change.at.getTime()],
          ),
          {
            sql: "UPDATE fantasy_entries SET lineup = ?, salary_used = ?, updated_at = ? WHERE id = ? AND user_id = ?",
            args: [json(change.lineup), change.salaryUsed, change.at.getTime(), change.entryId, change.userId],
          },
        ],
        "write",
      );
      return "updated";
    } catch (e) {
      const c = constraintOf(e);
      if (c === ASSERTION_FAILED || /FANTASY\.LINEUP_LOCKED/.test(messageOf(e))) {
        const [owned] = await this.rows("SELECT 1 FROM fantasy_entries WHERE id = ? AND user_id = ?", [change.entryId, change.userId]);
        return owned ? "not_taking_entries" : "not_found";
      }
      throw e;
    }
  }

  // ---------- entries ----------

  async findEntry(id: string): Promise<EntryRecord | null> {
    const [r] = await this.rows("SELECT * FROM fantasy_entries WHERE id = ?", [id]);
    return r ? toEntry(r) : null;
  }

  async entriesForUser(userId: string, limit: number): Promise<EntryRecord[]> {
    return (
      await this.rows("SELECT * FROM fantasy_entries WHERE user_id = ? ORDER BY entered_at DESC, rowid DESC LIMIT ?", [userId, limit])
    ).map(toEntry);
  }

  async entriesOf(contestId: string): Promise<EntryWithEntrant[]> {
    const rows = await this.rows(
      `SELECT e.*, u.first_name, u.last_name FROM fantasy_entries e JOIN users u ON u.id = e.user_id
       WHERE e.contest_id = ? ORDER BY e.entered_at, e.id`,
      [contestId],
    );
    return rows.map((r) => ({ ...toEntry(r), entrant: { firstName: String(r.first_name), lastName: String(r.last_name) } }));
  }

  async enteredBy(userId: string, contestIds: readonly string[]): Promise<Map<string, number>> {
    if (contestIds.length === 0) return new Map();
    const rows = await this.rows(
      `SELECT contest_id, COUNT(*) AS n FROM fantasy_entries WHERE user_id = ? AND contest_id IN (${placeholders(contestIds.length)})
       GROUP BY contest_id`,
      [userId, ...contestIds],
    );
    return new Map(rows.map((r) => [String(r.contest_id), Number(r.n)]));
  }

  async playerPoints(contestIds: readonly string[]): Promise<Map<string, Map<string, number>>> {
    const out = new Map<string, Map<string, number>>();
    if (contestIds.length === 0) return out;
    const rows = await this.rows(
      `SELECT contest_id, player_id, points_x100 FROM fantasy_contest_player_points WHERE contest_id IN (${placeholders(contestIds.length)})`,
      [...contestIds],
    );
    for (const r of rows) {
      const m = out.get(String(r.contest_id)) ?? new Map<string, number>();
      m.set(String(r.player_id), Number(r.points_x100));
      out.set(String(r.contest_id), m);
    }
    return out;
  }
}
