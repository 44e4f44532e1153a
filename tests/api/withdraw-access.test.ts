/**
 * Funds always reachable, as the account page needs it: a suspended customer's
 * session opens nothing but their money, so GET /api/wallet/withdraw-access tells the page who
 * they are, their balance, and whether they can withdraw now or why not (under investigation,
 * verification). The withdrawal itself: tests/api/payments-durable.test.ts "funds always reachable".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { currentUserId, expectError } from "../fixtures/builders.ts";
import { registerCustomer } from "../fixtures/accounts.ts";

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
});
afterAll(() => t.close());

const suspend = (id: string, active = false) => t.database.client.execute({ sql: "UPDATE users SET is_active = ? WHERE id = ?", args: [active ? 1 : 0, id] });

describe("what a customer may do with their money", () => {
  it("a suspended customer (not under investigation) reads their balance and can withdraw; the rest stays closed", async () => {
    const s = await demoLogin(t, "customer");
    const id = await currentUserId(s);
    await suspend(id);
    await expectError(await s.get("/api/auth/user"), 403, "AUTH.ACCOUNT_SUSPENDED");
    const res = await s.get("/api/wallet/withdraw-access");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ suspended: true, verificationLevel: "full", balance: 100_000, blockedBy: null, firstName: expect.any(String) });
    expect((await s.post("/api/wallet/withdrawals", { method: "bank", amount: 10_000 })).status).toBe(201);
    expect((await (await s.get("/api/wallet/withdraw-access")).json()).balance).toBe(90_000);
  });

  it("under investigation: the page can say why not before the customer tries, suspended or not", async () => {
    const s = await demoLogin(t, "customer");
    const id = await currentUserId(s);
    expect((await admin.request("PUT", `/api/admin/users/${id}/investigation`, { underInvestigation: true, reason: "Review" })).status).toBe(200);
    expect(await (await s.get("/api/wallet/withdraw-access")).json()).toMatchObject({ suspended: false, blockedBy: "under_investigation" });
    await suspend(id);
    expect(await (await s.get("/api/wallet/withdraw-access")).json()).toMatchObject({ suspended: true, blockedBy: "under_investigation", balance: 100_000 });
    await expectError(await s.post("/api/wallet/withdrawals", { method: "bank", amount: 10_000 }), 403, "WALLET.UNDER_INVESTIGATION");
  });

  it("a customer without full verification is told so; staff and visitors are refused", async () => {
    const r = await registerCustomer(t);
    expect(await (await r.session.get("/api/wallet/withdraw-access")).json()).toMatchObject({ suspended: false, blockedBy: "verification_required", balance: 0 });
    await expectError(await admin.get("/api/wallet/withdraw-access"), 403, "AUTH.FORBIDDEN");
    await expectError(await new Session(t).get("/api/wallet/withdraw-access"), 401, "AUTH.REQUIRED");
  });
});
