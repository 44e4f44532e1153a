/**
 * Accounts: registration (18+, unique email, wallet opened empty, signed in at once), the account
 * page (GET /api/account), details, password change, followed teams and rewards from the ledger.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, expectError, expectInvalidFields, expectLedgerBalanced, expectUnknownKey } from "../fixtures/builders.ts";
import { dateYearsBefore, del, PASSWORD, registerCustomer, uniqueEmail } from "../fixtures/accounts.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ trustProxy: true });
});
afterAll(() => t.close());
afterEach(() => t.clock.set(null as unknown as Date));

const registration = (over: Record<string, unknown> = {}) => ({
  firstName: "Jane",
  lastName: "Citizen",
  email: uniqueEmail(),
  password: PASSWORD,
  dateOfBirth: "1990-04-21",
  ...over,
});

const userCount = () => countRows(t.database, "SELECT COUNT(*) AS n FROM users");

describe("POST /api/auth/register", () => {
  it("opens a customer account at level none with an empty wallet, signs in, and redirects to /betting", async () => {
    const s = new Session(t);
    const email = uniqueEmail("Mixed.Case");
    const res = await s.post("/api/auth/register", registration({ email, firstName: "  Jane ", lastName: "Citizen" }), {
      "x-forwarded-for": "203.0.113.7",
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      user: {
        id: expect.stringMatching(/^usr_/),
        email: email.toLowerCase(),
        firstName: "Jane",
        lastName: "Citizen",
        role: "customer",
        verificationLevel: "none",
      },
      redirectTo: "/betting",
    });
    expect(res.headers.getSetCookie().some((c) => /^sid=[^;]+;.*HttpOnly/i.test(c))).toBe(true);

    const me = await s.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      id: body.user.id,
      email: email.toLowerCase(),
      firstName: "Jane",
      lastName: "Citizen",
      role: "customer",
      isDemoUser: false,
      isActive: true,
      verificationLevel: "none",
      balance: 0,
      settings: { oddsFormat: "decimal", priceChangePolicy: "refuse", realityCheckMinutes: 60 },
    });

    // Stored as evidence: a scrypt hash (never the password), the date of birth, an empty wallet, the session's address.
    const row = (await t.database.client.execute({ sql: "SELECT password_hash, date_of_birth FROM users WHERE id = ?", args: [body.user.id] })).rows[0];
    expect(String(row.password_hash)).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(String(row.password_hash)).not.toContain(PASSWORD);
    expect(row.date_of_birth).toBe("1990-04-21");
    const wallet = await t.database.client.execute({ sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [`wallet:${body.user.id}`] });
    expect(Number(wallet.rows[0].balance)).toBe(0);
    const sess = await t.database.client.execute({ sql: "SELECT ip FROM sessions WHERE user_id = ?", args: [body.user.id] });
    expect(sess.rows.map((r) => r.ip)).toEqual(["203.0.113.7"]);
    const audit = await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ? AND action = 'account.registered'", [body.user.id]);
    expect(audit).toBe(1);
  });

  it("accepts someone who turns 18 today and refuses someone who turns 18 tomorrow (422 AUTH.UNDERAGE), on the server's clock", async () => {
    const today = new Date("2026-06-15T08:00:00.000Z");
    t.clock.set(today);
    const before = await userCount();
    const young = await new Session(t).post("/api/auth/register", registration({ dateOfBirth: dateYearsBefore(today, 18, -1) }));
    const body = await expectError(young, 422, "AUTH.UNDERAGE");
    expect(body.error.details).toEqual({ minimumAge: 18 });
    expect(young.headers.getSetCookie()).toEqual([]);
    expect(await userCount()).toBe(before);
    const child = await new Session(t).post("/api/auth/register", registration({ dateOfBirth: "2015-01-01" }));
    await expectError(child, 422, "AUTH.UNDERAGE");
    const future = await new Session(t).post("/api/auth/register", registration({ dateOfBirth: "2030-01-01" }));
    await expectError(future, 422, "AUTH.UNDERAGE");
    expect(await userCount()).toBe(before);

    const adult = await new Session(t).post("/api/auth/register", registration({ dateOfBirth: dateYearsBefore(today, 18) }));
    expect(adult.status).toBe(201);
  });

  it("refuses an email already in use, whatever its case (409 AUTH.EMAIL_TAKEN), writing nothing", async () => {
    const first = await registerCustomer(t);
    const before = await userCount();
    const res = await new Session(t).post("/api/auth/register", registration({ email: first.email.toUpperCase() }));
    await expectError(res, 409, "AUTH.EMAIL_TAKEN");
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await userCount()).toBe(before);
    // A seeded customer's email too.
    await expectError(await new Session(t).post("/api/auth/register", registration({ email: "jack.thompson@example.com" })), 409, "AUTH.EMAIL_TAKEN");
  });

  it("refuses bad input with 400 naming the fields, and creates nobody", async () => {
    const before = await userCount();
    const s = new Session(t);
    await expectInvalidFields(await s.post("/api/auth/register", registration({ password: "short" })), "password");
    await expectInvalidFields(await s.post("/api/auth/register", registration({ email: "not-an-email" })), "email");
    await expectInvalidFields(await s.post("/api/auth/register", registration({ dateOfBirth: "21/04/1990" })), "dateOfBirth");
    await expectInvalidFields(await s.post("/api/auth/register", registration({ dateOfBirth: "1990-02-30" })), "dateOfBirth");
    await expectInvalidFields(await s.post("/api/auth/register", registration({ firstName: "   " })), "firstName");
    await expectInvalidFields(await s.post("/api/auth/register", { email: uniqueEmail(), password: PASSWORD }), "firstName", "lastName", "dateOfBirth");
    await expectUnknownKey(await s.post("/api/auth/register", registration({ role: "admin" })), "role");
    await expectError(await s.post("/api/auth/register", "{not json"), 400, "REQUEST.INVALID_JSON");
    expect(await userCount()).toBe(before);
  });

  it("registering while signed in ends the earlier session", async () => {
    const s = await demoLogin(t, "customer");
    const oldCookie = s.cookie;
    const res = await s.post("/api/auth/register", registration());
    expect(res.status).toBe(201);
    const stale = new Session(t);
    stale.cookie = oldCookie;
    await expectError(await stale.get("/api/auth/user"), 401, "AUTH.REQUIRED");
    expect((await (await s.get("/api/auth/user")).json()).isDemoUser).toBe(false);
  });
});

describe("GET /api/account", () => {
  it("answers 401 without a session", async () => {
    await expectError(await t.app.request("/api/account"), 401, "AUTH.REQUIRED");
  });

  it("returns the customer's account, identity details, balance and settings", async () => {
    const r = await registerCustomer(t, { dateOfBirth: "1985-12-01" });
    const res = await r.session.get("/api/account");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      user: {
        id: r.userId,
        email: r.email,
        firstName: "Jane",
        lastName: "Citizen",
        role: "customer",
        isDemo: false,
        isActive: true,
        verificationLevel: "none",
        verificationStatus: "not_started",
        dateOfBirth: "1985-12-01",
        address: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      balance: 0,
      settings: { oddsFormat: "decimal", priceChangePolicy: "refuse", realityCheckMinutes: 60 },
    });
  });

  it("gives staff a null balance, and demo customers their demo flag and credits", async () => {
    const admin = await demoLogin(t, "admin");
    const a = await (await admin.get("/api/account")).json();
    expect(a.balance).toBeNull();
    expect(a.user).toMatchObject({ role: "admin", isDemo: true, dateOfBirth: null });
    const demo = await demoLogin(t, "customer");
    const d = await (await demo.get("/api/account")).json();
    expect(d.balance).toBe(100000);
    expect(d.user).toMatchObject({ role: "customer", isDemo: true, verificationLevel: "full" });
  });

  it("answers 403 AUTH.ACCOUNT_SUSPENDED once the account is suspended", async () => {
    const r = await registerCustomer(t);
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [r.userId] });
    await expectError(await r.session.get("/api/account"), 403, "AUTH.ACCOUNT_SUSPENDED");
    await expectError(await r.session.get("/api/auth/session"), 403, "AUTH.ACCOUNT_SUSPENDED");
  });

  it("GET /api/auth/session: 200 with user null for a visitor, the user when signed in", async () => {
    const visitor = await t.app.request("/api/auth/session");
    expect(visitor.status).toBe(200);
    expect(await visitor.json()).toEqual({ user: null });
    const r = await registerCustomer(t);
    const res = await r.session.get("/api/auth/session");
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ id: r.userId, role: "customer" });
  });
});

describe("PATCH /api/account/details", () => {
  it("changes names and email (stored lower case) and audits the change", async () => {
    const r = await registerCustomer(t);
    const email = uniqueEmail("New.Address");
    // The email changes only with the password.
    await expectError(await r.session.patch("/api/account/details", { firstName: "Janet", email }), 403, "ACCOUNT.PASSWORD_REQUIRED");
    await expectError(await r.session.patch("/api/account/details", { email, currentPassword: "wrong password" }), 403, "AUTH.INVALID_CREDENTIALS");
    const res = await r.session.patch("/api/account/details", { firstName: "Janet", email, currentPassword: r.password });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ id: r.userId, firstName: "Janet", lastName: "Citizen", email: email.toLowerCase() });
    expect((await (await r.session.get("/api/auth/user")).json()).email).toBe(email.toLowerCase());
    const audit = await t.database.client.execute({
      sql: "SELECT before, after FROM audit_log WHERE entity_id = ? AND action = 'account.details_changed'",
      args: [r.userId],
    });
    expect(JSON.parse(String(audit.rows[0].before))).toMatchObject({ firstName: "Jane", email: r.email });
    expect(JSON.parse(String(audit.rows[0].after))).toMatchObject({ firstName: "Janet", email: email.toLowerCase() });
  });

  it("refuses an email another account uses (409 AUTH.EMAIL_TAKEN) and changes nothing", async () => {
    const a = await registerCustomer(t);
    const b = await registerCustomer(t);
    await expectError(await b.session.patch("/api/account/details", { firstName: "Bob", email: a.email.toUpperCase(), currentPassword: b.password }), 409, "AUTH.EMAIL_TAKEN");
    expect(await (await b.session.get("/api/auth/user")).json()).toMatchObject({ firstName: "Jane", email: b.email });
  });

  it("keeping one's own email is fine", async () => {
    const a = await registerCustomer(t);
    expect((await a.session.patch("/api/account/details", { email: a.email })).status).toBe(200);
  });

  it("refuses bad input with 400, and answers 401 without a session", async () => {
    const r = await registerCustomer(t);
    await expectError(await r.session.patch("/api/account/details", {}), 400, "REQUEST.INVALID");
    await expectInvalidFields(await r.session.patch("/api/account/details", { email: "nope" }), "email");
    await expectInvalidFields(await r.session.patch("/api/account/details", { lastName: "" }), "lastName");
    await expectUnknownKey(await r.session.patch("/api/account/details", { role: "admin" }), "role");
    await expectError(await new Session(t).patch("/api/account/details", { firstName: "X" }), 401, "AUTH.REQUIRED");
  });
});

describe("POST /api/account/password", () => {
  it("changes the password with the current one; the old one stops working and other sessions end", async () => {
    const r = await registerCustomer(t);
    const other = new Session(t);
    expect((await other.post("/api/auth/login", { email: r.email, password: r.password })).status).toBe(200);
    const res = await r.session.post("/api/account/password", { currentPassword: r.password, newPassword: "a brand new passphrase" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    // This session stays; the other one is gone.
    expect((await r.session.get("/api/auth/user")).status).toBe(200);
    await expectError(await other.get("/api/auth/user"), 401, "AUTH.REQUIRED");
    await expectError(await new Session(t).post("/api/auth/login", { email: r.email, password: r.password }), 401, "AUTH.INVALID_CREDENTIALS");
    expect((await new Session(t).post("/api/auth/login", { email: r.email, password: "a brand new passphrase" })).status).toBe(200);
  });

  it("refuses a wrong current password with 403 AUTH.INVALID_CREDENTIALS, keeping the session and the password", async () => {
    const r = await registerCustomer(t);
    const before = (await t.database.client.execute({ sql: "SELECT password_hash FROM users WHERE id = ?", args: [r.userId] })).rows[0].password_hash;
    await expectError(
      await r.session.post("/api/account/password", { currentPassword: "not my password", newPassword: "another long passphrase" }),
      403,
      "AUTH.INVALID_CREDENTIALS",
    );
    expect((await r.session.get("/api/auth/user")).status).toBe(200);
    const after = (await t.database.client.execute({ sql: "SELECT password_hash FROM users WHERE id = ?", args: [r.userId] })).rows[0].password_hash;
    expect(after).toBe(before);
  });

  it("answers 409 ACCOUNT.NO_PASSWORD for a demo user", async () => {
    const demo = await demoLogin(t, "customer");
    await expectError(await demo.post("/api/account/password", { currentPassword: "anything", newPassword: "a long new password" }), 409, "ACCOUNT.NO_PASSWORD");
  });

  it("refuses a short new password (400) and answers 401 without a session", async () => {
    const r = await registerCustomer(t);
    await expectInvalidFields(await r.session.post("/api/account/password", { currentPassword: r.password, newPassword: "short" }), "newPassword");
    await expectInvalidFields(await r.session.post("/api/account/password", { newPassword: "long enough password" }), "currentPassword");
    await expectError(await new Session(t).post("/api/account/password", { currentPassword: "x", newPassword: "long enough password" }), 401, "AUTH.REQUIRED");
  });
});

describe("follows: GET/POST /api/account/follows, DELETE /api/account/follows/{team}", () => {
  it("follows teams that play in our events, spelled as the events spell them, and unfollows", async () => {
    const r = await registerCustomer(t);
    expect(await (await r.session.get("/api/account/follows")).json()).toEqual({ teams: [] });
    const a = await r.session.post("/api/account/follows", { team: "collingwood" });
    expect(a.status).toBe(200);
    expect(await a.json()).toEqual({ teams: ["Collingwood"] });
    await r.session.post("/api/account/follows", { team: "Arsenal" });
    expect(await (await r.session.post("/api/account/follows", { team: "Arsenal" })).json()).toEqual({ teams: ["Collingwood", "Arsenal"] });
    const d = await del(r.session, `/api/account/follows/${encodeURIComponent("Collingwood")}`);
    expect(d.status).toBe(200);
    expect(await d.json()).toEqual({ teams: ["Arsenal"] });
    // Names with spaces survive the path.
    await r.session.post("/api/account/follows", { team: "Los Angeles Lakers" });
    expect((await (await del(r.session, "/api/account/follows/Los%20Angeles%20Lakers")).json()).teams).toEqual(["Arsenal"]);
    // Unfollowing a team one does not follow changes nothing.
    expect(await (await del(r.session, "/api/account/follows/Chelsea")).json()).toEqual({ teams: ["Arsenal"] });
  });

  it("refuses a team no event has (404 ACCOUNT.TEAM_NOT_FOUND), including racing meetings", async () => {
    const r = await registerCustomer(t);
    await expectError(await r.session.post("/api/account/follows", { team: "Springfield Isotopes" }), 404, "ACCOUNT.TEAM_NOT_FOUND");
    await expectError(await r.session.post("/api/account/follows", { team: "Flemington" }), 404, "ACCOUNT.TEAM_NOT_FOUND");
    expect(await (await r.session.get("/api/account/follows")).json()).toEqual({ teams: [] });
  });

  it("allows at most 50 teams (409 ACCOUNT.TOO_MANY_FOLLOWS)", async () => {
    const r = await registerCustomer(t);
    const rs = await t.database.client.execute(
      "SELECT DISTINCT team FROM (SELECT home_team AS team FROM events WHERE sport <> 'racing' UNION SELECT away_team FROM events WHERE sport <> 'racing') ORDER BY team",
    );
    const teams = rs.rows.map((x) => String(x.team));
    expect(teams.length).toBeGreaterThan(50);
    for (const team of teams.slice(0, 50)) expect((await r.session.post("/api/account/follows", { team })).status).toBe(200);
    await expectError(await r.session.post("/api/account/follows", { team: teams[50] }), 409, "ACCOUNT.TOO_MANY_FOLLOWS");
    expect((await (await r.session.get("/api/account/follows")).json()).teams).toHaveLength(50);
  });

  it("answers 401 anonymous, 403 for staff, 400 for an empty or unknown-key body", async () => {
    await expectError(await t.app.request("/api/account/follows"), 401, "AUTH.REQUIRED");
    const trader = await demoLogin(t, "trader");
    await expectError(await trader.get("/api/account/follows"), 403, "AUTH.FORBIDDEN");
    await expectError(await trader.post("/api/account/follows", { team: "Arsenal" }), 403, "AUTH.FORBIDDEN");
    await expectError(await del(trader, "/api/account/follows/Arsenal"), 403, "AUTH.FORBIDDEN");
    const r = await registerCustomer(t);
    await expectInvalidFields(await r.session.post("/api/account/follows", { team: "  " }), "team");
    await expectUnknownKey(await r.session.post("/api/account/follows", { team: "Arsenal", notify: true }), "notify");
  });
});

describe("GET /api/account/rewards", () => {
  async function credit(userId: string, kind: string, amount: number, from = "promotions", at = Date.now()) {
    const id = `tx_test_${kind}_${Math.random().toString(36).slice(2)}`;
    await t.database.client.batch(
      [
        { sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by) VALUES (?, ?, ?, ?, NULL)", args: [id, kind, `ref-${kind}`, at] },
        { sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES (?, ?, ?, ?)", args: [id, from, -amount, at] },
        { sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES (?, ?, ?, ?)", args: [id, `wallet:${userId}`, amount, at] },
      ],
      "write",
    );
    return id;
  }

  it("lists the demo grant of a demo customer", async () => {
    const demo = await demoLogin(t, "customer");
    const body = await (await demo.get("/api/account/rewards")).json();
    expect(body.total).toBe(100000);
    expect(body.items).toEqual([
      { id: expect.stringMatching(/^tx_/), kind: "demo_grant", amount: 100000, createdAt: expect.any(String), reference: expect.any(String) },
    ]);
  });

  it("lists deposit bonuses and adjustments to the wallet, but not stakes or other kinds, newest first, with the total", async () => {
    const r = await registerCustomer(t);
    expect(await (await r.session.get("/api/account/rewards")).json()).toEqual({ items: [], total: 0 });
    await credit(r.userId, "deposit", 20000, "payments");
    // The adjustment a millisecond after the bonus, stated rather than slept for: newest first.
    const at = Date.now();
    const bonus = await credit(r.userId, "deposit_bonus", 2000, "promotions", at);
    const adjustment = await credit(r.userId, "adjustment", 150, "house", at + 1);
    const body = await (await r.session.get("/api/account/rewards")).json();
    expect(body.items.map((i: { id: string; kind: string; amount: number }) => [i.id, i.kind, i.amount])).toEqual([
      [adjustment, "adjustment", 150],
      [bonus, "deposit_bonus", 2000],
    ]);
    expect(body.total).toBe(2150);
  });

  it("answers 401 anonymous and 403 for staff", async () => {
    await expectError(await t.app.request("/api/account/rewards"), 401, "AUTH.REQUIRED");
    await expectError(await (await demoLogin(t, "admin")).get("/api/account/rewards"), 403, "AUTH.FORBIDDEN");
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
