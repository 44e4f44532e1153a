/**
 * registerCustomer on the world (every port on libSQL :memory:, as accounts live there): a new
 * unverified customer with an empty wallet, the first session and an audit record in one write;
 * refusals for bad input, under 18 on the clock's date, a taken email and the national register.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { registerCustomer, type RegisterInput } from "../../domain/accounts/register.ts";
import { makeWorld, NOW, type World } from "./world.ts";

let w: World;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
});
const input = (over: Partial<RegisterInput> = {}): RegisterInput => ({
  firstName: " Ada ", lastName: "Lovelace", email: "Ada@Example.com", password: "correct horse", dateOfBirth: "1990-05-01", ...over,
});
const session = { id: "sess-r1", ip: "203.0.113.5" };
const in12h = new Date(NOW.getTime() + 12 * 3_600_000); // SESSION_HOURS

describe("a new customer", () => {
  it("is unverified, with an empty wallet, a session and an audit record; the email is normalised", async () => {
    const r = await registerCustomer(w.as(null), input(), session);
    const user = {
      id: "usr_1", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", role: "customer",
      isDemo: false, isActive: true, verificationLevel: "none", createdAt: NOW,
    };
    expect(r).toEqual({ ok: true, value: { user, expiresAt: in12h, redirectTo: "/betting" } });
    expect(await w.ports.users.findById("usr_1")).toEqual(user);
    expect(await w.ports.wallets.balanceOf("usr_1")).toBe(0);
    expect(await w.ports.sessions.findActive("sess-r1", NOW)).toEqual({ user, expiresAt: in12h });
    const creds = await w.ports.accounts.findByEmail("ada@example.com");
    expect(creds?.passwordHash).not.toBe("correct horse");
    expect(await w.ports.passwords.verify("correct horse", creds!.passwordHash)).toBe(true);
    const audit = await w.database.client.execute("SELECT action, actor_id, entity_id FROM audit_log");
    expect(audit.rows.map((a) => [a.action, a.actor_id, a.entity_id])).toEqual([["account.registered", "usr_1", "usr_1"]]);
  });

  it("turned 18 today is old enough (the clock's date, 2026-11-21)", async () => {
    const r = await registerCustomer(w.as(null), input({ dateOfBirth: "2008-11-21" }), session);
    expect(r.ok).toBe(true);
  });
});

describe("refused, nothing written", () => {
  const cases: [string, Partial<RegisterInput>, string][] = [
    ["an empty first name", { firstName: "  " }, "REQUEST.INVALID"],
    ["an email without @", { email: "ada.example.com" }, "REQUEST.INVALID"],
    ["a short password", { password: "short" }, "REQUEST.INVALID"],
    ["a date of birth that is not a date", { dateOfBirth: "1990-02-30" }, "REQUEST.INVALID"],
    ["18 tomorrow", { dateOfBirth: "2008-11-22" }, "AUTH.UNDERAGE"],
  ];
  for (const [why, over, code] of cases)
    it(`${why}: ${code}`, async () => {
      const r = await w.unchanged(() => registerCustomer(w.as(null), input(over), session));
      expect(!r.ok && r.error.code).toBe(code);
    });

  it("under 18: AUTH.UNDERAGE with the minimum age", async () => {
    expect(await w.unchanged(() => registerCustomer(w.as(null), input({ dateOfBirth: "2010-01-01" }), session))).toEqual({
      ok: false,
      error: { code: "AUTH.UNDERAGE", message: "You must be 18 or older to open an account", details: { minimumAge: 18 } },
    });
  });

  it("an email already registered (in another case): AUTH.EMAIL_TAKEN", async () => {
    expect((await registerCustomer(w.as(null), input(), session)).ok).toBe(true);
    const r = await w.unchanged(() => registerCustomer(w.as(null), input({ email: "ADA@example.com", firstName: "Other" }), { id: "sess-r2", ip: null }));
    expect(!r.ok && r.error.code).toBe("AUTH.EMAIL_TAKEN");
  });

  it("a person on the national self-exclusion register: RG.NATIONAL_REGISTER", async () => {
    w.ports.registerSimulator!.register({ firstName: "Ada", lastName: "Lovelace", dateOfBirth: "1990-05-01" });
    const r = await w.unchanged(() => registerCustomer(w.as(null), input(), session));
    expect(!r.ok && r.error.code).toBe("RG.NATIONAL_REGISTER");
  });
});
