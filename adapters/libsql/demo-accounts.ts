/** Idle demo accounts and closing one in a single write (domain/users/demo-expiry.ts). */
import type { Client, InStatement } from "@libsql/client";
import type { DemoAccounts, IdleDemoAccount } from "../../domain/ports/demo-accounts.ts";
import { ledgerStatements } from "./ledger-statements.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./statements.ts";

/** A user's last request, or sign-up when they never made one. */
const LAST_SEEN = `COALESCE((SELECT MAX(a.last_seen_at) FROM session_activity a WHERE a.user_id = u.id), u.created_at)`;

export class LibsqlDemoAccounts implements DemoAccounts {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async idle(idleBefore: Date, limit: number): Promise<IdleDemoAccount[]> {
    const rs = await this.client.execute({
      sql: `SELECT u.id, COALESCE(w.balance, 0) AS balance FROM users u
            LEFT JOIN ledger_accounts w ON w.id = 'wallet:' || u.id
            WHERE u.is_demo = 1 AND u.is_active = 1 AND ${LAST_SEEN} < ?
            ORDER BY u.created_at, u.id LIMIT ?`,
      args: [idleBefore.getTime(), limit],
    });
    return rs.rows.map((r) => ({ userId: String(r.id), balance: Number(r.balance) }));
  }

  async expire(c: Parameters<DemoAccounts["expire"]>[0]): Promise<"expired" | "stale"> {
    const statements: InStatement[] = [
      assertStatement(
        `EXISTS (SELECT 1 FROM users u WHERE u.id = ? AND u.is_demo = 1 AND u.is_active = 1 AND ${LAST_SEEN} < ?)`,
        [c.userId, c.idleBefore.getTime()],
      ),
      assertStatement("COALESCE((SELECT balance FROM ledger_accounts WHERE id = ?), 0) = ?", [`wallet:${c.userId}`, c.expectedBalance]),
      ...(c.tx ? ledgerStatements(c.tx) : []),
      { sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [c.userId] },
      { sql: "DELETE FROM sessions WHERE user_id = ?", args: [c.userId] },
    ];
    try {
      await this.client.batch(statements, "write");
      return "expired";
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED) return "stale";
      throw e;
    }
  }
}
