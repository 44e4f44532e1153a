/**
 * In-memory fakes of every port, for fast use-case tests. They keep the guarantees the libSQL
 * adapter gets from its database (tests/contract runs the same suites against both): each write
 * is all or nothing, wallets never go below zero, postings move cached balances, the ledger and
 * audit log only grow, a bet leg is taken only at the current price of an open market of an
 * unfinished event, a bet settles once, and event status moves forward only.
 *
 * Ports without an in-memory fake use the libSQL adapter on :memory: as their fake (docs/architecture.md):
 * openMemoryStore() wires them from a fresh :memory: database, so the store satisfies the full Ports.
 *
 *   const store = await openMemoryStore();
 *   store.addCatalog({ sports: [...], events: [...] });   // no port writes the catalog
 *   const ctx = { actor, ports: store.ports, clock, ids };
 *   ... store.ledger(), store.audit(), store.rows()
 */
import type { Ports } from "../../domain/ports/index.ts";
import type { MarketStatus } from "../../domain/shared/types.ts";
import { MemoryIdempotency, MemorySessions, MemoryUsers, MemoryWallets } from "./accounts.ts";
import { MemoryBets } from "./bets.ts";
import { MemoryEvents } from "./events.ts";
import { NO_IN_PLAY_DELAY } from "../system/in-play-delay.ts";
import { MemoryResponsible } from "./responsible.ts";
import { MemoryPlacementLimits } from "./placement-limits.ts";
import {
  catalogRows, type AccountRow, type AuditRow, type CatalogSeed, type PostingRow, type StoreRows, type TransactionRow,
} from "./rows.ts";
import { ConstraintError, MemoryDatabase } from "./store.ts";
import { libsqlPorts, openDatabase } from "../libsql/index.ts";

export type {
  CatalogSeed, EventSeed, MarketSeed, OutcomeSeed, SportSeed, StoreRows, AccountRow, AuditRow, PostingRow, TransactionRow,
} from "./rows.ts";
export { catalogRows } from "./rows.ts";
export { ConstraintError } from "./store.ts";

export interface LedgerState {
  /** Every account with its cached balance, by id. */
  accounts: AccountRow[];
  transactions: TransactionRow[];
  postings: PostingRow[];
  /** Cached balance per account id. */
  balances: Record<string, number>;
}

export interface MemoryStore {
  /** The faked ports (MemoryFakedPorts) over this store, and the others as given. */
  ports: Ports;
  /** Load sports, events, markets and outcomes (one write; a duplicate id or unknown sport loads nothing). */
  addCatalog(seed: CatalogSeed): void;
  /** Move an outcome's price (as the odds feed would). */
  setPrice(outcomeId: string, priceMilli: number, at?: Date): void;
  /** Suspend, reopen or close a market. */
  setMarketStatus(marketId: string, status: MarketStatus, at?: Date): void;
  ledger(): LedgerState;
  audit(): AuditRow[];
  /** A copy of every table. */
  rows(): StoreRows;
}

/** The ports adapters/memory fakes: the foundation, and responsible gambling (placement checks its gates). */
export type MemoryFakedPorts = Pick<
  Ports, "inPlay" | "users" | "sessions" | "events" | "bets" | "wallets" | "idempotency" | "responsible" | "placementLimits"
>;

/** A store whose faked ports are in memory; every other port is taken from `others` (see openMemoryStore). */
export function createMemoryStore(others: Omit<Ports, keyof MemoryFakedPorts>, initial?: CatalogSeed): MemoryStore {
  const db = new MemoryDatabase();
  const faked: MemoryFakedPorts = {
    inPlay: NO_IN_PLAY_DELAY,
    users: new MemoryUsers(db),
    sessions: new MemorySessions(db),
    events: new MemoryEvents(db),
    bets: new MemoryBets(db),
    wallets: new MemoryWallets(db),
    idempotency: new MemoryIdempotency(db),
    responsible: new MemoryResponsible(db),
    placementLimits: new MemoryPlacementLimits(db),
  };
  const store: MemoryStore = {
    ports: { ...others, ...faked },
    addCatalog(seed) {
      const rows = catalogRows(seed);
      db.write((t) => {
        for (const s of rows.sports) t.insertUnique(t.sports, "sports.code", s.code, s);
        for (const e of rows.events) {
          if (!t.sports.has(e.sport)) throw new ConstraintError("FOREIGN KEY constraint failed");
          t.insertUnique(t.events, "events.id", e.id, e);
        }
        for (const m of rows.markets) t.insertUnique(t.markets, "markets.id", m.id, m);
        for (const o of rows.outcomes) {
          if (o.priceMilli < 1010) throw new ConstraintError("CHECK constraint failed: outcomes_price_ck");
          t.insertUnique(t.outcomes, "outcomes.id", o.id, o);
        }
      });
    },
    setPrice(outcomeId, priceMilli, at) {
      db.write((t) => {
        const o = t.outcomes.get(outcomeId);
        if (!o) throw new Error(`No outcome ${outcomeId}`);
        if (priceMilli < 1010) throw new ConstraintError("CHECK constraint failed: outcomes_price_ck");
        Object.assign(o, { priceMilli, updatedAt: at?.getTime() ?? o.updatedAt });
      });
    },
    setMarketStatus(marketId, status, at) {
      db.write((t) => {
        const m = t.markets.get(marketId);
        if (!m) throw new Error(`No market ${marketId}`);
        Object.assign(m, { status, updatedAt: at?.getTime() ?? m.updatedAt });
      });
    },
    ledger() {
      const { accounts, transactions, postings } = db.tables.rows();
      return { accounts, transactions, postings, balances: Object.fromEntries(accounts.map((a) => [a.id, a.balance])) };
    },
    audit: () => db.tables.rows().audit,
    rows: () => db.tables.rows(),
  };
  if (initial) store.addCatalog(initial);
  return store;
}

/**
 * A memory store whose ports without an in-memory fake are the libSQL adapter's on a fresh :memory:
 * database (their fake): the full Ports. close() closes that database.
 */
export async function openMemoryStore(initial?: CatalogSeed): Promise<MemoryStore & { close(): void }> {
  const database = await openDatabase({ url: ":memory:" });
  return { ...createMemoryStore(libsqlPorts(database), initial), close: () => database.close() };
}
