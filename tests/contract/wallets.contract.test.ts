/**
 * The Wallets port, and the ledger behind every port: balanceOf is the cached balance, which is
 * always the sum of the account's postings; every transaction sums to zero; no wallet is ever
 * negative; and postings, transactions and audit records are only ever appended.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Ports } from "../../domain/ports/index.ts";
import { adaptersUnderTest, type AdapterUnderTest, type Harness } from "./harness.ts";
import { aCustomer, aPlan, aSettlement, aUser, at, BALANCED, ledgerCheck, standardCatalog } from "./fixtures.ts";

export function walletsContract(adapter: AdapterUnderTest) {
  let h: Harness;
  let p: Ports;
  beforeEach(async () => {
    h = await adapter.factory();
    p = h.ports;
    await h.addCatalog(standardCatalog());
  });
  afterEach(() => h.close());

  it("balanceOf: null for an unknown user and for a user without a wallet; the balance otherwise", async () => {
    await p.users.create(aUser("a1", { role: "admin" }), null);
    await aCustomer(p, "c0", 0);
    await aCustomer(p, "c1", 12_345);
    expect(await p.wallets.balanceOf("nope")).toBeNull();
    expect(await p.wallets.balanceOf("a1")).toBeNull();
    expect(await p.wallets.balanceOf("c0")).toBe(0);
    expect(await p.wallets.balanceOf("c1")).toBe(12_345);
  });

  it("after grants, bets, refusals and settlements: every balance is the sum of its postings, and the ledger only grew", async () => {
    await aCustomer(p, "c1", 10_000);
    await aCustomer(p, "c2", 3_000);
    const place = (betId: string, userId: string, stake: number, eventId: string, oddsMilli = 2100) =>
      p.bets.place(aPlan({ betId, userId, stake, legs: [{ eventId, oddsMilli }], placedAt: at(betId.length) }));
    expect((await place("b1", "c1", 4000, "ev_up_a")).kind).toBe("placed");
    expect((await place("b2", "c2", 3000, "ev_up_b")).kind).toBe("placed");
    expect((await place("b3", "c2", 1, "ev_up_t")).kind).toBe("insufficient_funds");
    expect((await place("b4", "c1", 1000, "ev_up_t", 2200)).kind).toBe("odds_changed");
    expect((await place("b5", "c1", 6000, "ev_live_s")).kind).toBe("placed");
    const midway = await h.rows();

    await p.bets.settle(aSettlement({ betId: "b1", userId: "c1", status: "won", actualReturn: 8400, legResults: [{ legId: "b1-1", result: "won" }] }));
    await p.bets.settle(aSettlement({ betId: "b2", userId: "c2", status: "void", actualReturn: 3000, legResults: [{ legId: "b2-1", result: "void" }] }));
    await p.bets.settle(aSettlement({ betId: "b5", userId: "c1", status: "lost", actualReturn: 0, legResults: [{ legId: "b5-1", result: "lost" }] }));
    await p.bets.settle(aSettlement({ betId: "b1", userId: "c1", status: "won", actualReturn: 8400, legResults: [{ legId: "b1-1", result: "won" }], auditId: "again", txId: "tx_again" }));
    const end = await h.rows();

    expect(ledgerCheck(end)).toEqual(BALANCED);
    expect(await p.wallets.balanceOf("c1")).toBe(10_000 - 4000 - 6000 + 8400);
    expect(await p.wallets.balanceOf("c2")).toBe(3000);
    const balance = (id: string) => end.accounts.find((a) => a.id === id)?.balance;
    expect(balance("wallet:c1")).toBe(8400);
    expect(balance("house")).toBe(4000 + 3000 + 6000 - 8400 - 3000);
    expect(balance("promotions")).toBe(-13_000);

    // Append-only: what was there midway is still there, unchanged, in the same order.
    expect(end.postings.slice(0, midway.postings.length)).toEqual(midway.postings);
    expect(end.transactions.slice(0, midway.transactions.length)).toEqual(midway.transactions);
    expect(end.audit.slice(0, midway.audit.length)).toEqual(midway.audit);
    expect(end.postings.length).toBe(midway.postings.length + 4);
    expect(end.audit.map((a) => a.id)).toEqual(["aud_b1", "aud_b2", "aud_b5"]);
  });
}

for (const adapter of adaptersUnderTest) describe(`Wallets contract (${adapter.name})`, () => walletsContract(adapter));
