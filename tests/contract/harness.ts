/**
 * The adapters the contract suites run against. Each suite is written once as a function of an
 * `AdapterUnderTest`, whose factory makes a fresh, empty store: the ports, a way to load the
 * catalog (no port writes it), to move a price or a market's status as the feed and traders do,
 * and a copy of every table as rows (so a test can check that a refused write changed nothing).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client, Row } from "@libsql/client";
import type { Ports } from "../../domain/ports/index.ts";
import type { MarketStatus } from "../../domain/shared/types.ts";
import { openMemoryStore, catalogRows, type CatalogSeed, type StoreRows } from "../../adapters/memory/index.ts";
import { libsqlPorts, openDatabase } from "../../adapters/libsql/index.ts";
import { copyTemplateDatabase } from "../fixtures/template-db.ts";

export interface Harness {
  ports: Ports;
  addCatalog(seed: CatalogSeed): Promise<void>;
  setPrice(outcomeId: string, priceMilli: number): Promise<void>;
  setMarketStatus(marketId: string, status: MarketStatus): Promise<void>;
  rows(): Promise<StoreRows>;
  close(): void;
}
export type HarnessFactory = () => Promise<Harness>;

export interface AdapterUnderTest {
  name: "memory" | "libsql" | "libsql, plain client";
  factory: HarnessFactory;
}

export const memoryFactory: HarnessFactory = async () => {
  const store = await openMemoryStore();
  return {
    ports: store.ports,
    addCatalog: async (seed) => store.addCatalog(seed),
    setPrice: async (id, price) => store.setPrice(id, price),
    setMarketStatus: async (id, status) => store.setMarketStatus(id, status),
    rows: async () => store.rows(),
    close: () => store.close(),
  };
};

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const json = (v: unknown): unknown => (v === null || v === undefined ? null : JSON.parse(String(v)));

/** Load a catalog into a libSQL database (no port writes the catalog). */
export async function insertCatalog(client: Client, seed: CatalogSeed): Promise<void> {
  const rows = catalogRows(seed);
  await client.batch(
    [
      ...rows.sports.map((s) => ({
        sql: "INSERT INTO sports (code, name, sort_order, has_draw) VALUES (?, ?, ?, ?)",
        args: [s.code, s.name, s.sortOrder, s.hasDraw ? 1 : 0],
      })),
      ...rows.events.map((e) => ({
        sql: `INSERT INTO events (id, sport, league, home_team, away_team, name, description, start_time, status, minute,
                home_score, away_score, featured, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [e.id, e.sport, e.league, e.homeTeam, e.awayTeam, e.name, e.description, e.startTime, e.status, e.minute,
          e.homeScore, e.awayScore, e.featured ? 1 : 0, e.updatedAt],
      })),
      ...rows.markets.map((m) => ({
        sql: "INSERT INTO markets (id, event_id, type, name, status, sort_order, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        args: [m.id, m.eventId, m.type, m.name, m.status, m.sortOrder, m.updatedAt],
      })),
      ...rows.outcomes.map((o) => ({
        sql: "INSERT INTO outcomes (id, market_id, name, price_milli, sort_order, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
        args: [o.id, o.marketId, o.name, o.priceMilli, o.sortOrder, o.updatedAt],
      })),
    ],
    "write",
  );
}

/**
 * The libSQL adapters on an embedded file: as the server opens it (the embedded client and group
 * commit of adapters/libsql/perf/), or `plain`, over the stock @libsql/client with each write its
 * own batch. The same suites run over both, so the performance path answers as the plain one does.
 */
const libsqlFactoryOf = (opts: { plain: boolean }): HarnessFactory => async () => {
  const dir = mkdtempSync(join(tmpdir(), "sportsbook-contract-"));
  // A copy of the migrated template (tests/fixtures/template-db.ts): each test's own database, not migrated again.
  await copyTemplateDatabase(join(dir, "contract.db"), { seed: false });
  const database = await openDatabase({ url: `file:${join(dir, "contract.db")}`, plain: opts.plain });
  // The path asked for is the path under test.
  if ((database.groupCommit === undefined) !== opts.plain) throw new Error(`expected ${opts.plain ? "the plain client" : "group commit"}`);
  const { client } = database;
  const all = async <T>(sql: string, map: (r: Row) => T): Promise<T[]> => (await client.execute(sql)).rows.map(map);
  return {
    ports: libsqlPorts(database),
    addCatalog: (seed) => insertCatalog(client, seed),
    async setPrice(id, price) {
      await client.execute({ sql: "UPDATE outcomes SET price_milli = ? WHERE id = ?", args: [price, id] });
    },
    async setMarketStatus(id, status) {
      await client.execute({ sql: "UPDATE markets SET status = ? WHERE id = ?", args: [status, id] });
    },
    async rows(): Promise<StoreRows> {
      return {
        sports: await all("SELECT * FROM sports ORDER BY rowid", (r) => ({
          code: String(r.code) as StoreRows["sports"][number]["code"],
          name: String(r.name),
          sortOrder: Number(r.sort_order),
          hasDraw: Number(r.has_draw) === 1,
        })),
        events: await all("SELECT * FROM events ORDER BY rowid", (r) => ({
          id: String(r.id),
          sport: String(r.sport) as StoreRows["events"][number]["sport"],
          league: String(r.league),
          homeTeam: String(r.home_team),
          awayTeam: String(r.away_team),
          name: String(r.name),
          description: String(r.description),
          startTime: Number(r.start_time),
          status: String(r.status) as StoreRows["events"][number]["status"],
          minute: num(r.minute),
          homeScore: num(r.home_score),
          awayScore: num(r.away_score),
          featured: Number(r.featured) === 1,
          updatedAt: Number(r.updated_at),
        })),
        markets: await all("SELECT * FROM markets ORDER BY rowid", (r) => ({
          id: String(r.id),
          eventId: String(r.event_id),
          type: String(r.type) as StoreRows["markets"][number]["type"],
          name: String(r.name),
          status: String(r.status) as MarketStatus,
          sortOrder: Number(r.sort_order),
          updatedAt: Number(r.updated_at),
        })),
        outcomes: await all("SELECT * FROM outcomes ORDER BY rowid", (r) => ({
          id: String(r.id),
          marketId: String(r.market_id),
          name: String(r.name),
          priceMilli: Number(r.price_milli),
          sortOrder: Number(r.sort_order),
          updatedAt: Number(r.updated_at),
        })),
        users: await all("SELECT * FROM users ORDER BY rowid", (r) => ({
          id: String(r.id),
          email: String(r.email),
          firstName: String(r.first_name),
          lastName: String(r.last_name),
          role: String(r.role) as StoreRows["users"][number]["role"],
          isDemo: Number(r.is_demo) === 1,
          isActive: Number(r.is_active) === 1,
          verificationLevel: String(r.verification_level) as StoreRows["users"][number]["verificationLevel"],
          passwordHash: str(r.password_hash),
          createdAt: Number(r.created_at),
        })),
        sessions: await all("SELECT * FROM sessions ORDER BY rowid", (r) => ({
          id: String(r.id),
          userId: String(r.user_id),
          createdAt: Number(r.created_at),
          expiresAt: Number(r.expires_at),
          ip: str(r.ip),
        })),
        accounts: await all("SELECT * FROM ledger_accounts ORDER BY id", (r) => ({
          id: String(r.id),
          kind: String(r.kind) as StoreRows["accounts"][number]["kind"],
          userId: str(r.user_id),
          balance: Number(r.balance),
          createdAt: Number(r.created_at),
        })),
        transactions: await all("SELECT * FROM ledger_transactions ORDER BY rowid", (r) => ({
          id: String(r.id),
          kind: String(r.kind) as StoreRows["transactions"][number]["kind"],
          reference: str(r.reference),
          createdAt: Number(r.created_at),
          createdBy: str(r.created_by),
        })),
        postings: await all("SELECT * FROM ledger_postings ORDER BY id", (r) => ({
          transactionId: String(r.transaction_id),
          accountId: String(r.account_id),
          amount: Number(r.amount),
          createdAt: Number(r.created_at),
        })),
        bets: await all("SELECT * FROM bets ORDER BY rowid", (r) => ({
          id: String(r.id),
          userId: String(r.user_id),
          betType: String(r.bet_type) as StoreRows["bets"][number]["betType"],
          stake: Number(r.stake),
          totalOddsMilli: Number(r.total_odds_milli),
          potentialReturn: Number(r.potential_return),
          actualReturn: num(r.actual_return),
          status: String(r.status) as StoreRows["bets"][number]["status"],
          placedAt: Number(r.placed_at),
          settledAt: num(r.settled_at),
          settledBy: str(r.settled_by),
        })),
        legs: await all("SELECT * FROM bet_legs ORDER BY rowid", (r) => ({
          id: String(r.id),
          betId: String(r.bet_id),
          legNo: Number(r.leg_no),
          eventId: String(r.event_id),
          marketId: String(r.market_id),
          outcomeId: String(r.outcome_id),
          oddsMilli: Number(r.odds_milli),
          result: String(r.result) as StoreRows["legs"][number]["result"],
          eventName: String(r.event_name),
          marketName: String(r.market_name),
          selectionName: String(r.selection_name),
        })),
        idempotency: await all("SELECT * FROM idempotency_keys ORDER BY rowid", (r) => ({
          userId: String(r.user_id),
          key: String(r.key),
          requestHash: String(r.request_hash),
          response: json(r.response_body),
          createdAt: Number(r.created_at),
        })),
        audit: await all("SELECT * FROM audit_log ORDER BY rowid", (r) => ({
          id: String(r.id),
          actorId: str(r.actor_id),
          actorRole: String(r.actor_role),
          action: String(r.action),
          entityType: String(r.entity_type),
          entityId: String(r.entity_id),
          before: json(r.before),
          after: json(r.after),
          createdAt: Number(r.created_at),
        })),
      };
    },
    close() {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

export const adaptersUnderTest: AdapterUnderTest[] = [
  { name: "memory", factory: memoryFactory },
  { name: "libsql", factory: libsqlFactoryOf({ plain: false }) },
  { name: "libsql, plain client", factory: libsqlFactoryOf({ plain: true }) },
];
