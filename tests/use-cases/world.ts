/**
 * A use case's world for tests: the memory store over the standard catalog, a fixed clock,
 * sequential ids ("bet_1", "tx_1", "aud_1"...) and contexts for any actor.
 *
 * The memory store fakes the foundation ports (users, wallets, bets, events...) and takes the rest
 * from the libSQL adapter on a :memory: database (docs/architecture.md). A use case that joins the
 * two (a payment on a wallet, a settlement over bets, a contest entry debiting a wallet) needs one
 * store under all its ports: `makeWorld({ sql: true })` gives every port on that :memory: database,
 * over the same catalog. Either way `unchanged()` checks the memory tables and every SQL table.
 */
import { expect } from "vitest";
import type { Ctx } from "../../domain/shared/context.ts";
import type { Clock, Ids } from "../../domain/shared/clock.ts";
import type { Ports } from "../../domain/ports/index.ts";
import type { User } from "../../domain/shared/types.ts";
import { registerCustomer } from "../../domain/accounts/register.ts";
import { createMemoryStore, type MemoryStore } from "../../adapters/memory/index.ts";
import { libsqlPorts, openDatabase, type Database } from "../../adapters/libsql/index.ts";
import { ScryptPasswordHasher } from "../../adapters/system/password.ts";
import { aCustomer, aUser, standardCatalog } from "../contract/fixtures.ts";
import { insertCatalog } from "../contract/harness.ts";

export const NOW = new Date("2026-11-21T10:00:00Z");
export const clock: Clock = { now: () => NOW };

/** Ids numbered per prefix, in the order asked for. */
export function sequentialIds(): Ids {
  const counters = new Map<string, number>();
  return {
    next(prefix: string) {
      const n = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, n);
      return `${prefix}_${n}`;
    },
  };
}

/** The object with some methods replaced; the others still called on the original. */
export function intercept<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(t, key, receiver) {
      if (key in overrides) return overrides[key as keyof T];
      const v = Reflect.get(t, key, receiver) as unknown;
      return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(t) : v;
    },
  });
}

/** Cheap scrypt parameters: the hash is still real, it only costs less (tests/fixtures/test-app.ts). */
const passwords = new ScryptPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });

/**
 * Tables that cache an outside answer rather than record anything: the national self-exclusion
 * register's answer per account (register_checks), stored by the first gate that asks, refused or not.
 */
export const CACHE_TABLES = ["register_checks"];
/**
 * Columns that count changes to other rows rather than record anything: the wager-gate counter
 * (migration 0063) moves with register_checks too.
 */
const COUNTER_COLUMNS: Record<string, string[]> = { users: ["wager_gate_version"] };

/** Every row of every table of a libSQL database (migrations' bookkeeping and caches aside), by table. */
export async function sqlRows(database: Database): Promise<Record<string, unknown[]>> {
  const tables = await database.client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
  );
  const out: Record<string, unknown[]> = {};
  for (const t of tables.rows) {
    const name = String(t.name);
    if (CACHE_TABLES.includes(name)) continue;
    const counters = COUNTER_COLUMNS[name] ?? [];
    out[name] = (await database.client.execute(`SELECT * FROM "${name}"`)).rows.map((r) => {
      const row: Record<string, unknown> = { ...r };
      for (const c of counters) delete row[c];
      return row;
    });
  }
  return out;
}

/** The libSQL audit log, oldest first, with before/after parsed. */
export async function sqlAudit(database: Database) {
  const rs = await database.client.execute("SELECT action, actor_id, entity_type, entity_id, before, after FROM audit_log ORDER BY created_at, rowid");
  const json = (v: unknown) => (v === null ? null : JSON.parse(String(v)));
  return rs.rows.map((r) => ({
    action: String(r.action), actorId: r.actor_id === null ? null : String(r.actor_id), entity: `${r.entity_type}:${r.entity_id}`,
    before: json(r.before), after: json(r.after),
  }));
}

export interface World {
  store: MemoryStore;
  /** The ports contexts get: the memory store's, or (sql world) all on the libSQL database. */
  ports: Ports;
  database: Database;
  ids: Ids;
  /** A context for the user (or anonymous), over the store's ports or the ones given. */
  as(user: User | null, ports?: Ports): Ctx;
  customer(id: string, balance: number, overrides?: Partial<User>): Promise<User>;
  staff(id: string, role: "admin" | "trader", overrides?: Partial<User>): Promise<User>;
  /** Move an outcome's price as the feed would (in whichever store the world's ports read). */
  setPrice(outcomeId: string, priceMilli: number): Promise<void>;
  /** Run `action` and check that no table changed (memory and libSQL; CACHE_TABLES aside). */
  unchanged<T>(action: () => Promise<T>): Promise<T>;
}

export async function makeWorld(opts: { sql?: boolean } = {}): Promise<World> {
  const database = await openDatabase({ url: ":memory:" });
  const sqlPorts = libsqlPorts(database, { passwords });
  const store = createMemoryStore(sqlPorts, standardCatalog());
  if (opts.sql) await insertCatalog(database.client, standardCatalog());
  const ports = opts.sql ? sqlPorts : store.ports;
  const ids = sequentialIds();
  return {
    store,
    ports,
    database,
    ids,
    as: (user, p = ports) => ({
      actor: user ? { kind: "user", user, sessionId: `sess_${user.id}` } : { kind: "anonymous" },
      ports: p,
      clock,
      ids,
    }),
    customer: (id, balance, overrides) => aCustomer(ports, id, balance, overrides),
    async staff(id, role, overrides) {
      const user = aUser(id, { role, ...overrides });
      await ports.users.create(user, null);
      return user;
    },
    async setPrice(outcomeId, priceMilli) {
      if (!opts.sql) return store.setPrice(outcomeId, priceMilli);
      await database.client.execute({ sql: "UPDATE outcomes SET price_milli = ? WHERE id = ?", args: [priceMilli, outcomeId] });
    },
    async unchanged(action) {
      const before = store.rows();
      const sqlBefore = await sqlRows(database);
      const result = await action();
      expect(store.rows()).toEqual(before);
      expect(await sqlRows(database)).toEqual(sqlBefore);
      return result;
    },
  };
}

/**
 * Ada Lovelace (ada@example.com, password "correct horse", born 1990-05-01) registered through the
 * use case, signed in as `sessionId`.
 */
export async function registerAda(w: World, sessionId = "sess_usr_1"): Promise<User> {
  const r = await registerCustomer(w.as(null), {
    firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "correct horse", dateOfBirth: "1990-05-01",
  }, { id: sessionId, ip: null });
  if (!r.ok) throw new Error(r.error.code);
  return r.value.user;
}

/** A selection on `<eventId>-m<market>-o<outcome>` at the given odds. */
export const sel = (eventId: string, odds: string, market = 1, outcome = 1) => ({
  eventId,
  marketId: `${eventId}-m${market}`,
  outcomeId: `${eventId}-m${market}-o${outcome}`,
  odds,
});
