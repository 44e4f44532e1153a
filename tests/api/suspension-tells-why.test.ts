/**
 * A suspended customer is told why: a suspension ends the account's sessions and leaves a
 * tombstone per session (migration 0040), so the next request with the old cookie is refused with
 * 403 AUTH.ACCOUNT_SUSPENDED saying the reason category and what to do next ("Sign in to withdraw
 * your balance" for a real account, "start a new demo" for a demo one) rather than "Please log in".
 * The old cookie never authenticates: nothing it asks for is done, not even a withdrawal (signing in
 * again is the way to the money). Activation clears the tombstones and the category; a tombstone
 * lasts only as long as its session would have. GET /api/auth/session and GET /api/account answer
 * the same refusal, so every page can show the suspension as it loads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp, staffLogin } from "../fixtures/test-app.ts";
import { SUSPENSION_CATEGORIES } from "../../domain/accounts/suspension.ts";
import { countRows, expectError, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { put, verifiedCustomer, type Registered } from "../fixtures/accounts.ts";

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await staffLogin(t, "admin"); // real staff: the customers here registered
});
afterAll(() => t.close());

const MESSAGE = "Your account is suspended. Reason: account review. Sign in to withdraw your balance, and contact support about the suspension.";
const SIGNED_IN_MESSAGE =
  "Your account is suspended. Reason: payment review. Betting, deposits and contests are closed. Your balance is still yours: " +
  "withdraw it from your account page, and contact support about the suspension.";

async function fundedCustomer(): Promise<Registered> {
  const c = await verifiedCustomer(t, "full");
  expect((await put(c.session, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
  expect((await c.session.post("/api/wallet/deposits", { method: "bank", amount: 10_000 })).status).toBe(201);
  return c;
}

const suspend = async (id: string, category?: string, by: Session = admin) =>
  expect((await by.patch(`/api/admin/users/${id}/status`, { isActive: false, reason: "Chargeback", ...(category ? { category } : {}) })).status).toBe(200);
const state = async (userId: string) => ({
  bets: await countRows(t.database, "SELECT COUNT(*) AS n FROM bets WHERE user_id = ?", [userId]),
  payments: await countRows(t.database, "SELECT COUNT(*) AS n FROM payments WHERE user_id = ?", [userId]),
  postings: await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.user_id = ?", [userId]),
  sessions: await countRows(t.database, "SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", [userId]),
});

describe("a session ended by a suspension", () => {
  it("answers 403 AUTH.ACCOUNT_SUSPENDED with the reason, and the old cookie can do nothing else", async () => {
    const c = await fundedCustomer();
    const pool = await upcomingPool(c.session);
    const sel = selectionOf(pool.next());
    await suspend(c.userId);
    const before = await state(c.userId);
    expect(before.sessions).toBe(0);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ended_sessions WHERE user_id = ? AND reason = 'suspended'", [c.userId])).toBe(1);

    // The bet: refused with why, nothing written.
    const bet = await expectError(await c.session.post("/api/bets", { selections: [sel], stake: 500, betType: "single" }), 403, "AUTH.ACCOUNT_SUSPENDED");
    expect(bet.error.message).toBe(MESSAGE);
    // The slip shows the server's words; the pages read the details for their banners.
    expect(bet.error.details).toEqual({ sessionEnded: true, category: "review", isDemo: false });
    // Every other call that needs a user says the same and does nothing: reading the balance or the
    // account, a withdrawal (a suspended customer's own session may withdraw; a revoked one may not).
    for (const [method, path, body] of [
      ["GET", "/api/customer/balance"],
      ["GET", "/api/auth/user"],
      // The pages' first reads: they show the suspension on load, not a sign-in prompt.
      ["GET", "/api/auth/session"],
      ["GET", "/api/account"],
      ["GET", "/api/bets"],
      ["POST", "/api/wallet/withdrawals", { method: "bank", amount: 1_000 }],
      ["POST", "/api/wallet/deposits", { method: "bank", amount: 1_000 }],
    ] as [string, string, unknown?][]) {
      const res = await c.session.request(method, path, body);
      const env = await expectError(res, 403, "AUTH.ACCOUNT_SUSPENDED");
      expect(env.error.message, `${method} ${path}`).toBe(MESSAGE);
    }
    expect(await state(c.userId)).toEqual(before);

    // Signing in again gives a suspended customer's session: it may withdraw; betting says suspended.
    const again = new Session(t);
    expect((await again.post("/api/auth/login", { email: c.email, password: c.password })).status).toBe(200);
    const refused = await expectError(await again.post("/api/bets", { selections: [sel], stake: 500, betType: "single" }), 403, "AUTH.ACCOUNT_SUSPENDED");
    expect(refused.error.message).not.toBe(MESSAGE);
    expect((await again.get("/api/wallet/withdraw-access")).status).toBe(200);
    // The old cookie is still refused, the new session still works.
    await expectError(await c.session.get("/api/customer/balance"), 403, "AUTH.ACCOUNT_SUSPENDED");
  });

  it("activation clears the tombstones: the old cookie then just needs a sign-in (401), and still authenticates nothing", async () => {
    const c = await fundedCustomer();
    await suspend(c.userId);
    expect((await admin.patch(`/api/admin/users/${c.userId}/status`, { isActive: true })).status).toBe(200);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ended_sessions WHERE user_id = ?", [c.userId])).toBe(0);
    await expectError(await c.session.get("/api/customer/balance"), 401, "AUTH.REQUIRED");
  });

  it("a tombstone lasts only as long as its session would have", async () => {
    const c = await fundedCustomer();
    const expiresAt = Number(
      (await t.database.client.execute({ sql: "SELECT MAX(expires_at) AS e FROM sessions WHERE user_id = ?", args: [c.userId] })).rows[0].e,
    );
    await suspend(c.userId);
    const real = t.clock.now();
    try {
      t.clock.set(new Date(expiresAt + 1));
      await expectError(await c.session.get("/api/customer/balance"), 401, "AUTH.REQUIRED");
    } finally {
      t.clock.set(real);
    }
    await expectError(await c.session.get("/api/customer/balance"), 403, "AUTH.ACCOUNT_SUSPENDED");
  });

  it("a cookie for no session at all is still 401 AUTH.REQUIRED", async () => {
    const s = new Session(t);
    s.cookie = "sid=not-a-session-token";
    await expectError(await s.get("/api/customer/balance"), 401, "AUTH.REQUIRED");
  });
});

describe("the reason category and what to do next", () => {
  it("an operator's category reaches the customer in words, the note does not; signed in again, the session says the same", async () => {
    const c = await fundedCustomer();
    const res = await admin.patch(`/api/admin/users/${c.userId}/status`, { isActive: false, reason: "chargeback on card 4242", category: "payments" });
    expect(res.status).toBe(200);
    const ended = await expectError(await c.session.get("/api/auth/session"), 403, "AUTH.ACCOUNT_SUSPENDED");
    expect(ended.error.message).toBe(
      "Your account is suspended. Reason: payment review. Sign in to withdraw your balance, and contact support about the suspension.",
    );
    expect(ended.error.details).toEqual({ category: "payments", isDemo: false, sessionEnded: true });
    expect(JSON.stringify(ended)).not.toContain("4242");

    const again = new Session(t);
    expect((await again.post("/api/auth/login", { email: c.email, password: c.password })).status).toBe(200);
    for (const path of ["/api/auth/session", "/api/account", "/api/responsible"]) {
      const env = await expectError(await again.get(path), 403, "AUTH.ACCOUNT_SUSPENDED");
      expect(env.error.message, path).toBe(SIGNED_IN_MESSAGE);
      expect(env.error.details, path).toEqual({ category: "payments", isDemo: false, sessionEnded: false });
    }
    // The audit keeps the operator's note and the category.
    const audit = await t.database.client.execute({
      sql: "SELECT after FROM audit_log WHERE entity_id = ? AND action = 'user.suspend'",
      args: [c.userId],
    });
    expect(JSON.parse(String(audit.rows[0].after))).toEqual({ isActive: false, category: "payments", reason: "chargeback on card 4242" });
  });

  it("Restrict in the CRM takes a category too; activation forgets it, and a later suspension without one is an account review", async () => {
    const c = await fundedCustomer();
    const r = await admin.post(`/api/admin/crm/customers/${c.userId}/restrict`, { reason: "Shared device with a closed account", category: "security" });
    expect(r.status).toBe(200);
    const env = await expectError(await c.session.get("/api/account"), 403, "AUTH.ACCOUNT_SUSPENDED");
    expect(env.error.details).toEqual({ category: "security", isDemo: false, sessionEnded: true });
    expect(env.error.message).toContain("Reason: security check.");

    expect((await admin.patch(`/api/admin/users/${c.userId}/status`, { isActive: true })).status).toBe(200);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM account_suspensions WHERE user_id = ?", [c.userId])).toBe(0);
    const again = new Session(t);
    expect((await again.post("/api/auth/login", { email: c.email, password: c.password })).status).toBe(200);
    await suspend(c.userId);
    const second = await expectError(await again.get("/api/auth/session"), 403, "AUTH.ACCOUNT_SUSPENDED");
    expect(second.error.details).toEqual({ category: "review", isDemo: false, sessionEnded: true });
  });

  it("an unknown category is a 400 and suspends nobody", async () => {
    const c = await fundedCustomer();
    for (const [path, body] of [
      [`/api/admin/users/${c.userId}/status`, { isActive: false, category: "because" }],
      [`/api/admin/crm/customers/${c.userId}/restrict`, { reason: "x", category: "because" }],
    ] as [string, unknown][]) {
      const res = path.endsWith("/status") ? await admin.patch(path, body) : await admin.post(path, body);
      await expectError(res, 400, "REQUEST.INVALID");
    }
    expect((await c.session.get("/api/auth/session")).status).toBe(200);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM account_suspensions WHERE user_id = ?", [c.userId])).toBe(0);
  });

  it("a suspended demo account is told to start a new demo, and the demo login from that browser gives one", async () => {
    const demo = await demoLogin(t, "customer");
    const me = (await (await demo.get("/api/auth/user")).json()) as { id: string };
    // A demo account is in the sandbox: a demo admin suspends it (real staff cannot reach it).
    await suspend(me.id, "terms", await demoLogin(t, "admin"));
    const env = await expectError(await demo.get("/api/auth/session"), 403, "AUTH.ACCOUNT_SUSPENDED");
    expect(env.error.message).toBe(
      "This demo account is suspended. Reason: breach of our terms. Demo accounts are not reopened: start a new demo to keep trying BetPro.",
    );
    expect(env.error.details).toEqual({ category: "terms", isDemo: true, sessionEnded: true });
    const fresh = await demo.post("/api/demo/login", { role: "customer", startOver: true });
    expect(fresh.status).toBe(200);
    const now = (await (await demo.get("/api/auth/session")).json()) as { user: { id: string; isDemoUser: boolean } };
    expect(now.user.id).not.toBe(me.id);
    expect(now.user.isDemoUser).toBe(true);
  });

  it("the database accepts exactly the domain's categories", async () => {
    const c = await fundedCustomer();
    const insert = (category: string) =>
      t.database.client.execute({
        sql: "INSERT INTO account_suspensions (user_id, category, suspended_at) VALUES (?, ?, 0) ON CONFLICT (user_id) DO UPDATE SET category = excluded.category",
        args: [c.userId, category],
      });
    for (const category of SUSPENSION_CATEGORIES) await insert(category);
    await expect(insert("because")).rejects.toThrow(/CHECK constraint failed/);
    await t.database.client.execute({ sql: "DELETE FROM account_suspensions WHERE user_id = ?", args: [c.userId] });
  });
});
