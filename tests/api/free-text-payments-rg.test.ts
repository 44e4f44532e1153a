/**
 * An audit gap closed: the free text of payments and responsible gambling refuses control
 * and bidirectional formatting characters like the rest of the back office: an operator's reason to
 * reject, approve note, investigation reason and reversal reason; an RG interaction summary and the
 * register simulator's names; a customer's time-out reason. 400 naming the field, nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, currentUserId, expectInvalidFields } from "../fixtures/builders.ts";
import { put } from "../fixtures/accounts.ts";

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
});
afterAll(() => t.close());

const RLO = "Refund\u202Edetaler";
const NUL = "note\u0000";

describe("payments and RG free text refuse control and bidi characters", () => {
  it("operator reasons and notes on payments and investigations: 400 naming the field, nothing written", async () => {
    const s = await demoLogin(t, "customer");
    await put(s, "/api/responsible/limit-prompt", { declined: true });
    const id = await currentUserId(s);
    await s.post("/api/wallet/deposits", { method: "bank", amount: 10_000 });
    const w = await (await s.post("/api/wallet/withdrawals", { method: "bank", amount: 100_001 })).json();
    expect(w.state).toBe("awaiting_approval");
    const audits = () => countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log");
    const before = await audits();
    await expectInvalidFields(await admin.post(`/api/admin/payments/${w.paymentId}/reject`, { reason: RLO }), "reason");
    await expectInvalidFields(await admin.post(`/api/admin/payments/${w.paymentId}/approve`, { note: NUL }), "note");
    await expectInvalidFields(await put(admin, `/api/admin/users/${id}/investigation`, { underInvestigation: true, reason: RLO }), "reason");
    expect(await audits()).toBe(before);
    expect((await t.database.client.execute({ sql: "SELECT state FROM payments WHERE id = ?", args: [w.paymentId] })).rows[0].state).toBe("awaiting_approval");
    // Line breaks in a reason are fine.
    const ok = await admin.post(`/api/admin/payments/${w.paymentId}/reject`, { reason: "Source of funds unclear.\nAsked for documents." });
    expect(ok.status).toBe(200);
  });

  it("RG interaction summary, register simulator names and a time-out reason: 400 naming the field, nothing written", async () => {
    const s = await demoLogin(t, "customer");
    const id = await currentUserId(s);
    const rows = () => countRows(t.database, "SELECT COUNT(*) AS n FROM responsible_exclusions WHERE user_id = ?", [id]);
    const before = await rows();
    await expectInvalidFields(await admin.post("/api/admin/responsible/interactions", { userId: id, channel: "phone", summary: RLO }), "summary");
    await expectInvalidFields(
      await admin.post("/api/admin/responsible/register-simulator", { firstName: "Jo\u202Enhoj", lastName: "Smith", dateOfBirth: "1980-01-01" }),
      "firstName",
    );
    await expectInvalidFields(await s.post("/api/responsible/timeout", { period: "24h", reason: RLO }), "reason");
    expect(await rows()).toBe(before);
  });
});
