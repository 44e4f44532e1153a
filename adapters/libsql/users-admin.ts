/** The admin view of users on libSQL: list and figures, status changes, accounts with passwords, activity. */
import type { InArgs, InStatement, Row } from "@libsql/client";
import type { AdminUserFilter, AdminUserRecord, AdminUsers, UserActivityRecord } from "../../domain/ports/index.ts";
import type { AuditEntry, User } from "../../domain/shared/types.ts";
import { levelsForKycFilter } from "../../domain/users/kyc.ts";
import { walletAccountId } from "../../domain/wallet/ledger.ts";
import { auditStatement } from "./audit.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf, type Database } from "./database.ts";
import { LibsqlBets } from "./bets.ts";
import { inReach } from "./reach.ts";
import type { Reach } from "../../domain/shared/reach.ts";
import { DEFAULT_SUSPENSION_CATEGORY, type SuspensionCategory } from "../../domain/accounts/suspension.ts";

const SELECT_USERS = `SELECT u.id, u.email, u.first_name, u.last_name, u.role, u.is_demo, u.is_active, u.verification_level,
    u.created_at, a.balance AS wallet_balance, p.risk_level, p.risk_score
  FROM users u
  LEFT JOIN ledger_accounts a ON a.id = 'wallet:' || u.id
  LEFT JOIN user_risk_profiles p ON p.user_id = u.id`;

export function toAdminUser(r: Row): AdminUserRecord {
  return {
    id: String(r.id),
    email: String(r.email),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    role: r.role as User["role"],
    isDemo: Boolean(Number(r.is_demo)),
    isActive: Boolean(Number(r.is_active)),
    verificationLevel: r.verification_level as User["verificationLevel"],
    createdAt: new Date(Number(r.created_at)),
    balance: r.wallet_balance === null ? null : Number(r.wallet_balance),
    riskLevel: (r.risk_level ?? "low") as AdminUserRecord["riskLevel"],
    riskScore: r.risk_score === null ? 0 : Number(r.risk_score),
  };
}

const parseJson = (v: unknown) => (v === null || v === undefined ? null : (JSON.parse(String(v)) as unknown));

export class LibsqlAdminUsers implements AdminUsers {
  private readonly d: Database;
  constructor(d: Database) {
    this.d = d;
  }

  async list(filter: AdminUserFilter): Promise<AdminUserRecord[]> {
    const where: string[] = [inReach(filter.reach, "u.id")];
    const args: (string | number)[] = [];
    const search = filter.search?.trim().toLowerCase();
    if (search) {
      where.push("(instr(lower(u.email), ?) > 0 OR instr(lower(u.first_name || ' ' || u.last_name), ?) > 0)");
      args.push(search, search);
    }
    if (filter.status) where.push(filter.status === "active" ? "u.is_active = 1" : "u.is_active = 0");
    if (filter.kyc) {
      const levels = levelsForKycFilter(filter.kyc);
      where.push(`u.verification_level IN (${levels.map(() => "?").join(",")})`);
      args.push(...levels);
    }
    if (filter.role) {
      where.push("u.role = ?");
      args.push(filter.role);
    }
    const rs = await this.d.client.execute({
      sql: `${SELECT_USERS} ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY u.created_at DESC, u.id`,
      args,
    });
    return rs.rows.map(toAdminUser);
  }

  async find(id: string): Promise<AdminUserRecord | null> {
    const rs = await this.d.client.execute({ sql: `${SELECT_USERS} WHERE u.id = ?`, args: [id] });
    return rs.rows[0] ? toAdminUser(rs.rows[0]) : null;
  }

  async stats(reach: Reach) {
    const rs = await this.d.client.execute(`SELECT
        COUNT(*) AS total,
        COALESCE(SUM(u.is_active = 1), 0) AS active,
        COALESCE(SUM(u.is_active = 0), 0) AS suspended,
        COALESCE(SUM(u.verification_level IN ('basic','pending')), 0) AS pending_kyc,
        COALESCE(SUM(p.risk_level IN ('high','critical')), 0) AS high_risk
      FROM users u LEFT JOIN user_risk_profiles p ON p.user_id = u.id
      WHERE ${inReach(reach, "u.id")}`);
    const r = rs.rows[0];
    return {
      total: Number(r.total),
      active: Number(r.active),
      suspended: Number(r.suspended),
      pendingKyc: Number(r.pending_kyc),
      highRisk: Number(r.high_risk),
    };
  }

  async setActive(change: { userId: string; isActive: boolean; category?: SuspensionCategory }, audit: AuditEntry) {
    const statements: InStatement[] = [
      { sql: "SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", args: [change.userId] },
      {
        sql: "UPDATE users SET is_active = ? WHERE id = ? AND is_active = ?",
        args: [change.isActive ? 1 : 0, change.userId, change.isActive ? 0 : 1],
      },
      // Nothing more is written unless that update changed the user.
      assertStatement("changes() = 1", []),
    ];
    // Suspension ends every session of the user in the same write, leaving a tombstone per session
    // so its cookie is told why (migration 0040); activation clears the tombstones.
    if (!change.isActive) {
      statements.push(
        {
          sql: `INSERT INTO ended_sessions (id, user_id, reason, ended_at, expires_at)
                SELECT id, user_id, 'suspended', ?, expires_at FROM sessions WHERE user_id = ? ON CONFLICT (id) DO NOTHING`,
          args: [audit.createdAt.getTime(), change.userId],
        },
        { sql: "DELETE FROM sessions WHERE user_id = ?", args: [change.userId] },
        // Why, as the customer is told it (migration 0056).
        {
          sql: `INSERT INTO account_suspensions (user_id, category, suspended_at) VALUES (?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET category = excluded.category, suspended_at = excluded.suspended_at`,
          args: [change.userId, change.category ?? DEFAULT_SUSPENSION_CATEGORY, audit.createdAt.getTime()],
        },
      );
    } else
      statements.push(
        { sql: "DELETE FROM ended_sessions WHERE user_id = ?", args: [change.userId] },
        { sql: "DELETE FROM account_suspensions WHERE user_id = ?", args: [change.userId] },
      );
    statements.push(auditStatement(audit));
    try {
      const results = await this.d.client.batch(statements, "write");
      return { kind: "changed" as const, sessionsEnded: change.isActive ? 0 : Number(results[0].rows[0].n) };
    } catch (e) {
      if (constraintOf(e) !== ASSERTION_FAILED) throw e;
      return (await this.find(change.userId)) ? { kind: "unchanged" as const } : { kind: "not_found" as const };
    }
  }

  async createWithPassword(user: User, passwordHash: string, openWallet: boolean, audit: AuditEntry) {
    const at = user.createdAt.getTime();
    const statements: InStatement[] = [
      {
        sql: `INSERT INTO users (id, email, first_name, last_name, role, is_demo, is_active, verification_level, password_hash, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [user.id, user.email, user.firstName, user.lastName, user.role, user.isDemo ? 1 : 0, user.isActive ? 1 : 0,
          user.verificationLevel, passwordHash, at],
      },
    ];
    if (openWallet)
      statements.push({
        sql: "INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES (?, 'wallet', ?, 0, ?)",
        args: [walletAccountId(user.id), user.id, at],
      });
    statements.push(auditStatement(audit));
    try {
      await this.d.client.batch(statements, "write");
      return "created" as const;
    } catch (e) {
      if (constraintOf(e)?.startsWith("UNIQUE constraint failed: users.email")) return "email_taken" as const;
      throw e;
    }
  }

  async activity(userId: string, limit: number): Promise<UserActivityRecord> {
    const q = (sql: string, args: InArgs) => this.d.client.execute({ sql, args });
    const [audit, tx, sessions, bets] = await Promise.all([
      q(
        `SELECT *, CASE WHEN actor_id = ? AND NOT (entity_type = 'user' AND entity_id = ?) THEN 'actor' ELSE 'subject' END AS relation
         FROM audit_log
         WHERE (entity_type = 'user' AND entity_id = ?)
            OR actor_id = ?
            OR (entity_type = 'bet' AND entity_id IN (SELECT id FROM bets WHERE user_id = ?))
            OR (entity_type = 'fraud_alert' AND entity_id IN (SELECT id FROM fraud_alerts WHERE user_id = ?))
         ORDER BY created_at DESC, rowid DESC LIMIT ?`,
        [userId, userId, userId, userId, userId, userId, limit],
      ),
      q(
        `SELECT t.id, t.kind, t.reference, t.created_at, t.created_by, SUM(p.amount) AS amount
         FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
         WHERE p.account_id = ? GROUP BY t.id ORDER BY t.created_at DESC, t.rowid DESC LIMIT ?`,
        [walletAccountId(userId), limit],
      ),
      q("SELECT created_at, expires_at, ip FROM sessions WHERE user_id = ? ORDER BY created_at DESC LIMIT 50", [userId]),
      new LibsqlBets(this.d.client).listForUser(userId, limit),
    ]);
    return {
      audit: audit.rows.map((r) => ({
        id: String(r.id),
        actorId: r.actor_id === null ? null : String(r.actor_id),
        actorRole: String(r.actor_role),
        action: String(r.action),
        entityType: String(r.entity_type),
        entityId: String(r.entity_id),
        before: parseJson(r.before),
        after: parseJson(r.after),
        createdAt: new Date(Number(r.created_at)),
        relation: r.relation as "subject" | "actor",
      })),
      bets,
      transactions: tx.rows.map((r) => ({
        id: String(r.id),
        kind: String(r.kind),
        amount: Number(r.amount),
        reference: r.reference === null ? null : String(r.reference),
        createdAt: new Date(Number(r.created_at)),
        createdBy: r.created_by === null ? null : String(r.created_by),
      })),
      sessions: sessions.rows.map((r) => ({
        startedAt: new Date(Number(r.created_at)),
        expiresAt: new Date(Number(r.expires_at)),
        ip: r.ip === null ? null : String(r.ip),
      })),
    };
  }
}
