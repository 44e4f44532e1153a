/**
 * Alerts an operator can trust: resolving an alert as "confirmed" or
 * "false_positive" (the spec's body {resolution: "resolved", notes} still works, and is the
 * default), and each rule's precision = confirmed / (confirmed + false positives), on a real
 * database seeded with one alert per rule (one for the three accounts sharing an address: one
 * incident, counted once).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, currentUserId, expectError, expectInvalidFields } from "../fixtures/builders.ts";
import type { FraudAlert, FraudRulePrecision } from "../../api/schemas/fraud.ts";

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
});
afterAll(() => t.close());

async function alerts(): Promise<FraudAlert[]> {
  const res = await admin.get("/api/admin/fraud-alerts?timeWindow=7d");
  expect(res.status).toBe(200);
  return (await res.json()) as FraudAlert[];
}
async function precision(): Promise<Record<string, FraudRulePrecision>> {
  const res = await admin.get("/api/admin/fraud/rule-precision");
  expect(res.status).toBe(200);
  const rows = (await res.json()) as FraudRulePrecision[];
  return Object.fromEntries(rows.map((r) => [r.alertType, r]));
}
const resolve = (id: string, body: Record<string, unknown>) => admin.post(`/api/admin/fraud-alert/${id}/resolve`, body);

describe("each rule's precision", () => {
  it("before any verdict: every rule listed, its open alerts counted, no precision yet", async () => {
    const p = await precision();
    expect(Object.keys(p)).toEqual(["rapid_betting", "stake_spike", "deposit_withdrawal", "shared_address", "bonus_abuse", "large_first_bet", "manual_flag"]);
    expect(p.shared_address).toEqual({ alertType: "shared_address", open: 1, confirmed: 0, falsePositives: 0, unclassified: 0, precision: null });
    expect(p.large_first_bet).toEqual({ alertType: "large_first_bet", open: 0, confirmed: 0, falsePositives: 0, unclassified: 0, precision: null });
    expect(p.manual_flag).toMatchObject({ open: 0, precision: null });
  });

  it("confirmed / (confirmed + false positives) per rule after resolving alerts with a verdict", async () => {
    const list = await alerts();
    const of = (type: string) => list.filter((a) => a.alertType === type);
    const [ring] = of("shared_address");
    const res = await resolve(ring.id, { resolution: "confirmed", notes: "verdict: confirmed" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { alert: FraudAlert }).alert).toMatchObject({ status: "resolved", resolution: "confirmed" });
    expect((await resolve(of("stake_spike")[0].id, { resolution: "false_positive", notes: "a regular's usual Saturday" })).status).toBe(200);
    expect((await resolve(of("rapid_betting")[0].id, { resolution: "confirmed", notes: "bot" })).status).toBe(200);
    // The spec's body, and no resolution at all: resolved without a verdict, not in the precision.
    expect((await resolve(of("deposit_withdrawal")[0].id, { resolution: "resolved", notes: "Alert resolved by admin" })).status).toBe(200);
    expect((await resolve(of("bonus_abuse")[0].id, { notes: "looked at it" })).status).toBe(200);

    const p = await precision();
    // The three accounts of the shared address were one incident: one verdict, counted once.
    expect(p.shared_address).toEqual({ alertType: "shared_address", open: 0, confirmed: 1, falsePositives: 0, unclassified: 0, precision: 1 });
    expect(p.stake_spike).toMatchObject({ confirmed: 0, falsePositives: 1, precision: 0 });
    expect(p.rapid_betting).toMatchObject({ confirmed: 1, falsePositives: 0, precision: 1 });
    expect(p.deposit_withdrawal).toMatchObject({ open: 0, unclassified: 1, precision: null });
    expect(p.bonus_abuse).toMatchObject({ open: 0, unclassified: 1, precision: null });
    expect(
      await countRows(t.database, "SELECT COUNT(*) AS n FROM fraud_alerts WHERE alert_type = 'bonus_abuse' AND resolution = 'resolved'"),
    ).toBe(1);
  });

  it("the verdict is audited and final: a second resolve is 409 and the precision does not move", async () => {
    const confirmed = (await alerts()).find((a) => a.resolution === "confirmed")!;
    const audit = await t.database.client.execute({
      sql: "SELECT after FROM audit_log WHERE entity_id = ? AND action = 'fraud_alert.resolve'",
      args: [confirmed.id],
    });
    expect(JSON.parse(String(audit.rows[0].after))).toMatchObject({ status: "resolved", resolution: "confirmed" });
    const before = await precision();
    await expectError(await resolve(confirmed.id, { resolution: "false_positive", notes: "changed my mind" }), 409, "FRAUD.ALERT_NOT_OPEN");
    await expect(
      t.database.client.execute({ sql: "UPDATE fraud_alerts SET resolution = 'false_positive' WHERE id = ?", args: [confirmed.id] }),
    ).rejects.toThrow(/FRAUD.ALERT_NOT_OPEN/);
    expect(await precision()).toEqual(before);
  });

  it("an unknown verdict is a 400 naming the field, and nothing changes", async () => {
    const customer = await demoLogin(t, "customer");
    const flag = await admin.post(`/api/admin/crm/customers/${await currentUserId(customer)}/flag`, { reason: "test flag" });
    expect(flag.status).toBeLessThan(300);
    const open = (await alerts()).find((a) => a.status === "open")!;
    await expectInvalidFields(await resolve(open.id, { resolution: "fraud", notes: "x" }), "resolution");
    expect((await alerts()).find((a) => a.id === open.id)).toMatchObject({ status: "open", resolution: null });
    expect((await precision()).manual_flag).toMatchObject({ open: 1, confirmed: 0, falsePositives: 0, precision: null });
  });
});
