/**
 * A suspended customer is told why (issue 22): a suspension ends the account's sessions and leaves a
 * tombstone per session (migration 0040), so the next request with the old cookie is refused with
 * 403 AUTH.ACCOUNT_SUSPENDED "Your account has been suspended. Sign in to withdraw your balance."
 * rather than "Please log in". The old cookie never authenticates: nothing it asks for is done, not
 * even a withdrawal (signing in again is the way to the money). Activation clears the tombstones;
 * a tombstone lasts only as long as its session would have.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp, staffLogin } from "../fixtures/test-app.ts";
import { countRows, expectError, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { put, verifiedCustomer, type Registered } from "../fixtures/accounts.ts";

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await staffLogin(t, "admin"); // real staff: the customers here registered
});
afterAll(() => t.close());

const MESSAGE = "Your account has been suspended. Sign in to withdraw your balance.";

async function fundedCustomer(): Promise<Registered> {
  const c = await verifiedCustomer(t, "full");
  expect((await put(c.session, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
  expect((await c.session.post("/api/wallet/deposits", { method: "bank", amount: 10_000 })).status).toBe(201);
  return c;
}

const suspend = async (id: string) => expect((await admin.patch(`/api/admin/users/${id}/status`, { isActive: false, reason: "Chargeback" })).status).toBe(200);
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
    expect(bet.error.details).toEqual({ sessionEnded: true }); // the slip shows the server's words for it
    // Every other call that needs a user says the same and does nothing: reading the balance or the
    // account, a withdrawal (a suspended customer's own session may withdraw; a revoked one may not).
    for (const [method, path, body] of [
      ["GET", "/api/customer/balance"],
      ["GET", "/api/auth/user"],
      ["GET", "/api/bets"],
      ["POST", "/api/wallet/withdrawals", { method: "bank", amount: 1_000 }],
      ["POST", "/api/wallet/deposits", { method: "bank", amount: 1_000 }],
    ] as [string, string, unknown?][]) {
      const res = await c.session.request(method, path, body);
      const env = await expectError(res, 403, "AUTH.ACCOUNT_SUSPENDED");
      expect(env.error.message, `${method} ${path}`).toBe(MESSAGE);
    }
    // Pages that work signed out see nobody signed in.
    expect(await (await c.session.get("/api/auth/session")).json()).toEqual({ user: null });
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
