/** Users, sessions, wallets and idempotency records in memory. */
import type { EndedSession, IdempotencyRecords, NewSession, Sessions, Users, Wallets } from "../../domain/ports/index.ts";
import { DEFAULT_SUSPENSION_CATEGORY, type SuspensionCategory } from "../../domain/accounts/suspension.ts";
import type { User } from "../../domain/shared/types.ts";
import { walletAccountId, type LedgerTransaction } from "../../domain/wallet/ledger.ts";
import { ConstraintError, jsonRoundTrip, type MemoryDatabase } from "./store.ts";

export class MemoryUsers implements Users {
  private readonly db: MemoryDatabase;
  constructor(db: MemoryDatabase) {
    this.db = db;
  }

  async findById(id: string): Promise<User | null> {
    return this.db.read((t) => {
      const row = t.users.get(id);
      return row ? t.toUser(row) : null;
    });
  }

  /** User, wallet account and grant in one write: a duplicate id or email, or a grant that fails, writes nothing. */
  async create(user: User, wallet: { grant: LedgerTransaction | null } | null, passwordHash: string | null = null): Promise<void> {
    const at = user.createdAt.getTime();
    this.db.write((t) => {
      if ([...t.users.values()].some((u) => u.email === user.email))
        throw new ConstraintError("UNIQUE constraint failed: users.email");
      t.insertUnique(t.users, "users.id", user.id, {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        isDemo: user.isDemo,
        isActive: user.isActive,
        verificationLevel: user.verificationLevel,
        passwordHash,
        createdAt: at,
      });
      if (wallet) {
        const id = walletAccountId(user.id);
        t.insertUnique(t.accounts, "ledger_accounts.id", id, { id, kind: "wallet", userId: user.id, balance: 0, createdAt: at });
        if (wallet.grant) t.insertLedgerTransaction(wallet.grant);
      }
    });
  }

  async countActiveCustomers(): Promise<number> {
    return this.db.read((t) => [...t.users.values()].filter((u) => u.role === "customer" && u.isActive && !u.isDemo).length);
  }
}

export class MemorySessions implements Sessions {
  private readonly db: MemoryDatabase;
  constructor(db: MemoryDatabase) {
    this.db = db;
  }

  async create(s: NewSession): Promise<void> {
    this.db.write((t) => {
      if (!t.users.has(s.userId)) throw new ConstraintError("FOREIGN KEY constraint failed");
      t.insertUnique(t.sessions, "sessions.id", s.id, {
        id: s.id,
        userId: s.userId,
        createdAt: s.createdAt.getTime(),
        expiresAt: s.expiresAt.getTime(),
        ip: s.ip,
      });
    });
  }

  /** Only a session that expires strictly after `now`. */
  async findActive(id: string, now: Date): Promise<{ user: User; expiresAt: Date } | null> {
    return this.db.read((t) => {
      const s = t.sessions.get(id);
      const user = s ? t.users.get(s.userId) : undefined;
      if (!s || !user || s.expiresAt <= now.getTime()) return null;
      return { user: t.toUser(user), expiresAt: new Date(s.expiresAt) };
    });
  }

  async delete(id: string): Promise<void> {
    this.db.write((t) => void t.sessions.delete(id));
  }

  /** Nothing in memory ends sessions by a suspension (the account admin is libSQL only). */
  async endedBecause(): Promise<EndedSession | null> {
    return null;
  }

  /** Nor records why an account is suspended: every suspension reads as the default category. */
  async suspensionOf(): Promise<SuspensionCategory> {
    return DEFAULT_SUSPENSION_CATEGORY;
  }
}

export class MemoryWallets implements Wallets {
  private readonly db: MemoryDatabase;
  constructor(db: MemoryDatabase) {
    this.db = db;
  }

  async balanceOf(userId: string): Promise<number | null> {
    return this.db.read((t) => t.accounts.get(walletAccountId(userId))?.balance ?? null);
  }
}

export class MemoryIdempotency implements IdempotencyRecords {
  private readonly db: MemoryDatabase;
  constructor(db: MemoryDatabase) {
    this.db = db;
  }

  async find(userId: string, key: string): Promise<{ requestHash: string; response: unknown } | null> {
    return this.db.read((t) => {
      const row = t.idempotency.get(JSON.stringify([userId, key]));
      return row ? { requestHash: row.requestHash, response: jsonRoundTrip(row.response) } : null;
    });
  }
}
