/**
 * A use case's world for tests: the memory store over the standard catalog, a fixed clock,
 * sequential ids ("bet_1", "tx_1", "aud_1"...) and contexts for any actor.
 */
import { expect } from "vitest";
import type { Ctx } from "../../domain/shared/context.ts";
import type { Clock, Ids } from "../../domain/shared/clock.ts";
import type { Ports } from "../../domain/ports/index.ts";
import type { User } from "../../domain/shared/types.ts";
import { openMemoryStore, type MemoryStore } from "../../adapters/memory/index.ts";
import { aCustomer, aUser, standardCatalog } from "../contract/fixtures.ts";

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

export interface World {
  store: MemoryStore;
  ids: Ids;
  /** A context for the user (or anonymous), over the store's ports or the ones given. */
  as(user: User | null, ports?: Ports): Ctx;
  customer(id: string, balance: number, overrides?: Partial<User>): Promise<User>;
  staff(id: string, role: "admin" | "trader", overrides?: Partial<User>): Promise<User>;
  /** Run `action` and check that no table changed. */
  unchanged<T>(action: () => Promise<T>): Promise<T>;
}

export async function makeWorld(): Promise<World> {
  const store = await openMemoryStore(standardCatalog());
  const ids = sequentialIds();
  return {
    store,
    ids,
    as: (user, ports = store.ports) => ({
      actor: user ? { kind: "user", user, sessionId: `sess_${user.id}` } : { kind: "anonymous" },
      ports,
      clock,
      ids,
    }),
    customer: (id, balance, overrides) => aCustomer(store.ports, id, balance, overrides),
    async staff(id, role, overrides) {
      const user = aUser(id, { role, ...overrides });
      await store.ports.users.create(user, null);
      return user;
    },
    async unchanged(action) {
      const before = store.rows();
      const result = await action();
      expect(store.rows()).toEqual(before);
      return result;
    },
  };
}

/** A selection on `<eventId>-m<market>-o<outcome>` at the given odds. */
export const sel = (eventId: string, odds: string, market = 1, outcome = 1) => ({
  eventId,
  marketId: `${eventId}-m${market}`,
  outcomeId: `${eventId}-m${market}-o${outcome}`,
  odds,
});
