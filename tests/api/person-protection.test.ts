/**
 * Protection that follows the person. A second account of a self-excluded person (same
 * name and date of birth, or the same address, or the same document) is gated at registration or
 * at verification: it can sign in, see the exclusion and withdraw, nothing else. A document
 * verifies one active account. The national self-exclusion register (simulated) refuses a listed
 * person at registration, and at bets and deposits once the account's stored answer is older than
 * an hour. No bonus to excluded or timed-out customers. A verified name change goes back to
 * verification. The operators' RG screen on real data, admin-only, with an audited interaction log.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { currentUserId, expectError, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { basicVerification, put, registerCustomer, uniqueDocumentNumber } from "../fixtures/accounts.ts";

let t: TestApp;
let admin: Session;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());
afterEach(() => t.clock.set(null as unknown as Date));

const H = 3_600_000;
let n = 0;
/** A person of their own (names are per test, so accounts of other tests never match). */
const person = () => {
  n++;
  return { firstName: `Alex${n}`, lastName: `Morgan${String.fromCharCode(97 + (n % 26))}x${n}`, dateOfBirth: `1980-0${(n % 9) + 1}-1${n % 10}` };
};
const identity = (p: ReturnType<typeof person>, postcode = `P${n}`) => ({ ...basicVerification, ...p, postcode, addressLine1: `${n} Station Road` });

async function verified(p: ReturnType<typeof person>, opts: { document?: string; postcode?: string } = {}) {
  const r = await registerCustomer(t, p);
  const b = await r.session.post("/api/account/verification/basic", identity(p, opts.postcode));
  expect(b.status, await b.clone().text()).toBe(200);
  if (opts.document) {
    const d = await r.session.post("/api/account/verification/document", { documentType: "passport", documentNumber: opts.document });
    expect(d.status, await d.clone().text()).toBe(200);
  }
  await put(r.session, "/api/responsible/limit-prompt", { declined: true });
  return r;
}
/** A single on an event that starts more than three hours after `notBefore` (tests move the clock up to two hours ahead). */
const bet = (s: Session, notBefore = Date.now()) =>
  s.post("/api/bets", { selections: [selectionOf(pool.next((e) => Date.parse(e.startTime) > notBefore + 3 * H))], stake: 500, betType: "single" });
const deposit = (s: Session) => s.post("/api/wallet/deposits", { method: "bank", amount: 10_000 });

describe("a second account of a self-excluded person", () => {
  it("registered with the same name and date of birth opens already excluded: it signs in and sees it, but cannot deposit or bet", async () => {
    const p = person();
    const first = await verified(p);
    expect((await first.session.post("/api/responsible/exclusion", { period: "6m" })).status).toBe(200);
    const second = await registerCustomer(t, p);
    const state = await (await second.session.get("/api/responsible")).json();
    expect(state.exclusion).toMatchObject({ active: true, kind: "self_exclusion", inherited: true, stage: "period" });
    // Verifying does not clear it.
    expect((await second.session.post("/api/account/verification/basic", identity(p))).status).toBe(200);
    await put(second.session, "/api/responsible/limit-prompt", { declined: true });
    await expectError(await deposit(second.session), 403, "RG.SELF_EXCLUDED");
    await expectError(await bet(second.session), 403, "RG.SELF_EXCLUDED");
    const audit = await t.database.client.execute({
      sql: "SELECT source_user_id FROM responsible_exclusions WHERE user_id = ?",
      args: [second.userId],
    });
    expect(audit.rows.map((r) => r.source_user_id)).toEqual([first.userId]);
  });

  it("registered under another name is caught at verification by the same address and date of birth, or by the same document", async () => {
    const p = person();
    const doc = uniqueDocumentNumber();
    const first = await verified(p, { document: doc, postcode: "SW1A 1AA" });
    expect((await first.session.post("/api/responsible/exclusion", { period: "1y" })).status).toBe(200);

    // A nickname at the same address: gated at basic verification.
    const nick = { ...p, firstName: "Al" };
    const second = await registerCustomer(t, nick);
    expect((await (await second.session.get("/api/responsible")).json()).exclusion.active).toBe(false);
    expect((await second.session.post("/api/account/verification/basic", identity(nick, "sw1a1aa"))).status).toBe(200);
    await put(second.session, "/api/responsible/limit-prompt", { declined: true });
    await expectError(await deposit(second.session), 403, "RG.SELF_EXCLUDED");

    // The same passport on an account with another name, date of birth and address: refused at the document step.
    const other = person();
    const third = await verified(other);
    await expectError(
      await third.session.post("/api/account/verification/document", { documentType: "passport", documentNumber: doc.toLowerCase() }),
      409,
      "KYC.DOCUMENT_IN_USE",
    );
    expect((await (await third.session.get("/api/account")).json()).user.verificationLevel).toBe("basic");
  });

  it("an exclusion taken later reaches the person's other accounts in the same write", async () => {
    const p = person();
    const a = await verified(p);
    const b = await verified(p);
    expect((await b.session.post("/api/responsible/timeout", { period: "1w" })).status).toBe(200);
    await expectError(await bet(a.session), 403, "RG.SELF_EXCLUDED");
  });

  it("a document verifies at most one active account", async () => {
    const doc = uniqueDocumentNumber();
    await verified(person(), { document: doc });
    const b = await verified(person());
    await expectError(await b.session.post("/api/account/verification/document", { documentType: "passport", documentNumber: doc }), 409, "KYC.DOCUMENT_IN_USE");
  });
});

describe("the national self-exclusion register (simulated)", () => {
  it("refuses a registered person at registration", async () => {
    const p = person();
    expect((await admin.post("/api/admin/responsible/register-simulator", p)).status).toBe(200);
    const res = await new Session(t).post("/api/auth/register", { ...p, email: `reg${n}@example.com`, password: "correct horse battery" });
    await expectError(res, 403, "RG.NATIONAL_REGISTER");
  });

  it("refuses bets and deposits once the account's stored answer (kept an hour) is refreshed", async () => {
    const T0 = new Date(Math.floor(Date.now() / H) * H + H);
    t.clock.set(T0);
    const p = person();
    const r = await verified(p);
    await t.database.client.execute({ sql: "UPDATE sessions SET expires_at = ? WHERE user_id = ?", args: [T0.getTime() + 30 * 24 * H, r.userId] });
    expect((await deposit(r.session)).status).toBe(201);
    expect((await admin.post("/api/admin/responsible/register-simulator", p)).status).toBe(200);
    // Within the hour the stored answer stands (the register is not asked on every bet).
    const placed = await bet(r.session, T0.getTime());
    expect(placed.status, await placed.clone().text()).toBe(201);
    t.clock.set(new Date(T0.getTime() + H));
    await expectError(await bet(r.session, T0.getTime()), 403, "RG.NATIONAL_REGISTER");
    await expectError(await deposit(r.session), 403, "RG.NATIONAL_REGISTER");
    expect((await (await r.session.get("/api/responsible")).json()).exclusion.registerListed).toBe(true);
  });

  it("the simulator is for admins only", async () => {
    const c = await demoLogin(t, "customer");
    await expectError(await c.post("/api/admin/responsible/register-simulator", person()), 403, "AUTH.FORBIDDEN");
  });
});

describe("no bonus to excluded or timed-out customers", () => {
  it("Send Bonus is refused with the reason during a time-out and a self-exclusion", async () => {
    for (const [path, period] of [["/api/responsible/timeout", "24h"], ["/api/responsible/exclusion", "6m"]] as const) {
      const c = await demoLogin(t, "customer");
      const id = await currentUserId(c);
      expect((await c.post(path, { period })).status).toBe(200);
      const r = await expectError(await admin.post(`/api/admin/crm/customers/${id}/bonus`, { amount: 1_000, reason: "Promo" }), 409, "RG.MARKETING_REFUSED");
      expect(r.error.message).toMatch(period === "24h" ? /time-out/ : /self-excluded/);
      const tx = await t.database.client.execute({ sql: "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ? AND action = 'customer.bonus'", args: [id] });
      expect(Number(tx.rows[0].n)).toBe(0);
    }
  });
});

describe("identity changes after verification", () => {
  it("a verified name change sends the account back to verification", async () => {
    const r = await verified(person());
    const res = await r.session.patch("/api/account/details", { lastName: "Newname" });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ verificationLevel: "none", verificationStatus: "not_started" });
    await expectError(await deposit(r.session), 403, "KYC.LEVEL_REQUIRED");
  });

  it("verification reads Rejected only after a refused attempt", async () => {
    const r = await registerCustomer(t, person());
    expect((await (await r.session.get("/api/account")).json()).user.verificationStatus).toBe("not_started");
    await r.session.post("/api/account/verification/basic", { ...basicVerification, postcode: "0000" });
    expect((await (await r.session.get("/api/account")).json()).user.verificationStatus).toBe("rejected");
    await r.session.post("/api/account/verification/basic", identity(person()));
    expect((await (await r.session.get("/api/account")).json()).user.verificationStatus).toBe("basic");
  });
});

describe("the operators' Responsible Gambling screen", () => {
  it("lists real customers with limits, pending increases, time-outs and exclusions; admin only", async () => {
    const c = await demoLogin(t, "customer");
    const id = await currentUserId(c);
    await put(c, "/api/responsible/limits", { type: "deposit", period: "daily", amount: 5_000 });
    await put(c, "/api/responsible/limits", { type: "deposit", period: "daily", amount: 9_000 });
    const x = await demoLogin(t, "customer");
    const xid = await currentUserId(x);
    await x.post("/api/responsible/exclusion", { period: "permanent" });
    const res = await admin.get("/api/admin/responsible");
    expect(res.status).toBe(200);
    const o = await res.json();
    expect(o.activeLimits.find((l: { userId: string }) => l.userId === id).limits).toEqual([{ type: "deposit", period: "daily", amount: 5_000 }]);
    expect(o.pendingIncreases.find((l: { userId: string }) => l.userId === id)).toMatchObject({ from: 5_000, to: 9_000 });
    expect(o.exclusions.find((e: { userId: string }) => e.userId === xid)).toMatchObject({ until: null, stage: "period", inherited: false });
    expect(o.harm.map((h: { marker: string }) => h.marker)).toEqual(["deposits_rising", "losses_rising", "night_play", "reversed_withdrawals"]);
    await expectError(await c.get("/api/admin/responsible"), 403, "AUTH.FORBIDDEN");
    const trader = await demoLogin(t, "trader");
    await expectError(await trader.get("/api/admin/responsible"), 403, "AUTH.FORBIDDEN");
  });

  it("each list says since when: the oldest limit, the increase request, the first deposit of a rising week", async () => {
    const started = Date.now();
    const c = await demoLogin(t, "customer");
    const id = await currentUserId(c);
    await put(c, "/api/responsible/limit-prompt", { declined: true });
    await put(c, "/api/responsible/limits", { type: "deposit", period: "weekly", amount: 50_000 });
    await put(c, "/api/responsible/limits", { type: "deposit", period: "weekly", amount: 60_000 });
    const d = await c.post("/api/wallet/deposits", { method: "bank", amount: 12_000 });
    expect(d.status, await d.clone().text()).toBe(201);
    const o = await (await admin.get("/api/admin/responsible")).json();
    const since = (iso: string) => Date.parse(iso) >= started - 1_000;
    const limits = o.activeLimits.find((l: { userId: string }) => l.userId === id);
    expect(since(limits.since)).toBe(true);
    const pending = o.pendingIncreases.find((l: { userId: string }) => l.userId === id);
    expect(since(pending.requestedAt) && Date.parse(pending.requestedAt) < Date.parse(pending.effectiveAt)).toBe(true);
    const rising = o.harm.find((h: { marker: string }) => h.marker === "deposits_rising").customers.find((x: { userId: string }) => x.userId === id);
    expect(rising).toMatchObject({ firstName: expect.any(String), detail: expect.stringContaining("$120.00") });
    expect(since(rising.since)).toBe(true);
  });

  it("records an operator's contact in the interaction log, audited", async () => {
    const c = await demoLogin(t, "customer");
    const id = await currentUserId(c);
    const res = await admin.post("/api/admin/responsible/interactions", { userId: id, channel: "phone", summary: "Discussed limits" });
    expect(res.status).toBe(201);
    const rec = await res.json();
    expect(rec).toMatchObject({ userId: id, channel: "phone", summary: "Discussed limits" });
    const list = await (await admin.get(`/api/admin/responsible/interactions?userId=${id}`)).json();
    expect(list.items.map((i: { id: string }) => i.id)).toEqual([rec.id]);
    t.clock.set(new Date(Date.now() + 60_000));
    const later = await (await admin.post("/api/admin/responsible/interactions", { userId: id, channel: "email", summary: "Sent the support links" })).json();
    const all = await (await admin.get("/api/admin/responsible/interactions")).json();
    expect(all.items.slice(0, 2).map((i: { id: string }) => i.id)).toEqual([later.id, rec.id]);
    expect(all.items[0]).toMatchObject({ channel: "email", customer: { firstName: expect.any(String) }, operatorName: expect.any(String) });
    const audit = await t.database.client.execute({ sql: "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ? AND action = 'responsible.interaction'", args: [id] });
    expect(Number(audit.rows[0].n)).toBe(2);
    await expectError(await admin.post("/api/admin/responsible/interactions", { userId: id, channel: "fax", summary: "x" }), 400, "REQUEST.INVALID");
    await expectError(await c.post("/api/admin/responsible/interactions", { userId: id, channel: "phone", summary: "x" }), 403, "AUTH.FORBIDDEN");
    await expectError(await c.get("/api/admin/responsible/interactions"), 403, "AUTH.FORBIDDEN");
    await expectError(await admin.post("/api/admin/responsible/interactions", { userId: "usr_nobody", channel: "phone", summary: "x" }), 409, "USER.NOT_CUSTOMER");
    const after = await (await admin.get(`/api/admin/responsible/interactions?userId=${id}`)).json();
    expect(after.items).toHaveLength(2);
  });
});

describe("demo logins", () => {
  it("a second demo login in the same signed-in browser returns the same demo customer; Start over makes a new one", async () => {
    const s = await demoLogin(t, "customer");
    const id = await currentUserId(s);
    await s.post("/api/responsible/timeout", { period: "24h" });
    const again = await (await s.post("/api/demo/login", { role: "customer" })).json();
    expect(again.user.id).toBe(id);
    expect((await (await s.get("/api/responsible")).json()).exclusion.active).toBe(true);
    const old = new Session(t);
    old.cookie = s.cookie;
    const fresh = await (await s.post("/api/demo/login", { role: "customer", startOver: true })).json();
    expect(fresh.user.id).not.toBe(id);
    expect(await currentUserId(s)).toBe(fresh.user.id);
    expect((await (await s.get("/api/responsible")).json()).exclusion.active).toBe(false);
    // The old demo account's session ended: its cookie signs nobody in any more.
    expect((await old.get("/api/auth/user")).status).toBe(401);
  });
});
