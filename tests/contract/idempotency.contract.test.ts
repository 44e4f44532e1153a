/**
 * The IdempotencyRecords port: a key is recorded only by a successful placement, per customer,
 * with the request hash and the stored response (JSON) whose balance is the balance right after
 * that placement.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Ports } from "../../domain/ports/index.ts";
import { adaptersUnderTest, type AdapterUnderTest, type Harness } from "./harness.ts";
import { aCustomer, aPlan, T0 } from "./fixtures.ts";

export function idempotencyContract(adapter: AdapterUnderTest) {
  let h: Harness;
  let p: Ports;
  beforeEach(async () => {
    h = await adapter.factory();
    p = h.ports;
    await h.addCatalog({
      sports: [{ code: "soccer", name: "Soccer" }],
      events: [{
        id: "e1", sport: "soccer", homeTeam: "H", awayTeam: "A", startTime: new Date(T0.getTime() + 3_600_000),
        markets: [{ id: "e1-m1", name: "Match Result", outcomes: [{ id: "e1-m1-o1", name: "H", priceMilli: 2100 }] }],
      }],
    });
    await aCustomer(p, "c1", 10_000);
    await aCustomer(p, "c2", 10_000);
  });
  afterEach(() => h.close());

  const plan = (betId: string, userId: string, stake: number, key: string, response: unknown) =>
    aPlan({ betId, userId, stake, legs: [{ eventId: "e1" }], idempotency: { key, requestHash: `hash-${betId}`, response } });

  it("null for a key never used", async () => {
    expect(await p.idempotency.find("c1", "k1")).toBeNull();
  });

  it("the record of the customer's key only: not another customer's, not another key", async () => {
    await p.bets.place(plan("b1", "c1", 1000, "k1", { bet: { id: "b1" } }));
    expect(await p.idempotency.find("c1", "k1")).toEqual({ requestHash: "hash-b1", response: { bet: { id: "b1" }, balance: 9000 } });
    expect(await p.idempotency.find("c2", "k1")).toBeNull();
    expect(await p.idempotency.find("c1", "K1")).toBeNull();
  });

  it("the response is stored as JSON: nested values kept, dates as ISO strings, undefined dropped, balance overwritten", async () => {
    const response = {
      bet: { id: "b1", totalOdds: "2.10", placedAt: T0, status: "pending", note: undefined },
      list: [1, "two", null, { three: true }],
      balance: -1,
    };
    await p.bets.place(plan("b1", "c1", 2500, "k1", response));
    expect(await p.idempotency.find("c1", "k1")).toEqual({
      requestHash: "hash-b1",
      response: {
        bet: { id: "b1", totalOdds: "2.10", placedAt: "2026-11-21T10:00:00.000Z", status: "pending" },
        list: [1, "two", null, { three: true }],
        balance: 7500,
      },
    });
  });

  it("a refused placement records no key, so the same key can place once the refusal is gone", async () => {
    expect(await p.bets.place(plan("b1", "c1", 20_000, "k1", {}))).toEqual({ kind: "insufficient_funds" });
    expect(await p.idempotency.find("c1", "k1")).toBeNull();
    expect(await p.bets.place(plan("b2", "c1", 2_000, "k1", {}))).toEqual({ kind: "placed", balance: 8000 });
    expect(await p.idempotency.find("c1", "k1")).toEqual({ requestHash: "hash-b2", response: { balance: 8000 } });
  });

  it("what find returns is a copy: changing it does not change the record", async () => {
    await p.bets.place(plan("b1", "c1", 1000, "k1", { bet: { id: "b1" } }));
    const first = await p.idempotency.find("c1", "k1");
    (first!.response as { bet: { id: string } }).bet.id = "tampered";
    expect((await p.idempotency.find("c1", "k1"))?.response).toEqual({ bet: { id: "b1" }, balance: 9000 });
  });
}

for (const adapter of adaptersUnderTest) describe(`IdempotencyRecords contract (${adapter.name})`, () => idempotencyContract(adapter));
