/**
 * The risk settings screen's API (domain/approvals/risk-settings.ts): the four-eyes thresholds and
 * the event limit default. Traders and admins read them; only admins change them. Lowering one
 * (stricter) applies at once; raising one (looser) is a request a second admin approves. Both are
 * audited; refusals write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, expectError } from "../fixtures/builders.ts";
import { auditRows, put, rolesOf, type Roles } from "../fixtures/trading-desk.ts";

let t: TestApp;
let r: Roles;
let admin2: Session;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  admin2 = await demoLogin(t, "admin");
});
afterAll(() => t.close());

type Settings = { settings: { key: string; label: string; value: number }[] };
const valueOf = async (key: string) => Number((await t.database.client.execute({ sql: "SELECT value FROM risk_settings WHERE key = ?", args: [key] })).rows[0].value);
const writes = async () => [await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log"), await countRows(t.database, "SELECT COUNT(*) AS n FROM approval_requests")];

describe("risk settings", () => {
  it("traders and admins read the four thresholds and the event limit default; customers and anonymous are refused", async () => {
    for (const s of [r.trader, r.admin]) {
      const res = await s.get("/api/admin/risk-settings");
      expect(res.status).toBe(200);
      const body = (await res.json()) as Settings;
      expect(Object.fromEntries(body.settings.map((x) => [x.key, x.value]))).toEqual({
        approval_money_threshold: 100_000,
        approval_bonus_threshold: 50_000,
        approval_limit_threshold: 2_000_000_000,
        event_liability_limit: 500_000_000,
      });
    }
    await expectError(await r.customer.get("/api/admin/risk-settings"), 403, "AUTH.FORBIDDEN");
    await expectError(await r.anonymous.get("/api/admin/risk-settings"), 401, "AUTH.REQUIRED");
  });

  it("a trader or customer cannot change one: 403, nothing written", async () => {
    const before = await writes();
    await expectError(await put(r.trader, "/api/admin/risk-settings/approval_money_threshold", { value: 1 }), 403, "AUTH.FORBIDDEN");
    await expectError(await put(r.customer, "/api/admin/risk-settings/approval_money_threshold", { value: 1 }), 403, "AUTH.FORBIDDEN");
    expect(await writes()).toEqual(before);
    expect(await valueOf("approval_money_threshold")).toBe(100_000);
  });

  it("lowering (stricter) applies at once, audited", async () => {
    const res = await put(r.admin, "/api/admin/risk-settings/approval_bonus_threshold", { value: 40_000 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as Settings).settings.find((x) => x.key === "approval_bonus_threshold")!.value).toBe(40_000);
    expect(await valueOf("approval_bonus_threshold")).toBe(40_000);
    const [audit] = await auditRows(t, "approval_bonus_threshold", "risk_setting.change");
    expect(audit).toBeTruthy();
  });

  it("raising (looser) is a request: 202, nothing changes until a second admin approves; the requester cannot", async () => {
    const res = await put(r.admin, "/api/admin/risk-settings/event_liability_limit", { value: 600_000_000 });
    expect(res.status, await res.clone().text()).toBe(202);
    const { approval } = (await res.json()) as { approval: { id: string; kind: string; subjectId: string } };
    expect(approval).toMatchObject({ kind: "risk_setting", subjectId: "event_liability_limit" });
    expect(await valueOf("event_liability_limit")).toBe(500_000_000);
    await expectError(await r.admin.post(`/api/admin/approvals/${approval.id}/approve`, {}), 403, "APPROVAL.OWN_REQUEST");
    expect(await valueOf("event_liability_limit")).toBe(500_000_000);
    const ok = await admin2.post(`/api/admin/approvals/${approval.id}/approve`, { note: "Agreed at the risk meeting" });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await valueOf("event_liability_limit")).toBe(600_000_000);
    // Applied once: approving again is refused and changes nothing.
    await expectError(await admin2.post(`/api/admin/approvals/${approval.id}/approve`, {}), 409, "APPROVAL.ALREADY_DECIDED");
    const actions = (await auditRows(t, "event_liability_limit")).map((a) => (a as { action: string }).action);
    expect(actions).toContain("risk_setting.change");
    expect((await auditRows(t, approval.id)).length).toBeGreaterThanOrEqual(2); // requested and approved
  });

  it("a request that no longer holds (the setting changed meanwhile) is closed stale, nothing applied", async () => {
    const res = await put(r.admin, "/api/admin/risk-settings/approval_money_threshold", { value: 200_000 });
    expect(res.status).toBe(202);
    const { approval } = (await res.json()) as { approval: { id: string } };
    expect((await put(admin2, "/api/admin/risk-settings/approval_money_threshold", { value: 90_000 })).status).toBe(200);
    await expectError(await admin2.post(`/api/admin/approvals/${approval.id}/approve`, {}), 409, "APPROVAL.STALE");
    expect(await valueOf("approval_money_threshold")).toBe(90_000);
  });

  it("bad input: 400 with nothing written; an unknown key too", async () => {
    const before = await writes();
    await expectError(await put(r.admin, "/api/admin/risk-settings/approval_money_threshold", { value: -1 }), 400, "REQUEST.INVALID");
    await expectError(await put(r.admin, "/api/admin/risk-settings/approval_money_threshold", { value: 1.5 }), 400, "REQUEST.INVALID");
    await expectError(await put(r.admin, "/api/admin/risk-settings/event_liability_limit", { value: 50 }), 400, "REQUEST.INVALID");
    await expectError(await put(r.admin, "/api/admin/risk-settings/max_payout_per_bet", { value: 1 }), 400, "REQUEST.INVALID");
    expect(await writes()).toEqual(before);
  });
});
