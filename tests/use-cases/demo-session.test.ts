/**
 * startDemoSession against the memory ports: a demo login without a device is a fresh user with a
 * 24-hour session (a returning browser's device is tested through HTTP, tests/api/demo-sandbox.test.ts); a demo customer's wallet opens with 1,000.00 from promotions; each role lands on its page.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_GRANT_CENTS, landingFor, startDemoSession } from "../../domain/accounts/demo-session.ts";
import { placeBet } from "../../domain/betting/place-bet.ts";
import { makeWorld, NOW, sel, type World } from "./world.ts";

let w: World;
beforeEach(async () => {
  w = await makeWorld();
});
const in24h = new Date(NOW.getTime() + 24 * 3_600_000);

describe("a demo customer", () => {
  it("a new demo user, a 24-hour session and /betting", async () => {
    expect(await startDemoSession(w.as(null), "customer", "sess-1")).toEqual({
      ok: true,
      value: {
        user: {
          id: "usr_1",
          email: "usr_1@demo.betpro.local",
          firstName: "Demo",
          lastName: "Customer",
          role: "customer",
          isDemo: true,
          isActive: true,
          verificationLevel: "full",
          createdAt: NOW,
        },
        expiresAt: in24h,
        redirectTo: "/betting",
        resumed: false,
        deviceUntil: new Date(NOW.getTime() + 30 * 86_400_000),
      },
    });
    const user = await w.store.ports.users.findById("usr_1");
    expect(await w.store.ports.sessions.findActive("sess-1", NOW)).toEqual({ user, expiresAt: in24h });
    expect(await w.store.ports.sessions.findActive("sess-1", in24h)).toBeNull();
    expect(user).toMatchObject({ role: "customer", isActive: true, isDemo: true });
    // A demo account is never one of the operator's customers.
    expect(await w.store.ports.users.countActiveCustomers()).toBe(0);
  });

  it("the wallet opens with 1,000.00 (100000 cents) moved from promotions", async () => {
    await startDemoSession(w.as(null), "customer", "sess-1");
    expect(DEMO_GRANT_CENTS).toBe(100_000);
    expect(await w.store.ports.wallets.balanceOf("usr_1")).toBe(100_000);
    const ledger = w.store.ledger();
    expect(ledger.transactions).toEqual([{ id: "tx_1", kind: "demo_grant", reference: "usr_1", createdAt: NOW.getTime(), createdBy: null }]);
    expect(ledger.postings.map((p) => [p.accountId, p.amount])).toEqual([["promotions", -100_000], ["wallet:usr_1", 100_000]]);
    expect(ledger.balances.promotions).toBe(-100_000);
  });

  it("every login without a device is a fresh user with its own money", async () => {
    await startDemoSession(w.as(null), "customer", "sess-1");
    await startDemoSession(w.as(null), "customer", "sess-2");
    expect((await w.store.ports.sessions.findActive("sess-2", NOW))?.user.id).toBe("usr_2");
    expect(await w.store.ports.wallets.balanceOf("usr_1")).toBe(100_000);
    expect(await w.store.ports.wallets.balanceOf("usr_2")).toBe(100_000);
    expect(w.store.ledger().balances.promotions).toBe(-200_000);
  });

  it("can bet straight away", async () => {
    const s = await startDemoSession(w.as(null), "customer", "sess-1");
    if (!s.ok) throw new Error(s.error.code);
    const r = await placeBet(w.as(s.value.user), { selections: [sel("ev_up_a", "2.10")], stake: 2500, betType: "single" }, null);
    expect(r.ok && r.value.response.balance).toBe(97_500);
  });
});

describe("demo staff", () => {
  for (const [role, lastName, redirectTo] of [["admin", "Admin", "/admin"], ["trader", "Trader", "/admin"]] as const)
    it(`${role}: lands on ${redirectTo}, has no wallet and moves no money`, async () => {
      const r = await startDemoSession(w.as(null), role, "sess-1");
      expect(r.ok && r.value).toMatchObject({ user: { id: "usr_1", firstName: "Demo", lastName, role, isDemo: true }, expiresAt: in24h, redirectTo });
      expect(await w.store.ports.wallets.balanceOf("usr_1")).toBeNull();
      expect(w.store.ledger().postings).toEqual([]);
      expect((await w.store.ports.sessions.findActive("sess-1", NOW))?.user.role).toBe(role);
      expect(await w.store.ports.users.countActiveCustomers()).toBe(0);
    });

  it("landingFor: admin and trader /admin, customer /betting", () => {
    expect([landingFor("admin"), landingFor("customer"), landingFor("trader")]).toEqual(["/admin", "/betting", "/admin"]);
  });
});
