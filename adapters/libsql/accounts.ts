/** Users, sessions, wallets and idempotency records on libSQL, in plain SQL like every other adapter. */
import type { InStatement, Row } from "@libsql/client";
import type { EndedSession, IdempotencyRecords, NewSession, Sessions, Users, Wallets } from "../../domain/ports/index.ts";
import { DEFAULT_SUSPENSION_CATEGORY, isSuspensionCategory, type SuspensionCategory } from "../../domain/accounts/suspension.ts";
import type { User } from "../../domain/shared/types.ts";
import { walletAccountId, type LedgerTransaction } from "../../domain/wallet/ledger.ts";
import type { Database } from "./database.ts";
import { ledgerStatements } from "./ledger-statements.ts";
import { oneRow } from "./rows.ts";
import type { WagerGateVersions } from "./wager-gate-cache.ts";
import type { PricingVersion } from "./pricing-cache.ts";

/** The users columns a User has (a row of USER_COLUMNS, or of a query that selects them). */
const USER_COLUMNS = "id, email, first_name, last_name, role, is_demo, is_sample, is_active, verification_level, created_at";

const toUser = (r: Row): User => ({
  id: String(r.id),
  email: String(r.email),
  firstName: String(r.first_name),
  lastName: String(r.last_name),
  role: r.role as User["role"],
  isDemo: Number(r.is_demo) === 1,
  ...(Number(r.is_sample) === 1 ? { isSample: true } : {}),
  isActive: Number(r.is_active) === 1,
  verificationLevel: r.verification_level as User["verificationLevel"],
  createdAt: new Date(Number(r.created_at)),
});

export class LibsqlUsers implements Users {
  private readonly d: Database;
  constructor(d: Database) {
    this.d = d;
  }

  async findById(id: string): Promise<User | null> {
    const rs = await this.d.client.execute(oneRow({ sql: `SELECT ${USER_COLUMNS} FROM users WHERE id = ?`, args: [id] }));
    return rs.rows[0] ? toUser(rs.rows[0]) : null;
  }

  async create(user: User, wallet: { grant: LedgerTransaction | null } | null, passwordHash: string | null = null): Promise<void> {
    const at = user.createdAt.getTime();
    const statements: InStatement[] = [
      {
        sql: `INSERT INTO users (id, email, first_name, last_name, role, is_demo, is_active, verification_level, password_hash, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [user.id, user.email, user.firstName, user.lastName, user.role, user.isDemo ? 1 : 0, user.isActive ? 1 : 0,
          user.verificationLevel, passwordHash, at],
      },
    ];
    if (wallet) {
      statements.push({
        sql: "INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES (?, 'wallet', ?, 0, ?)",
        args: [walletAccountId(user.id), user.id, at],
      });
      if (wallet.grant) statements.push(...ledgerStatements(wallet.grant));
    }
    await this.d.client.batch(statements, "write");
  }

  async countActiveCustomers(): Promise<number> {
    // Demo accounts never count in operator figures: they play with credit the house grants (real-money.ts).
    const rs = await this.d.client.execute(
      oneRow({ sql: "SELECT COUNT(*) AS n FROM users WHERE role = 'customer' AND is_active = 1 AND is_demo = 0", args: [] }),
    );
    return Number(rs.rows[0]?.n ?? 0);
  }
}

/**
 * The session lookup runs on every request, so it is one plain statement (kept prepared by the
 * connection) reading only the user's columns that a User has and the two counters.
 */
const ACTIVE_SESSION_SQL = `SELECT u.id, u.email, u.first_name, u.last_name, u.role, u.is_demo, u.is_sample, u.is_active, u.verification_level,
    u.created_at, s.expires_at, u.wager_gate_version, (SELECT n FROM pricing_version WHERE id = 1) AS pricing_version
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ? AND s.expires_at > ?`;

const categoryOf = (v: unknown): SuspensionCategory => (isSuspensionCategory(v) ? v : DEFAULT_SUSPENSION_CATEGORY);

export class LibsqlSessions implements Sessions {
  private readonly d: Database;
  private readonly gateVersions: WagerGateVersions;
  private readonly pricingVersion: PricingVersion;
  /**
   * `gateVersions` learns each signed-in customer's wager-gate counter (wager-gate-cache.ts),
   * `pricingVersion` the pricing counter (pricing-cache.ts), both read with the session.
   */
  constructor(d: Database, gateVersions: WagerGateVersions, pricingVersion: PricingVersion) {
    this.d = d;
    this.gateVersions = gateVersions;
    this.pricingVersion = pricingVersion;
  }

  async create(s: NewSession): Promise<void> {
    await this.d.client.execute({
      sql: "INSERT INTO sessions (id, user_id, created_at, expires_at, ip) VALUES (?, ?, ?, ?, ?)",
      args: [s.id, s.userId, s.createdAt.getTime(), s.expiresAt.getTime(), s.ip],
    });
  }

  async findActive(id: string, now: Date): Promise<{ user: User; expiresAt: Date } | null> {
    const rs = await this.d.client.execute(oneRow({ sql: ACTIVE_SESSION_SQL, args: [id, now.getTime()] }));
    const r = rs.rows[0];
    if (!r) return null;
    const user = toUser(r);
    this.gateVersions.observe(user.id, Number(r.wager_gate_version));
    this.pricingVersion.observe(Number(r.pricing_version));
    return { user, expiresAt: new Date(Number(r.expires_at)) };
  }

  async delete(id: string): Promise<void> {
    await this.d.client.execute({ sql: "DELETE FROM sessions WHERE id = ?", args: [id] });
  }

  async endedBecause(id: string, now: Date): Promise<EndedSession | null> {
    const rs = await this.d.client.execute(
      oneRow({
        sql: `SELECT es.reason, u.is_demo, s.category FROM ended_sessions es
              JOIN users u ON u.id = es.user_id
              LEFT JOIN account_suspensions s ON s.user_id = es.user_id
              WHERE es.id = ? AND es.expires_at > ?`,
        args: [id, now.getTime()],
      }),
    );
    const r = rs.rows[0];
    if (r?.reason !== "suspended") return null;
    return { reason: "suspended", isDemo: Number(r.is_demo) === 1, category: categoryOf(r.category) };
  }

  async suspensionOf(userId: string): Promise<SuspensionCategory> {
    const rs = await this.d.client.execute(oneRow({ sql: "SELECT category FROM account_suspensions WHERE user_id = ?", args: [userId] }));
    return categoryOf(rs.rows[0]?.category);
  }
}

export class LibsqlWallets implements Wallets {
  private readonly d: Database;
  constructor(d: Database) {
    this.d = d;
  }

  async balanceOf(userId: string): Promise<number | null> {
    const rs = await this.d.client.execute(oneRow({ sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [walletAccountId(userId)] }));
    const r = rs.rows[0];
    return r ? Number(r.balance) : null;
  }
}

export class LibsqlIdempotency implements IdempotencyRecords {
  private readonly d: Database;
  constructor(d: Database) {
    this.d = d;
  }

  async find(userId: string, key: string) {
    const rs = await this.d.client.execute(
      oneRow({ sql: "SELECT request_hash, response_body FROM idempotency_keys WHERE user_id = ? AND key = ?", args: [userId, key] }),
    );
    const r = rs.rows[0];
    return r ? { requestHash: String(r.request_hash), response: JSON.parse(String(r.response_body)) as unknown } : null;
  }
}
