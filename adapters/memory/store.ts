/**
 * The in-memory database behind the memory ports: tables as Maps in insertion order, and writes
 * that are all or nothing. A write runs against a copy of the tables and replaces them only when
 * it completes; a broken constraint throws a `ConstraintError` (named like the libSQL trigger or
 * constraint) and leaves the tables as they were. Everything a write does is synchronous, so no
 * other call can interleave with it.
 *
 * The guards of adapters/libsql/migrations (0000_init.sql, 0001_guards.sql) are reproduced here:
 * primary keys and unique emails, foreign keys, non-negative wallets, non-zero postings that move
 * cached balances, the bet-leg price guard, settle-once and forward-only event status.
 */
import type { AuditEntry, BetRecord, EventView, MarketView, User } from "../../domain/shared/types.ts";
import type { LedgerTransaction } from "../../domain/wallet/ledger.ts";
import type {
  AccountRow, AuditRow, BetRow, EventRow, IdempotencyRow, LegRow, MarketRow, OutcomeRow, PostingRow, SessionRow,
  SportRow, StoreRows, TransactionRow, UserRow,
} from "./rows.ts";

/** A write refused by a constraint; `code` names it as the libSQL error would. */
export class ConstraintError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`SQLITE_CONSTRAINT: ${code}`);
    this.name = "ConstraintError";
    this.code = code;
  }
}

const copyMap = <T extends object>(m: Map<string, T>): Map<string, T> => new Map([...m].map(([k, v]) => [k, { ...v }]));

/** JSON as the database stores it: what JSON.stringify keeps, read back. */
export const jsonRoundTrip = (v: unknown): unknown => (v === undefined ? null : JSON.parse(JSON.stringify(v)) as unknown);

export class Tables {
  sports = new Map<string, SportRow>();
  events = new Map<string, EventRow>();
  markets = new Map<string, MarketRow>();
  outcomes = new Map<string, OutcomeRow>();
  users = new Map<string, UserRow>();
  sessions = new Map<string, SessionRow>();
  accounts = new Map<string, AccountRow>();
  transactions = new Map<string, TransactionRow>();
  postings: PostingRow[] = [];
  bets = new Map<string, BetRow>();
  legs = new Map<string, LegRow>();
  /** Keyed by JSON.stringify([userId, key]). */
  idempotency = new Map<string, IdempotencyRow>();
  audit = new Map<string, AuditRow>();

  clone(): Tables {
    const t = new Tables();
    t.sports = copyMap(this.sports);
    t.events = copyMap(this.events);
    t.markets = copyMap(this.markets);
    t.outcomes = copyMap(this.outcomes);
    t.users = copyMap(this.users);
    t.sessions = copyMap(this.sessions);
    t.accounts = copyMap(this.accounts);
    t.transactions = copyMap(this.transactions);
    t.postings = this.postings.map((p) => ({ ...p }));
    t.bets = copyMap(this.bets);
    t.legs = copyMap(this.legs);
    t.idempotency = new Map([...this.idempotency].map(([k, v]) => [k, { ...v, response: jsonRoundTrip(v.response) }]));
    t.audit = copyMap(this.audit);
    return t;
  }

  // ---- inserts with the schema's constraints ----

  insertUnique<T extends object>(table: Map<string, T>, name: string, key: string, row: T): void {
    if (table.has(key)) throw new ConstraintError(`UNIQUE constraint failed: ${name}`);
    table.set(key, row);
  }

  /** The transaction and its postings; each posting moves its account's cached balance. */
  insertLedgerTransaction(tx: LedgerTransaction): void {
    const at = tx.createdAt.getTime();
    this.insertUnique(this.transactions, "ledger_transactions.id", tx.id, {
      id: tx.id,
      kind: tx.kind,
      reference: tx.reference,
      createdAt: at,
      createdBy: tx.createdBy,
    });
    for (const p of tx.postings) {
      if (p.amount === 0) throw new ConstraintError("CHECK constraint failed: ledger_postings_nonzero_ck");
      const account = this.accounts.get(p.accountId);
      if (!account) throw new ConstraintError("LEDGER.UNKNOWN_ACCOUNT");
      const balance = account.balance + p.amount;
      if (account.kind === "wallet" && balance < 0)
        throw new ConstraintError("CHECK constraint failed: ledger_accounts_wallet_nonneg_ck");
      account.balance = balance;
      this.postings.push({ transactionId: tx.id, accountId: p.accountId, amount: p.amount, createdAt: at });
    }
  }

  insertAudit(a: AuditEntry): void {
    this.insertUnique(this.audit, "audit_log.id", a.id, {
      id: a.id,
      actorId: a.actorId,
      actorRole: a.actorRole,
      action: a.action,
      entityType: a.entityType,
      entityId: a.entityId,
      before: jsonRoundTrip(a.before),
      after: jsonRoundTrip(a.after),
      createdAt: a.createdAt.getTime(),
    });
  }

  // ---- reads shaped as the ports return them ----

  toUser(r: UserRow): User {
    const { passwordHash: _hash, createdAt, ...user } = r;
    return { ...user, createdAt: new Date(createdAt) };
  }

  /** Markets by sort order, outcomes by sort order; like the SQL inner join, a market without outcomes is left out. */
  toEventView(e: EventRow): EventView {
    const markets: MarketView[] = [...this.markets.values()]
      .filter((m) => m.eventId === e.id)
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((m) => ({
        id: m.id,
        eventId: m.eventId,
        type: m.type,
        name: m.name,
        status: m.status,
        line: null,
        settled: false,
        eachWay: null,
        // No race is re-formed in the memory store (no runner is withdrawn in it).
        reformedAt: null,
        outcomes: [...this.outcomes.values()]
          .filter((o) => o.marketId === m.id)
          .sort((a, b) => a.sortOrder - b.sortOrder)
          .map((o) => ({ id: o.id, name: o.name, priceMilli: o.priceMilli, updatedAt: new Date(o.updatedAt), code: null, result: o.result ?? null })),
      }))
      .filter((m) => m.outcomes.length > 0);
    return {
      id: e.id,
      sport: e.sport,
      sportName: this.sports.get(e.sport)?.name ?? "",
      league: e.league,
      homeTeam: e.homeTeam,
      awayTeam: e.awayTeam,
      name: e.name,
      description: e.description,
      startTime: new Date(e.startTime),
      status: e.status,
      minute: e.minute,
      homeScore: e.homeScore,
      awayScore: e.awayScore,
      featured: e.featured,
      updatedAt: new Date(e.updatedAt),
      suspendedUntil: e.suspendedUntil ? new Date(e.suspendedUntil) : null,
      state: null,
      markets,
    };
  }

  toBetRecord(b: BetRow): BetRecord {
    const legs = [...this.legs.values()]
      .filter((l) => l.betId === b.id)
      .sort((x, y) => x.legNo - y.legNo)
      .map((l) => ({
        id: l.id,
        legNo: l.legNo,
        eventId: l.eventId,
        marketId: l.marketId,
        outcomeId: l.outcomeId,
        oddsMilli: l.oddsMilli,
        result: l.result,
        eventName: l.eventName,
        marketName: l.marketName,
        selectionName: l.selectionName,
      }));
    return {
      id: b.id,
      userId: b.userId,
      betType: b.betType,
      stake: b.stake,
      totalOddsMilli: b.totalOddsMilli,
      potentialReturn: b.potentialReturn,
      actualReturn: b.actualReturn,
      status: b.status,
      placedAt: new Date(b.placedAt),
      settledAt: b.settledAt === null ? null : new Date(b.settledAt),
      legs,
    };
  }

  /** A deep copy of every table, for tests to read. */
  rows(): StoreRows {
    const c: Tables = this;
    return structuredClone({
      sports: [...c.sports.values()],
      events: [...c.events.values()],
      markets: [...c.markets.values()],
      outcomes: [...c.outcomes.values()],
      users: [...c.users.values()],
      sessions: [...c.sessions.values()],
      accounts: [...c.accounts.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
      transactions: [...c.transactions.values()],
      postings: c.postings,
      bets: [...c.bets.values()],
      legs: [...c.legs.values()],
      idempotency: [...c.idempotency.values()],
      audit: [...c.audit.values()],
    });
  }
}

/** The tables plus the one way to change them: an all-or-nothing write. */
export class MemoryDatabase {
  tables = new Tables();

  constructor() {
    // The system accounts every ledger transaction can reach (as migrations 0001, 0003 and 0022 insert them).
    for (const kind of ["house", "promotions", "payments", "fantasy_rake"] as const)
      this.tables.accounts.set(kind, { id: kind, kind, userId: null, balance: 0, createdAt: 0 });
    this.tables.accounts.set("payments_held", { id: "payments_held", kind: "payments", userId: null, balance: 0, createdAt: 0 });
  }

  /** Run `change` on a copy of the tables and keep the copy only if it returns without throwing. */
  write<T>(change: (t: Tables) => T): T {
    const draft = this.tables.clone();
    const result = change(draft);
    this.tables = draft;
    return result;
  }

  read<T>(query: (t: Tables) => T): T {
    return query(this.tables);
  }
}
