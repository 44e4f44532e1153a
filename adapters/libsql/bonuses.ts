/**
 * The bonus wallet on libSQL (migration 0032; docs/money.md "Bonus funds"). Bonus accounts are
 * opened by a trigger with each wallet; grants are recorded by a trigger on each bonus credit.
 */
import type { Client, InStatement } from "@libsql/client";
import type { BonusCreditOutcome, Bonuses, BonusSnapshot } from "../../domain/ports/bonus.ts";
import type { ApprovalClaim } from "../../domain/ports/approvals.ts";
import type { AuditEntry } from "../../domain/shared/types.ts";
import type { LedgerTransaction } from "../../domain/wallet/ledger.ts";
import { bonusAccountId, DEFAULT_BONUS_SETTINGS, type BonusGrant, type BonusSettings } from "../../domain/wallet/bonus.ts";
import { auditStatement } from "./audit.ts";
import { approvalRefused, approvalStatements } from "./approvals.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";
import { ledgerStatements } from "./ledger-statements.ts";
import { activeAndNotExcluded } from "./wager-guards.ts";

/**
 * The welcome claim of a deposit carrying a bonus, in the deposit's opening write (trigger
 * bonus_welcome_once). The person is known by their identity key once their name and date of birth
 * are checked (basic verification or above), so a second account of the same person is refused.
 */
export function welcomeClaimStatement(paymentId: string, userId: string, at: Date): InStatement {
  return {
    sql: `INSERT INTO bonus_welcome_claims (payment_id, user_id, identity_key, identity_upper_key, claimed_at)
          SELECT ?1, ?2, pk.identity_key, pk.identity_upper_key, ?3
          FROM (SELECT 1) LEFT JOIN (SELECT pk.identity_key, pk.identity_upper_key FROM person_keys pk JOIN users u ON u.id = pk.user_id
                                     WHERE pk.user_id = ?2 AND u.verification_level IN ('basic', 'full')) pk`,
    args: [paymentId, userId, at.getTime()],
  };
}

/**
 * Settled stakes that count towards wagering (docs/money.md "Bonus funds", Wagering): won or lost
 * (not void, not cashed out), at the minimum odds, placed since counting began, and not hedged. A
 * bet is hedged when the same customer has another bet, not void, with a leg on the same market on
 * a different outcome (legs graded void left out): both sides of one market, or bets that together
 * cover every outcome, carry no risk, so neither side counts. Legs of multiples and same game multis
 * count as legs. Read per customer from their own bets (bets_user_placed_idx, bet_legs_bet_idx), so
 * no index was added to the placement write for it; it runs at upkeep, never in placement.
 */
const WAGERED_SQL = `WITH legs AS (
    SELECT l.bet_id, l.market_id, l.outcome_id FROM bets ub JOIN bet_legs l ON l.bet_id = ub.id
    WHERE ub.user_id = ?1 AND ub.status <> 'void' AND l.result <> 'void'),
  hedged AS (
    SELECT DISTINCT a.bet_id FROM legs a JOIN legs o ON o.market_id = a.market_id AND o.outcome_id <> a.outcome_id AND o.bet_id <> a.bet_id)
  SELECT COALESCE(SUM(b.stake), 0) AS s FROM bets b
  WHERE b.user_id = ?1 AND b.status NOT IN ('pending', 'void', 'cashed_out') AND b.total_odds_milli >= ?2 AND b.placed_at >= ?3
    AND b.id NOT IN (SELECT bet_id FROM hedged)`;

export class LibsqlBonuses implements Bonuses {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async settings(): Promise<BonusSettings> {
    const rs = await this.client.execute("SELECT wagering_multiple, min_odds_milli, expiry_days FROM bonus_settings WHERE id = 1");
    const r = rs.rows[0];
    if (!r) return DEFAULT_BONUS_SETTINGS;
    return { wageringMultiple: Number(r.wagering_multiple), minOddsMilli: Number(r.min_odds_milli), expiryDays: Number(r.expiry_days) };
  }

  async balances(userId: string) {
    const rs = await this.client.execute({
      sql: "SELECT kind, balance FROM ledger_accounts WHERE id IN (?, ?)",
      args: [`wallet:${userId}`, bonusAccountId(userId)],
    });
    const cash = rs.rows.find((r) => r.kind === "wallet");
    if (!cash) return null;
    const bonus = rs.rows.find((r) => r.kind === "bonus");
    return { cash: Number(cash.balance), bonus: bonus ? Number(bonus.balance) : 0 };
  }

  async snapshot(userId: string): Promise<BonusSnapshot> {
    const [bal, grantsRs] = await Promise.all([
      this.balances(userId),
      this.client.execute({
        sql: `SELECT id, amount, wagering_required, min_odds_milli, granted_at, expires_at FROM bonus_grants
              WHERE user_id = ? AND status = 'active' ORDER BY granted_at, id`,
        args: [userId],
      }),
    ]);
    const grants: BonusGrant[] = grantsRs.rows.map((r) => ({
      id: String(r.id), amount: Number(r.amount), wageringRequired: Number(r.wagering_required), minOddsMilli: Number(r.min_odds_milli),
      grantedAt: new Date(Number(r.granted_at)), expiresAt: new Date(Number(r.expires_at)),
    }));
    let wagered = 0;
    if (grants.length > 0) {
      const from = Math.min(...grants.map((g) => g.grantedAt.getTime()));
      const minOdds = Math.max(...grants.map((g) => g.minOddsMilli));
      const rs = await this.client.execute({ sql: WAGERED_SQL, args: [userId, minOdds, from] });
      wagered = Number(rs.rows[0]?.s ?? 0);
    }
    return { cash: bal?.cash ?? 0, bonus: bal?.bonus ?? 0, grants, wagered };
  }

  async welcomeTaken(userId: string): Promise<boolean> {
    // The same rule as the claim trigger (bonus_welcome_once), for the customer's own keys.
    const rs = await this.client.execute({
      sql: `WITH me AS (SELECT pk.identity_key AS k, pk.identity_upper_key AS ku FROM person_keys pk JOIN users u ON u.id = pk.user_id
                        WHERE pk.user_id = ?1 AND u.verification_level IN ('basic', 'full'))
            SELECT EXISTS (
              SELECT 1 FROM bonus_welcome_claims c JOIN payments p ON p.id = c.payment_id
              WHERE NOT (p.state = 'failed' OR (p.state = 'reversed' AND p.reversal_transaction_id IS NULL))
                AND (c.user_id = ?1 OR c.identity_key = (SELECT k FROM me) OR c.identity_upper_key = (SELECT ku FROM me)
                     OR c.user_id IN (SELECT o.user_id FROM person_keys o WHERE o.identity_key = (SELECT k FROM me) OR o.identity_upper_key = (SELECT ku FROM me)))
            ) AS taken`,
      args: [userId],
    });
    return Number(rs.rows[0]?.taken ?? 0) === 1;
  }

  async credit(tx: LedgerTransaction, userId: string, audit: AuditEntry, at: Date, approval?: ApprovalClaim | null): Promise<BonusCreditOutcome> {
    const statements: InStatement[] = [
      assertStatement("EXISTS (SELECT 1 FROM ledger_accounts WHERE id = ? AND kind = 'bonus')", [bonusAccountId(userId)]),
      // No bonus to a suspended, timed-out, self-excluded or register-listed customer: checked in this write.
      ...activeAndNotExcluded(userId, at),
      assertStatement("NOT EXISTS (SELECT 1 FROM register_checks WHERE user_id = ? AND listed = 1)", [userId]),
      ...ledgerStatements(tx),
      ...approvalStatements(approval),
      auditStatement(audit),
    ];
    try {
      await this.client.batch(statements, "write");
      return "credited";
    } catch (e) {
      if (approvalRefused(e)) return "approval_decided";
      const c = constraintOf(e);
      if (c === ASSERTION_FAILED) {
        const has = await this.client.execute({ sql: "SELECT 1 FROM ledger_accounts WHERE id = ? AND kind = 'bonus'", args: [bonusAccountId(userId)] });
        return has.rows.length === 0 ? "no_account" : "refused";
      }
      throw e;
    }
  }

  async close(c: Parameters<Bonuses["close"]>[0]): Promise<"closed" | "stale"> {
    const placeholders = c.grantIds.map(() => "?").join(",");
    const statements: InStatement[] = [
      assertStatement("(SELECT balance FROM ledger_accounts WHERE id = ?) = ?", [bonusAccountId(c.userId), c.expectedBalance]),
      // The grants being closed are exactly the customer's active ones (none added or closed meanwhile).
      assertStatement(
        `(SELECT COUNT(*) FROM bonus_grants WHERE user_id = ? AND status = 'active') = ?
         AND (SELECT COUNT(*) FROM bonus_grants WHERE user_id = ? AND status = 'active' ${c.grantIds.length ? `AND id IN (${placeholders})` : ""}) = ?`,
        [c.userId, c.grantIds.length, c.userId, ...c.grantIds, c.grantIds.length],
      ),
      ...(c.tx ? ledgerStatements(c.tx) : []),
    ];
    if (c.grantIds.length > 0)
      statements.push({
        sql: `UPDATE bonus_grants SET status = ?, closed_at = ?, closed_transaction_id = ? WHERE id IN (${placeholders})`,
        args: [c.status, c.at.getTime(), c.tx?.id ?? null, ...c.grantIds],
      });
    try {
      await this.client.batch(statements, "write");
      return "closed";
    } catch (e) {
      const k = constraintOf(e);
      if (k === ASSERTION_FAILED || k === "CHECK constraint failed: ledger_accounts_wallet_nonneg_ck" || k === "BONUS.GRANT_CLOSED") return "stale";
      throw e;
    }
  }

  async needingUpkeep(limit: number): Promise<string[]> {
    const rs = await this.client.execute({
      sql: `SELECT DISTINCT user_id FROM bonus_grants WHERE status = 'active'
            UNION
            SELECT a.user_id FROM ledger_accounts a WHERE a.kind = 'bonus' AND a.balance > 0
              AND NOT EXISTS (SELECT 1 FROM bonus_grants g WHERE g.user_id = a.user_id AND g.status = 'active')
            LIMIT ?`,
      args: [limit],
    });
    return rs.rows.map((r) => String(r.user_id));
  }
}
