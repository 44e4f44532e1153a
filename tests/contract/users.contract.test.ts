/**
 * The Users port: a user is created with (optionally) a wallet and its opening grant in one write;
 * a duplicate, or a grant the ledger refuses, writes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Ports } from "../../domain/ports/index.ts";
import { ledgerTransaction, transfer, walletAccountId } from "../../domain/wallet/ledger.ts";
import { adaptersUnderTest, type AdapterUnderTest, type Harness } from "./harness.ts";
import { aGrant, aUser, at } from "./fixtures.ts";

export function usersContract(adapter: AdapterUnderTest) {
  let h: Harness;
  let p: Ports;
  beforeEach(async () => {
    h = await adapter.factory();
    p = h.ports;
  });
  afterEach(() => h.close());

  it("findById returns the user as created; null for an unknown id", async () => {
    const user = aUser("u1", { role: "trader", isDemo: true, verificationLevel: "basic", createdAt: new Date("2026-11-21T09:59:59.123Z") });
    await p.users.create(user, null);
    expect(await p.users.findById("u1")).toEqual(user);
    expect(await p.users.findById("nope")).toBeNull();
  });

  it("without a wallet: no ledger account, so no balance", async () => {
    await p.users.create(aUser("u1", { role: "admin" }), null);
    expect(await p.wallets.balanceOf("u1")).toBeNull();
    expect((await h.rows()).accounts.map((a) => a.id)).toEqual(["fantasy_rake", "house", "payments", "payments_held", "promotions"]);
  });

  it("with a wallet and no grant: an empty wallet, no postings", async () => {
    await p.users.create(aUser("u1"), { grant: null });
    expect(await p.wallets.balanceOf("u1")).toBe(0);
    const rows = await h.rows();
    expect(rows.accounts.find((a) => a.id === "wallet:u1")).toEqual({
      id: "wallet:u1", kind: "wallet", userId: "u1", balance: 0, createdAt: aUser("u1").createdAt.getTime(),
    });
    expect(rows.postings).toEqual([]);
  });

  it("with a grant: the wallet opens with it, moved from promotions", async () => {
    await p.users.create(aUser("u1"), { grant: aGrant("u1", 100_000) });
    expect(await p.wallets.balanceOf("u1")).toBe(100_000);
    const rows = await h.rows();
    expect(rows.transactions).toEqual([{ id: "tx_grant_u1", kind: "demo_grant", reference: "u1", createdAt: at(-60 * 24 * 30).getTime(), createdBy: null }]);
    expect(rows.postings.map((x) => [x.accountId, x.amount])).toEqual([["promotions", -100_000], ["wallet:u1", 100_000]]);
    expect(rows.accounts.find((a) => a.id === "promotions")?.balance).toBe(-100_000);
  });

  it("a second user with a used id or email is refused, and nothing of it is written", async () => {
    await p.users.create(aUser("u1"), { grant: aGrant("u1", 500) });
    const before = await h.rows();
    await expect(p.users.create(aUser("u1", { email: "other@example.com" }), null)).rejects.toThrow();
    await expect(p.users.create(aUser("u2", { email: "u1@example.com" }), { grant: aGrant("u2", 500) })).rejects.toThrow();
    expect(await h.rows()).toEqual(before);
    expect(await p.users.findById("u2")).toBeNull();
  });

  it("a grant the ledger refuses (it would overdraw the new wallet) creates neither user nor wallet", async () => {
    const overdraw = ledgerTransaction(
      { id: "tx_bad", kind: "demo_grant", reference: "u1", createdAt: at(0), createdBy: null },
      transfer(walletAccountId("u1"), "promotions", 100),
    );
    if (!overdraw.ok) throw new Error("unreachable");
    const before = await h.rows();
    await expect(p.users.create(aUser("u1"), { grant: overdraw.value })).rejects.toThrow();
    expect(await h.rows()).toEqual(before);
    expect(await p.users.findById("u1")).toBeNull();
  });

  it("a grant posting to an unknown account creates nothing", async () => {
    const stray = ledgerTransaction(
      { id: "tx_bad", kind: "demo_grant", reference: "u1", createdAt: at(0), createdBy: null },
      transfer("promotions", walletAccountId("someone-else"), 100),
    );
    if (!stray.ok) throw new Error("unreachable");
    const before = await h.rows();
    await expect(p.users.create(aUser("u1"), { grant: stray.value })).rejects.toThrow();
    expect(await h.rows()).toEqual(before);
  });

  it("countActiveCustomers counts active customers only, demo accounts left out", async () => {
    expect(await p.users.countActiveCustomers()).toBe(0);
    await p.users.create(aUser("c1"), { grant: null });
    await p.users.create(aUser("c2", { isDemo: true }), { grant: null });
    await p.users.create(aUser("c3", { isActive: false }), { grant: null });
    await p.users.create(aUser("a1", { role: "admin" }), null);
    await p.users.create(aUser("t1", { role: "trader" }), null);
    expect(await p.users.countActiveCustomers()).toBe(1);
  });
}

for (const adapter of adaptersUnderTest) describe(`Users contract (${adapter.name})`, () => usersContract(adapter));
