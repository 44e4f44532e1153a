/** Users, sessions, wallets and idempotency records on libSQL. */
import { and, count, eq } from "drizzle-orm";
import type { InStatement } from "@libsql/client";
import type { EndedSession, IdempotencyRecords, NewSession, Sessions, Users, Wallets } from "../../domain/ports/index.ts";
import { DEFAULT_SUSPENSION_CATEGORY, isSuspensionCategory, type SuspensionCategory } from "../../domain/accounts/suspension.ts";
import type { User } from "../../domain/shared/types.ts";
import { walletAccountId, type LedgerTransaction } from "../../domain/wallet/ledger.ts";
import type { Database } from "./database.ts";
import { ledgerStatements } from "./ledger-statements.ts";
import { idempotencyKeys, ledgerAccounts, sessions, users } from "./schema.ts";
import { oneRow } from "./rows.ts";
import type { WagerGateVersions } from "./wager-gate-cache.ts";
import type { PricingVersion } from "./pricing-cache.ts";

type UserRow = typeof users.$inferSelect;
const toUser = (r: UserRow): User => ({
  id: r.id,
  email: r.email,
  firstName: r.firstName,
  lastName: r.lastName,
  role: r.role,
  isDemo: r.isDemo,
  ...(r.isSample ? { isSample: true } : {}),
  isActive: r.isActive,
  verificationLevel: r.verificationLevel,
  createdAt: new Date(r.createdAt),
});

export class LibsqlUsers implements Users {
  private readonly d: Database;
  constructor(d: Database) {
    this.d = d;
  }

  async findById(id: string): Promise<User | null> {
    const [row] = await this.d.db.select().from(users).where(eq(users.id, id));
    return row ? toUser(row) : null;
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
    const [row] = await this.d.db
      .select({ n: count() })
      .from(users)
      // Demo accounts never count in operator figures (issue 22).
      .where(and(eq(users.role, "customer"), eq(users.isActive, true), eq(users.isDemo, false)));
    return row?.n ?? 0;
  }
}

/**
 * The session lookup runs on every request, so it is one plain statement (kept prepared by the
 * connection) reading only the user's columns that a User has, not a drizzle query with a row mapper.
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
    await this.d.db.insert(sessions).values({
      id: s.id,
      userId: s.userId,
      createdAt: s.createdAt.getTime(),
      expiresAt: s.expiresAt.getTime(),
      ip: s.ip,
    });
  }

  async findActive(id: string, now: Date): Promise<{ user: User; expiresAt: Date } | null> {
    const rs = await this.d.client.execute(oneRow({ sql: ACTIVE_SESSION_SQL, args: [id, now.getTime()] }));
    const r = rs.rows[0];
    if (!r) return null;
    const user: User = {
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
    };
    this.gateVersions.observe(user.id, Number(r.wager_gate_version));
    this.pricingVersion.observe(Number(r.pricing_version));
    return { user, expiresAt: new Date(Number(r.expires_at)) };
  }

  async delete(id: string): Promise<void> {
    await this.d.db.delete(sessions).where(eq(sessions.id, id));
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
    const [row] = await this.d.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, walletAccountId(userId)));
    return row ? row.balance : null;
  }
}

export class LibsqlIdempotency implements IdempotencyRecords {
  private readonly d: Database;
  constructor(d: Database) {
    this.d = d;
  }

  async find(userId: string, key: string) {
    const [row] = await this.d.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return row ? { requestHash: row.requestHash, response: JSON.parse(row.responseBody) as unknown } : null;
  }
}
