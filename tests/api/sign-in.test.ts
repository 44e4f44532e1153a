/**
 * Sign-in and sign-out: email + password, the same refusal for every wrong credential, suspended
 * accounts, throttling stored in the database (per account and address, per address, a growing
 * delay across strangers that never reaches the owner's known addresses; across instances, with
 * Retry-After and a fixed clock), logout both ways, and GET /api/login's redirect.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, expectError, expectInvalidFields, expectUnknownKey, siblingApps } from "../fixtures/builders.ts";
import { PASSWORD, registerCustomer, uniqueEmail } from "../fixtures/accounts.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ trustProxy: true });
});
afterAll(() => t.close());
afterEach(() => t.clock.set(null as unknown as Date));

let ipCounter = 0;
/** A fresh client address per test, so the per-address count of one test does not touch another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

async function login(email: string, password: string, ip: string, session = new Session(t)) {
  return session.post("/api/auth/login", { email, password }, { "x-forwarded-for": ip });
}

describe("POST /api/auth/login", () => {
  it("signs in with email (any case) and password: cookie, user, redirect, session with the address", async () => {
    const r = await registerCustomer(t);
    const s = new Session(t);
    const ip = freshIp();
    const res = await login(`  ${r.email.toUpperCase()} `, r.password, ip, s);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      user: { id: r.userId, email: r.email, firstName: "Jane", lastName: "Citizen", role: "customer", verificationLevel: "none" },
      redirectTo: "/betting",
    });
    const me = await s.get("/api/auth/user");
    expect((await me.json()).id).toBe(r.userId);
    const sessions = await t.database.client.execute({ sql: "SELECT ip FROM sessions WHERE user_id = ? ORDER BY created_at", args: [r.userId] });
    expect(sessions.rows.map((x) => x.ip)).toContain(ip);
    // The attempt is in the database.
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sign_in_attempts WHERE email = ? AND success = 1", [r.email])).toBe(1);
  });

  it("signing in while signed in as someone else ends the earlier session", async () => {
    const r = await registerCustomer(t);
    const s = await demoLogin(t, "customer");
    const demoCookie = s.cookie;
    expect((await login(r.email, r.password, freshIp(), s)).status).toBe(200);
    expect((await (await s.get("/api/auth/user")).json()).id).toBe(r.userId);
    const stale = new Session(t);
    stale.cookie = demoCookie;
    await expectError(await stale.get("/api/auth/user"), 401, "AUTH.REQUIRED");
  });

  it("gives the same 401 AUTH.INVALID_CREDENTIALS for a wrong password, an unknown email and a passwordless demo user", async () => {
    const r = await registerCustomer(t);
    const wrong = await login(r.email, "not the password", freshIp());
    const a = await expectError(wrong, 401, "AUTH.INVALID_CREDENTIALS");
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const b = await expectError(await login(uniqueEmail("nobody"), PASSWORD, freshIp()), 401, "AUTH.INVALID_CREDENTIALS");
    const demo = await demoLogin(t, "customer");
    const demoEmail = (await (await demo.get("/api/auth/user")).json()).email;
    const c = await expectError(await login(demoEmail, PASSWORD, freshIp()), 401, "AUTH.INVALID_CREDENTIALS");
    expect(new Set([a.error.message, b.error.message, c.error.message]).size).toBe(1);
  });

  it("signs a suspended customer in so its funds stay reachable, but nothing else opens", async () => {
    const r = await registerCustomer(t);
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [r.userId] });
    await expectError(await login(r.email, "wrong password", freshIp()), 401, "AUTH.INVALID_CREDENTIALS");
    const s = new Session(t);
    expect((await login(r.email, r.password, freshIp(), s)).status).toBe(200);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", [r.userId])).toBe(2);
    await expectError(await s.get("/api/account"), 403, "AUTH.ACCOUNT_SUSPENDED");
    expect((await s.get("/api/wallet/payments")).status).toBe(200);
  });

  it("refuses a suspended staff account with 403 AUTH.ACCOUNT_SUSPENDED (only with the right password)", async () => {
    const r = await registerCustomer(t);
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 0, role = 'trader' WHERE id = ?", args: [r.userId] });
    const res = await login(r.email, r.password, freshIp());
    await expectError(res, 403, "AUTH.ACCOUNT_SUSPENDED");
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", [r.userId])).toBe(1); // only registration's
  });

  it("refuses bad input with 400", async () => {
    const s = new Session(t);
    await expectInvalidFields(await s.post("/api/auth/login", { email: "someone@example.org" }), "password");
    await expectInvalidFields(await s.post("/api/auth/login", { email: "nope", password: "x" }), "email");
    await expectUnknownKey(await s.post("/api/auth/login", { email: "a@b.co", password: "x", remember: true }), "remember");
  });
});

describe("sign-in throttling", () => {
  it("after 5 failures for an account from one address within 15 minutes answers 429 AUTH.THROTTLED with Retry-After, even with the right password from there, until the oldest ages out", async () => {
    const r = await registerCustomer(t);
    const ip = freshIp();
    const start = new Date(Date.now() + 60_000);
    t.clock.set(start);
    // Five failures, a minute apart, from one address.
    for (let i = 0; i < 5; i++) {
      t.clock.set(new Date(start.getTime() + i * 60_000));
      await expectError(await login(r.email, `wrong ${i}`, ip), 401, "AUTH.INVALID_CREDENTIALS");
    }
    t.clock.set(new Date(start.getTime() + 5 * 60_000));
    const blocked = await login(r.email, r.password, ip);
    const body = await expectError(blocked, 429, "AUTH.THROTTLED");
    // The first failure (at start) ages out at start + 15 min: 10 minutes from now.
    expect(blocked.headers.get("retry-after")).toBe("600");
    expect(body.error.details).toMatchObject({ retryAfterSeconds: 600, by: "account" });
    expect(blocked.headers.getSetCookie()).toEqual([]);

    // A throttled attempt is not counted: a second before the window opens it is still 1 s.
    t.clock.set(new Date(start.getTime() + 15 * 60_000 - 1000));
    expect((await login(r.email, r.password, ip)).headers.get("retry-after")).toBe("1");
    t.clock.set(new Date(start.getTime() + 15 * 60_000));
    expect((await login(r.email, r.password, ip)).status).toBe(200);
  });

  it("a successful sign-in from an address clears that address's count for the account", async () => {
    const r = await registerCustomer(t);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await expectError(await login(r.email, "wrong", ip), 401, "AUTH.INVALID_CREDENTIALS");
    expect((await login(r.email, r.password, ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) await expectError(await login(r.email, "wrong", ip), 401, "AUTH.INVALID_CREDENTIALS");
    expect((await login(r.email, r.password, ip)).status).toBe(200);
  });

  it("after 5 failures from one address within 15 minutes throttles that address for every account that does not know it, not other addresses", async () => {
    const victim = await registerCustomer(t);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await expectError(await login(uniqueEmail("spray"), "guess", ip), 401, "AUTH.INVALID_CREDENTIALS");
    const res = await login(victim.email, victim.password, ip);
    const body = await expectError(res, 429, "AUTH.THROTTLED");
    expect(body.error.details).toMatchObject({ by: "address" });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(890);
    expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(900);
    // Signing in to one's own account from elsewhere does not reset the address count.
    expect((await login(victim.email, victim.password, freshIp())).status).toBe(200);
    await expectError(await login(victim.email, victim.password, ip), 429, "AUTH.THROTTLED");
  });

  it("counts failures in the database, so another server instance refuses too", async () => {
    const r = await registerCustomer(t);
    const siblings = await siblingApps(t, 2);
    try {
      const [a, b] = siblings.apps;
      // The siblings trust no proxy and app.request() has no socket: every attempt here is from
      // the same (unknown) address, on every instance.
      const on = (app: { request: typeof a.request }, password: string) =>
        app.request("/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: r.email, password }) });
      for (let i = 0; i < 3; i++) await expectError(await on(a, "wrong"), 401, "AUTH.INVALID_CREDENTIALS");
      for (let i = 0; i < 2; i++) await expectError(await on(t.app, "wrong"), 401, "AUTH.INVALID_CREDENTIALS");
      await expectError(await on(b, r.password), 429, "AUTH.THROTTLED");
    } finally {
      siblings.close();
    }
  });
});

describe("strangers cannot lock the owner out", () => {
  /** A customer who registered from `home` and later signed in from `office`. */
  async function owner() {
    const home = freshIp();
    const office = freshIp();
    const r = await registerCustomer(t, {}, { "x-forwarded-for": home });
    expect((await login(r.email, r.password, office)).status).toBe(200);
    return { ...r, home, office };
  }
  /** `n` wrong passwords for the account, each from an address of its own: refused, or throttled once the strangers' ceiling is reached. */
  async function strangersFail(email: string, n: number) {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await login(email, `guess ${i}`, freshIp())).status);
    expect(statuses.slice(0, 10)).toEqual(Array(Math.min(n, 10)).fill(401));
    expect(statuses.every((x) => x === 401 || x === 429)).toBe(true);
  }

  it("after strangers' failures from many addresses the owner signs in from an address they registered or signed in from, and changes the password", async () => {
    t.clock.set(new Date(Date.now() + 120_000));
    const o = await owner();
    await strangersFail(o.email, 40);
    await expectError(await login(o.email, "guess", freshIp()), 429, "AUTH.THROTTLED");
    const s = new Session(t);
    expect((await login(o.email, o.password, o.home, s)).status).toBe(200);
    expect((await login(o.email, o.password, o.office)).status).toBe(200);
    expect((await s.post("/api/account/password", { currentPassword: o.password, newPassword: "a whole new passphrase" }, { "x-forwarded-for": o.home })).status).toBe(200);
    expect((await login(o.email, "a whole new passphrase", o.office)).status).toBe(200);
  });

  it("the owner's known address is not throttled by a spray from it on other accounts (a shared network)", async () => {
    const o = await owner();
    for (let i = 0; i < 6; i++) await expectError(await login(uniqueEmail("neighbour"), "guess", o.home), i < 5 ? 401 : 429, i < 5 ? "AUTH.INVALID_CREDENTIALS" : "AUTH.THROTTLED");
    expect((await login(o.email, o.password, o.home)).status).toBe(200);
  });

  it("the owner's own mistakes at a known address are still counted there (5 in 15 minutes)", async () => {
    const o = await owner();
    for (let i = 0; i < 5; i++) await expectError(await login(o.email, `typo ${i}`, o.home), 401, "AUTH.INVALID_CREDENTIALS");
    await expectError(await login(o.email, o.password, o.home), 429, "AUTH.THROTTLED");
    expect((await login(o.email, o.password, o.office)).status).toBe(200);
  });

  it("past 10 stranger failures in an hour each further stranger waits a growing delay (Retry-After), not a lockout", async () => {
    const start = new Date(Date.now() + 180_000);
    t.clock.set(start);
    const o = await owner();
    await strangersFail(o.email, 10);
    // The 11th stranger attempt, at once: 1 s after the last failure.
    const first = await login(o.email, "guess", freshIp());
    expect((await expectError(first, 429, "AUTH.THROTTLED")).error.details).toMatchObject({ by: "account", retryAfterSeconds: 1 });
    expect(first.headers.get("retry-after")).toBe("1");
    t.clock.set(new Date(start.getTime() + 1000));
    await expectError(await login(o.email, "guess", freshIp()), 401, "AUTH.INVALID_CREDENTIALS");
    // 11 failures: 2 s now, then 4 s; the owner from a new address waits the same short delay.
    expect((await login(o.email, o.password, freshIp())).headers.get("retry-after")).toBe("2");
    t.clock.set(new Date(start.getTime() + 3000));
    expect((await login(o.email, o.password, freshIp())).status).toBe(200);
    // And from home, never.
    expect((await login(o.email, o.password, o.home)).status).toBe(200);
  });
});

describe("logout", () => {
  it.each(["/api/logout", "/api/auth/logout"])("POST %s ends the session and clears the cookie", async (path) => {
    const r = await registerCustomer(t);
    const cookie = r.session.cookie;
    const res = await r.session.post(path);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.getSetCookie().some((c) => /^sid=;/.test(c))).toBe(true);
    const replay = new Session(t);
    replay.cookie = cookie;
    await expectError(await replay.get("/api/auth/user"), 401, "AUTH.REQUIRED");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", [r.userId])).toBe(0);
  });

  it.each(["/api/logout", "/api/auth/logout"])("POST %s answers 200 without a session", async (path) => {
    const res = await new Session(t).post(path);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("a suspended account can still log out", async () => {
    const r = await registerCustomer(t);
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [r.userId] });
    expect((await r.session.post("/api/logout")).status).toBe(200);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", [r.userId])).toBe(0);
  });

  it("refuses a cross-site logout (403 REQUEST.CROSS_ORIGIN) and keeps the session", async () => {
    const r = await registerCustomer(t);
    await expectError(await r.session.post("/api/logout", {}, { "sec-fetch-site": "cross-site" }), 403, "REQUEST.CROSS_ORIGIN");
    expect((await r.session.get("/api/auth/user")).status).toBe(200);
  });
});

describe("a suspended account's open sessions", () => {
  it("stop working at once on every signed-in route (403), while public routes treat the caller as a visitor", async () => {
    const r = await registerCustomer(t);
    expect((await r.session.get("/api/account")).status).toBe(200);
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [r.userId] });
    for (const path of ["/api/auth/user", "/api/account", "/api/account/settings", "/api/account/follows", "/api/bets"]) {
      await expectError(await r.session.get(path), 403, "AUTH.ACCOUNT_SUSPENDED");
    }
    await expectError(await r.session.patch("/api/account/details", { firstName: "X" }), 403, "AUTH.ACCOUNT_SUSPENDED");
    expect((await r.session.get("/api/events")).status).toBe(200);
    // Reinstated: the same session works again.
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 1 WHERE id = ?", args: [r.userId] });
    expect((await r.session.get("/api/account")).status).toBe(200);
  });
});

describe("GET /api/login", () => {
  it("redirects to /sign-in, keeping a local next path", async () => {
    const plain = await t.app.request("/api/login");
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe("/sign-in");
    const next = await t.app.request("/api/login?next=%2Faccount%3Ftab%3Dverification");
    expect(next.headers.get("location")).toBe("/sign-in?next=%2Faccount%3Ftab%3Dverification");
  });

  it.each(["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "account"])(
    "drops a next that would leave the site: %s",
    async (next) => {
      const res = await t.app.request(`/api/login?next=${encodeURIComponent(next)}`);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/sign-in");
    },
  );
});
