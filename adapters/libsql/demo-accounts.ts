/** Idle demo accounts and closing one in a single write (domain/users/demo-expiry.ts); a browser's demo users. */
import type { Client, InStatement } from "@libsql/client";
import type { DemoAccounts, IdleDemoAccount } from "../../domain/ports/demo-accounts.ts";
import type { Role, User } from "../../domain/shared/types.ts";
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
      // A closed demo account is never resumed: its browser starts a new one next time.
      { sql: "DELETE FROM demo_resumes WHERE user_id = ?", args: [c.userId] },
    ];
    try {
      await this.client.batch(statements, "write");
      return "expired";
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED) return "stale";
      throw e;
    }
  }

  async resume(deviceKey: string, role: Role, now: Date): Promise<User | null> {
    const rs = await this.client.execute({
      sql: `SELECT u.id, u.email, u.first_name, u.last_name, u.role, u.verification_level, u.created_at
            FROM demo_resumes r JOIN users u ON u.id = r.user_id
            WHERE r.token_hash = ? AND r.expires_at > ? AND u.is_demo = 1 AND u.is_active = 1 AND u.role = ?`,
      args: [deviceKey, now.getTime(), role],
    });
    const r = rs.rows[0];
    if (!r) return null;
    return {
      id: String(r.id),
      email: String(r.email),
      firstName: String(r.first_name),
      lastName: String(r.last_name),
      role: r.role as Role,
      isDemo: true,
      isActive: true,
      verificationLevel: r.verification_level as User["verificationLevel"],
      createdAt: new Date(Number(r.created_at)),
    };
  }

  async remember(deviceKey: string, userId: string, now: Date, expiresAt: Date): Promise<void> {
    await this.client.execute({
      sql: `INSERT INTO demo_resumes (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (token_hash) DO UPDATE SET user_id = excluded.user_id, created_at = excluded.created_at, expires_at = excluded.expires_at`,
      args: [deviceKey, userId, now.getTime(), expiresAt.getTime()],
    });
  }
}
