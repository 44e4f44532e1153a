/**
 * The account ports on libSQL: credentials and registration, identity details, verification
 * level changes, settings, followed teams and the rewards read from the ledger. Each write is one
 * `client.batch(..., "write")`; conditions that must hold are checked inside it.
 */
import type { Client, InStatement, Row } from "@libsql/client";
import type {
  AccountSettings, Accounts, Credentials, DetailsChange, Follows, PasswordChange, Registration, RewardKind,
  RewardPosting, Rewards, VerificationChange,
} from "../../domain/ports/index.ts";
import type { AccountProfile } from "../../domain/accounts/profile.ts";
import {
  DEFAULT_SETTINGS, isOddsFormat, isPriceChangePolicy, isRealityCheckMinutes, type UserSettings,
} from "../../domain/accounts/settings.ts";
import type { Role, User, VerificationLevel } from "../../domain/shared/types.ts";
import { walletAccountId } from "../../domain/wallet/ledger.ts";
import { auditStatement } from "./audit.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";
import { oneRow } from "./rows.ts";
import type { PersonWrite } from "../../domain/ports/index.ts";
import { clearRejectionStatement, documentUnusedAssertion, personKeyStatement } from "./person-protection.ts";
import { exclusionInsert } from "./responsible.ts";
import type { WagerGateVersions } from "./wager-gate-cache.ts";
import { VersionedCache } from "./versioned-cache.ts";

/** The person-protection statements of a registration or verification write. */
function personStatements(userId: string, p: PersonWrite | undefined, at: Date): InStatement[] {
  if (!p) return [];
  const out: InStatement[] = [];
  if (p.uniqueDocument) out.push(documentUnusedAssertion(userId, p.keys));
  out.push(personKeyStatement(userId, p.keys, at));
  for (const x of p.exclusions) out.push(exclusionInsert(x.userId, x.exclusion));
  if (p.register)
    out.push({
      sql: `INSERT INTO register_checks (user_id, listed, checked_at, reference) VALUES (?, ?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET listed = excluded.listed, checked_at = excluded.checked_at, reference = excluded.reference`,
      args: [userId, p.register.listed ? 1 : 0, at.getTime(), p.register.reference],
    });
  return out;
}

const USER_COLUMNS = `id, email, first_name, last_name, role, is_demo, is_active, verification_level, created_at, password_hash`;

function toUser(r: Row): User {
  return {
    id: String(r.id),
    email: String(r.email),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    role: r.role as Role,
    isDemo: Number(r.is_demo) === 1,
    isActive: Number(r.is_active) === 1,
    verificationLevel: r.verification_level as VerificationLevel,
    createdAt: new Date(Number(r.created_at)),
  };
}
const toCredentials = (r: Row): Credentials => ({
  user: toUser(r),
  passwordHash: r.password_hash === null ? null : String(r.password_hash),
});

const EMAIL_TAKEN = "UNIQUE constraint failed: users.email";

export class LibsqlAccounts implements Accounts {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async findByEmail(email: string): Promise<Credentials | null> {
    const rs = await this.client.execute({ sql: `SELECT ${USER_COLUMNS} FROM users WHERE email = ?`, args: [email] });
    return rs.rows[0] ? toCredentials(rs.rows[0]) : null;
  }

  async credentialsOf(userId: string): Promise<Credentials | null> {
    const rs = await this.client.execute({ sql: `SELECT ${USER_COLUMNS} FROM users WHERE id = ?`, args: [userId] });
    return rs.rows[0] ? toCredentials(rs.rows[0]) : null;
  }

  async register(r: Registration): Promise<"registered" | "email_taken"> {
    const u = r.user;
    const at = u.createdAt.getTime();
    const statements: InStatement[] = [
      {
        sql: `INSERT INTO users (id, email, first_name, last_name, role, is_demo, is_active, verification_level, password_hash, created_at, date_of_birth)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [u.id, u.email, u.firstName, u.lastName, u.role, u.isDemo ? 1 : 0, u.isActive ? 1 : 0, u.verificationLevel,
          r.passwordHash, at, r.dateOfBirth],
      },
      {
        sql: "INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES (?, 'wallet', ?, 0, ?)",
        args: [walletAccountId(u.id), u.id, at],
      },
      {
        sql: "INSERT INTO sessions (id, user_id, created_at, expires_at, ip) VALUES (?, ?, ?, ?, ?)",
        args: [r.session.id, u.id, r.session.createdAt.getTime(), r.session.expiresAt.getTime(), r.session.ip],
      },
      ...personStatements(u.id, r.person, u.createdAt),
      auditStatement(r.audit),
    ];
    try {
      await this.client.batch(statements, "write");
      return "registered";
    } catch (e) {
      if (constraintOf(e) === EMAIL_TAKEN) return "email_taken";
      throw e;
    }
  }

  async profileOf(userId: string): Promise<AccountProfile | null> {
    const rs = await this.client.execute({
      sql: "SELECT date_of_birth, address_line1, address_city, address_postcode, address_country FROM users WHERE id = ?",
      args: [userId],
    });
    const r = rs.rows[0];
    if (!r) return null;
    const address =
      r.address_line1 === null
        ? null
        : {
            line1: String(r.address_line1),
            city: String(r.address_city ?? ""),
            postcode: String(r.address_postcode ?? ""),
            country: String(r.address_country ?? ""),
          };
    return { dateOfBirth: r.date_of_birth === null ? null : String(r.date_of_birth), address };
  }

  async updateDetails(c: DetailsChange): Promise<"updated" | "email_taken" | "not_found"> {
    try {
      await this.client.batch(
        [
          assertStatement("EXISTS (SELECT 1 FROM users WHERE id = ?)", [c.userId]),
          {
            sql: `UPDATE users SET first_name = COALESCE(?, first_name), last_name = COALESCE(?, last_name),
                  email = COALESCE(?, email), verification_level = COALESCE(?, verification_level) WHERE id = ?`,
            args: [c.firstName ?? null, c.lastName ?? null, c.email ?? null, c.verificationLevel ?? null, c.userId],
          },
          auditStatement(c.audit),
        ],
        "write",
      );
      return "updated";
    } catch (e) {
      const constraint = constraintOf(e);
      if (constraint === EMAIL_TAKEN) return "email_taken";
      if (constraint === ASSERTION_FAILED) return "not_found";
      throw e;
    }
  }

  async changePassword(c: PasswordChange): Promise<boolean> {
    try {
      await this.client.batch(
        [
          { sql: "UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?", args: [c.newHash, c.userId, c.expectedHash] },
          assertStatement("changes() = 1", []),
          { sql: "DELETE FROM sessions WHERE user_id = ? AND id <> ?", args: [c.userId, c.keepSessionId] },
          auditStatement(c.audit),
        ],
        "write",
      );
      return true;
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED) return false;
      throw e;
    }
  }

  async changeVerification(c: VerificationChange): Promise<boolean> {
    if (c.from.length === 0) return false;
    const id = c.identity;
    try {
      await this.client.batch(
        [
          {
            sql: `UPDATE users SET verification_level = ?,
                    first_name = COALESCE(?, first_name), last_name = COALESCE(?, last_name),
                    date_of_birth = COALESCE(?, date_of_birth),
                    address_line1 = COALESCE(?, address_line1), address_city = COALESCE(?, address_city),
                    address_postcode = COALESCE(?, address_postcode), address_country = COALESCE(?, address_country)
                  WHERE id = ? AND verification_level IN (${c.from.map(() => "?").join(",")})`,
            args: [
              c.to,
              id?.firstName ?? null, id?.lastName ?? null, id?.dateOfBirth ?? null,
              id?.address.line1 ?? null, id?.address.city ?? null, id?.address.postcode ?? null, id?.address.country ?? null,
              c.userId, ...c.from,
            ],
          },
          assertStatement("changes() = 1", []),
          ...personStatements(c.userId, c.person, c.audit.createdAt),
          clearRejectionStatement(c.userId),
          auditStatement(c.audit),
        ],
        "write",
      );
      return true;
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED) return false;
      throw e;
    }
  }
}

export class LibsqlAccountSettings implements AccountSettings {
  private readonly client: Client;
  /** Each customer's settings (placement reads the price-change policy), kept while current (wager-gate-cache.ts). */
  private readonly kept: VersionedCache<UserSettings>;
  constructor(client: Client, gateVersions: WagerGateVersions) {
    this.client = client;
    this.kept = new VersionedCache(gateVersions);
  }

  async of(userId: string): Promise<UserSettings> {
    const kept = this.kept.get(userId);
    if (kept) return { ...kept };
    const rs = await this.client.execute(
      oneRow({
        sql: `SELECT u.wager_gate_version, s.odds_format, s.price_change_policy, s.reality_check_minutes
                FROM users u LEFT JOIN user_settings s ON s.user_id = u.id WHERE u.id = ?`,
        args: [userId],
      }),
    );
    const r = rs.rows[0];
    if (!r) return { ...DEFAULT_SETTINGS };
    const minutes = Number(r.reality_check_minutes);
    // No settings row: the defaults.
    const settings: UserSettings = r.odds_format === null ? { ...DEFAULT_SETTINGS } : {
      oddsFormat: isOddsFormat(r.odds_format) ? r.odds_format : DEFAULT_SETTINGS.oddsFormat,
      priceChangePolicy: isPriceChangePolicy(r.price_change_policy) ? r.price_change_policy : DEFAULT_SETTINGS.priceChangePolicy,
      realityCheckMinutes: isRealityCheckMinutes(minutes) ? minutes : DEFAULT_SETTINGS.realityCheckMinutes,
    };
    this.kept.set(userId, Number(r.wager_gate_version), settings);
    return { ...settings };
  }

  async save(userId: string, s: UserSettings, at: Date): Promise<void> {
    await this.client.execute({
      sql: `INSERT INTO user_settings (user_id, odds_format, price_change_policy, reality_check_minutes, updated_at)
            VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET odds_format = excluded.odds_format,
              price_change_policy = excluded.price_change_policy,
              reality_check_minutes = excluded.reality_check_minutes, updated_at = excluded.updated_at`,
      args: [userId, s.oddsFormat, s.priceChangePolicy, s.realityCheckMinutes, at.getTime()],
    });
    // The write moved the counter; this process need not wait for the next session lookup to see it.
    this.kept.delete(userId);
  }
}

export class LibsqlFollows implements Follows {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async teamsOf(userId: string): Promise<string[]> {
    const rs = await this.client.execute({
      sql: "SELECT team FROM follows WHERE user_id = ? ORDER BY created_at, rowid",
      args: [userId],
    });
    return rs.rows.map((r) => String(r.team));
  }

  async knownTeam(name: string): Promise<string | null> {
    if (!name) return null;
    // Racing events name a meeting and a race, not teams.
    const rs = await this.client.execute({
      sql: `SELECT team FROM (
              SELECT home_team AS team FROM events WHERE sport <> 'racing'
              UNION SELECT away_team FROM events WHERE sport <> 'racing'
            ) WHERE team = ? COLLATE NOCASE ORDER BY team LIMIT 1`,
      args: [name],
    });
    return rs.rows[0] ? String(rs.rows[0].team) : null;
  }

  async follow(userId: string, team: string, at: Date): Promise<void> {
    await this.client.execute({
      sql: "INSERT INTO follows (user_id, team, created_at) VALUES (?, ?, ?) ON CONFLICT (user_id, team) DO NOTHING",
      args: [userId, team, at.getTime()],
    });
  }

  async unfollow(userId: string, team: string): Promise<void> {
    await this.client.execute({
      sql: "DELETE FROM follows WHERE user_id = ? AND team = ? COLLATE NOCASE",
      args: [userId, team],
    });
  }
}

const REWARD_KINDS: readonly RewardKind[] = ["deposit_bonus", "adjustment", "demo_grant"];

export class LibsqlRewards implements Rewards {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async listForUser(userId: string, limit: number): Promise<{ items: RewardPosting[]; total: number }> {
    const kinds = REWARD_KINDS.map(() => "?").join(",");
    const [list, sum] = await this.client.batch(
      [
        {
          sql: `SELECT t.id, t.kind, t.reference, t.created_at, SUM(p.amount) AS amount
                FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
                WHERE p.account_id = ? AND t.kind IN (${kinds})
                GROUP BY t.id ORDER BY t.created_at DESC, t.id DESC LIMIT ?`,
          args: [walletAccountId(userId), ...REWARD_KINDS, limit],
        },
        {
          sql: `SELECT COALESCE(SUM(p.amount), 0) AS total
                FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
                WHERE p.account_id = ? AND t.kind IN (${kinds})`,
          args: [walletAccountId(userId), ...REWARD_KINDS],
        },
      ],
      "read",
    );
    return {
      items: list.rows.map((r) => ({
        transactionId: String(r.id),
        kind: r.kind as RewardKind,
        amount: Number(r.amount),
        createdAt: new Date(Number(r.created_at)),
        reference: r.reference === null ? null : String(r.reference),
      })),
      total: Number(sum.rows[0].total),
    };
  }
}
