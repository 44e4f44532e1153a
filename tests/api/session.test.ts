/**
 * Sessions and the demo routes: login (fresh user + wallet per login, cookie attributes,
 * redirect per role), the current user, logout both ways, the browser-navigation endpoints,
 * and demo mode switched off.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, expectError, expectInvalidFields, expectLedgerBalanced, expectUnknownKey } from "../fixtures/builders.ts";
import { sessionIdFor } from "../../adapters/system/session-token.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

/** A session for an existing (seeded, non-demo) user, created the way the server stores one: by token hash. */
async function sessionForSeededUser(email: string): Promise<{ session: Session; userId: string }> {
  const rs = await t.database.client.execute({ sql: "SELECT id FROM users WHERE email = ?", args: [email] });
  const userId = String(rs.rows[0].id);
  const token = `test-token-${email}-${Math.random().toString(36).slice(2)}`;
  const now = Date.now();
  await t.database.client.execute({
    sql: "INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
    args: [await sessionIdFor(token), userId, now, now + 3_600_000],
  });
  const session = new Session(t);
  session.cookie = `sid=${token}`;
  return { session, userId };
}

describe("GET /api/health", () => {
  it("answers 200 with the database round trip and no-store caching", async () => {
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body.status).toBe("ok");
    expect(body.database).toMatchObject({ ok: true, kind: "file" });
    expect(typeof body.database.roundTripMs).toBe("number");
    expect(body.demoMode).toBe(true);
    expect(body.feed).toEqual({ running: false, lastTickAt: null, leader: false });
    expect(body.version).toBe("test");
  });
});

describe("POST /api/demo/login", () => {
  it.each([
    ["admin", "/admin", "Admin"],
    ["customer", "/betting", "Customer"],
    ["trader", "/admin", "Trader"],
  ] as const)("logs in a fresh %s and redirects to %s", async (role, redirectTo, lastName) => {
    const s = new Session(t);
    const res = await s.post("/api/demo/login", { role });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      user: { id: expect.stringMatching(/^usr_/), firstName: "Demo", lastName, role },
      redirectTo,
    });
    const me = await s.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: body.user.id, role, isDemoUser: true, isActive: true });
  });

  it("sets an HttpOnly, SameSite=Lax, Path=/ session cookie", async () => {
    const res = await t.app.request("/api/demo/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ role: "customer" }),
    });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    const sid = cookies.find((c) => /^sid=[^;]+/.test(c));
    expect(sid, cookies.join(" | ")).toBeDefined();
    const attrs = sid!.split(";").map((p) => p.trim().toLowerCase());
    expect(attrs).toContain("httponly");
    expect(attrs).toContain("samesite=lax");
    expect(attrs).toContain("path=/");
    // Plain HTTP: not Secure (HTTPS gets the __Host- prefixed Secure cookie instead).
    expect(attrs).not.toContain("secure");
  });

  it("over HTTPS sets a __Host- prefixed Secure cookie", async () => {
    const res = await t.app.request("https://localhost/api/demo/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ role: "trader" }),
    });
    expect(res.status).toBe(200);
    const sid = res.headers.getSetCookie().find((c) => c.startsWith("__Host-sid="));
    expect(sid).toBeDefined();
    const attrs = sid!.split(";").map((p) => p.trim().toLowerCase());
    expect(attrs).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax", "path=/"]));
  });

  it("creates a fresh user with its own 1,000.00 wallet on every customer login", async () => {
    const a = new Session(t);
    const b = new Session(t);
    const ra = await (await a.post("/api/demo/login", { role: "customer" })).json();
    const rb = await (await b.post("/api/demo/login", { role: "customer" })).json();
    expect(ra.user.id).not.toBe(rb.user.id);
    expect(await balanceOf(a)).toBe(100000);
    expect(await balanceOf(b)).toBe(100000);
    expect(a.cookie).not.toBe(b.cookie);
    // Each grant is a ledger transaction of exactly 100000 into that wallet.
    for (const id of [ra.user.id, rb.user.id]) {
      const rs = await t.database.client.execute({
        sql: "SELECT amount FROM ledger_postings WHERE account_id = ?",
        args: [`wallet:${id}`],
      });
      expect(rs.rows.map((r) => Number(r.amount))).toEqual([100000]);
    }
  });

  it("logging in again replaces the previous session (the old cookie stops working)", async () => {
    const s = await demoLogin(t, "customer");
    const oldCookie = s.cookie;
    const res = await s.post("/api/demo/login", { role: "trader" });
    expect(res.status).toBe(200);
    expect(s.cookie).not.toBe(oldCookie);
    expect((await (await s.get("/api/auth/user")).json()).role).toBe("trader");
    const stale = new Session(t);
    stale.cookie = oldCookie;
    await expectError(await stale.get("/api/auth/user"), 401, "AUTH.REQUIRED");
  });

  it("gives staff no wallet: balance 0", async () => {
    const admin = await demoLogin(t, "admin");
    expect(await balanceOf(admin)).toBe(0);
    expect((await (await admin.get("/api/auth/user")).json()).balance).toBe(0);
  });

  it("refuses an invalid role with 400 naming the field, and creates nobody", async () => {
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM users");
    const s = new Session(t);
    const res = await s.post("/api/demo/login", { role: "superuser" });
    await expectInvalidFields(res, "role");
    expect(res.headers.getSetCookie().some((c) => /^sid=[^;]+/.test(c))).toBe(false);
    await expectInvalidFields(await s.post("/api/demo/login", {}), "role");
    await expectInvalidFields(await s.post("/api/demo/login", { role: 1 }), "role");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users")).toBe(before);
  });

  it("refuses unknown body fields (strict schema)", async () => {
    await expectUnknownKey(await new Session(t).post("/api/demo/login", { role: "customer", isAdmin: true }), "isAdmin");
  });
});

describe("GET /api/auth/user and GET /api/demo/user", () => {
  it("answers 401 AUTH.REQUIRED when nobody is signed in", async () => {
    await expectError(await t.app.request("/api/auth/user"), 401, "AUTH.REQUIRED");
    await expectError(await t.app.request("/api/demo/user"), 401, "AUTH.REQUIRED");
  });

  it("answers 401 for a cookie that is not a session", async () => {
    const s = new Session(t);
    s.cookie = "sid=not-a-real-session";
    await expectError(await s.get("/api/auth/user"), 401, "AUTH.REQUIRED");
    s.cookie = `sid=${"x".repeat(500)}`;
    await expectError(await s.get("/api/auth/user"), 401, "AUTH.REQUIRED");
  });

  it("returns the demo user with its balance", async () => {
    const s = await demoLogin(t, "customer");
    const res = await s.get("/api/demo/user");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ firstName: "Demo", lastName: "Customer", role: "customer", isDemoUser: true, isActive: true, balance: 100000 });
    expect(await (await s.get("/api/auth/user")).json()).toEqual(body);
  });

  it("answers 404 DEMO.NOT_DEMO_USER for a non-demo user's session, while /api/auth/user returns that user", async () => {
    const { session, userId } = await sessionForSeededUser("jack.thompson@example.com");
    await expectError(await session.get("/api/demo/user"), 404, "DEMO.NOT_DEMO_USER");
    const me = await session.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: userId, firstName: "Jack", lastName: "Thompson", role: "customer", isDemoUser: false });
  });

  it("stops honouring a session as soon as its account is suspended: 403 AUTH.ACCOUNT_SUSPENDED, not a sign-in prompt", async () => {
    const s = await demoLogin(t, "customer");
    const { id } = await (await s.get("/api/auth/user")).json();
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [id] });
    await expectError(await s.get("/api/auth/user"), 403, "AUTH.ACCOUNT_SUSPENDED");
    await expectError(await s.get("/api/customer/balance"), 403, "AUTH.ACCOUNT_SUSPENDED");
  });

  it("stops honouring an expired session", async () => {
    const s = await demoLogin(t, "customer");
    t.clock.set(new Date(Date.now() + 25 * 3_600_000));
    try {
      await expectError(await s.get("/api/auth/user"), 401, "AUTH.REQUIRED");
    } finally {
      t.clock.set(null as unknown as Date); // back to real time
    }
    expect((await s.get("/api/auth/user")).status).toBe(200);
  });
});

describe("POST /api/demo/logout", () => {
  it("ends the session server side: the same cookie no longer works", async () => {
    const s = await demoLogin(t, "customer");
    const cookie = s.cookie;
    const res = await s.post("/api/demo/logout");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    // The cookie is cleared in the browser...
    expect(res.headers.getSetCookie().some((c) => /^sid=;/.test(c))).toBe(true);
    // ...and even a client that kept it is anonymous now.
    const replay = new Session(t);
    replay.cookie = cookie;
    await expectError(await replay.get("/api/auth/user"), 401, "AUTH.REQUIRED");
    await expectError(await replay.get("/api/customer/balance"), 401, "AUTH.REQUIRED");
  });

  it("answers 200 when nobody is signed in", async () => {
    const res = await new Session(t).post("/api/demo/logout");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});

describe("GET /api/login and GET /api/logout (browser navigation)", () => {
  it("GET /api/login redirects 302 to the sign-in page", async () => {
    const res = await t.app.request("/api/login");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/sign-in");
  });

  it("GET /api/logout does not end the session: it shows a page whose button POSTs to /api/logout", async () => {
    const s = await demoLogin(t, "admin");
    const res = await s.get("/api/logout");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.getSetCookie().some((c) => /^(__Host-sid|sid)=/.test(c))).toBe(false);
    const html = await res.text();
    expect(html).toMatch(/<form method="post" action="\/api\/logout">/);
    expect(html).toMatch(/<button type="submit"[^>]*>Log out<\/button>/);
    expect((await s.get("/api/auth/user")).status).toBe(200);
  });

  it("GET /api/logout without a session shows the same page", async () => {
    const res = await t.app.request("/api/logout");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('action="/api/logout"');
  });
});

describe("GET /api/openapi.json and GET /api/docs", () => {
  const ROUTES: [string, string][] = [
    ["get", "/api/health"],
    ["get", "/api/demo/user"],
    ["get", "/api/auth/user"],
    ["post", "/api/demo/login"],
    ["post", "/api/demo/logout"],
    ["get", "/api/login"],
    ["get", "/api/logout"],
    ["get", "/api/live-odds"],
    ["get", "/api/events"],
    ["post", "/api/bets"],
    ["get", "/api/bets"],
    ["get", "/api/customer/balance"],
    ["get", "/api/dashboard/stats"],
    ["get", "/api/admin/all-bets"],
    ["post", "/api/admin/settle-bet/{id}"],
    ["patch", "/api/admin/events/{id}"],
  ];

  it("serves an OpenAPI 3.1 document that describes every route at its real URL", async () => {
    const res = await t.app.request("/api/openapi.json");
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(200);
    const doc = JSON.parse(text) as { openapi: string; servers?: { url: string }[]; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    // A path in the document resolves against the first server URL (default "/").
    const base = (doc.servers?.[0]?.url ?? "").replace(/\/$/, "");
    const described = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${base}${p}`)),
    );
    const missing = ROUTES.map(([m, p]) => `${m} ${p}`).filter((r) => !described.has(r));
    expect(missing, `described: ${[...described].join(", ")}`).toEqual([]);
  });

  it("serves the human-readable reference as HTML", async () => {
    const res = await t.app.request("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain("/admin/settle-bet/{id}");
  });
});

describe("demo mode off", () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await makeTestApp({ demoMode: false });
  });
  afterAll(() => off.close());

  it("answers 404 ROUTE.NOT_FOUND on every /api/demo/* route and creates nobody", async () => {
    const before = await countRows(off.database, "SELECT COUNT(*) AS n FROM users");
    const s = new Session(off);
    await expectError(await s.get("/api/demo/user"), 404, "ROUTE.NOT_FOUND");
    const login = await s.post("/api/demo/login", { role: "admin" });
    await expectError(login, 404, "ROUTE.NOT_FOUND");
    expect(login.headers.getSetCookie()).toEqual([]);
    await expectError(await s.post("/api/demo/logout"), 404, "ROUTE.NOT_FOUND");
    expect(await countRows(off.database, "SELECT COUNT(*) AS n FROM users")).toBe(before);
  });

  it("still serves the public routes", async () => {
    const s = new Session(off);
    expect((await s.get("/api/health")).status).toBe(200);
    expect((await s.get("/api/login")).status).toBe(302);
    await expectError(await s.get("/api/auth/user"), 401, "AUTH.REQUIRED");
    for (const path of ["/api/events", "/api/live-odds"]) {
      const res = await s.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    await expectError(await s.get("/api/bets"), 401, "AUTH.REQUIRED");
    await expectError(await s.get("/api/admin/all-bets"), 401, "AUTH.REQUIRED");
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
