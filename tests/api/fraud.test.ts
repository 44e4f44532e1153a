/**
 * Fraud monitoring through the API: the alerts the rules engine raised from the seeded activity,
 * new alerts from real bets placed through the API, idempotent scans, resolve (audited, once),
 * transaction monitoring, bonus abuse, user risk profiles, and who may call each route. Where and
 * when scans run (the scheduler, the scan thread, the lease): tests/api/fraud-scheduler.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { demoLogin, type Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, currentUserId, expectError, expectInvalidFields, expectUnknownKey, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { expectAdminOnly, type Callers } from "../fixtures/roles.ts";
import { fraudBook, type Alert } from "../fixtures/fraud.ts";

const { book, alerts, scan } = fraudBook();
let t: TestApp;
let who: Callers;
let admin: Session;
let adminId: string;
beforeAll(() => void ({ t, who, admin, adminId } = book));

describe("alerts from the seeded activity", () => {
  it("raises one alert per rule, subject and window", async () => {
    const list = await alerts();
    const by = (type: string) => list.filter((a) => a.alertType === type).map((a) => a.user.email).sort();
    expect(by("rapid_betting")).toEqual(["ethan.brooks@example.com"]);
    expect(by("stake_spike")).toEqual(["ethan.brooks@example.com"]);
    expect(by("deposit_withdrawal")).toEqual(["zoe.campbell@example.com"]);
    expect(by("bonus_abuse")).toEqual(["zoe.campbell@example.com"]);
    // One incident, one alert: on the account that came to the address last, naming all three.
    expect(by("shared_address")).toEqual(["ava.clarke@example.com"]);
    expect(list.every((a) => a.status === "open")).toBe(true);
    const spike = list.find((a) => a.alertType === "stake_spike")!;
    expect(spike).toMatchObject({ severity: "critical", description: "Stake of $400.00 is 40.0x the customer's median stake of $10.00" });
    expect(spike.evidence).toMatchObject({ stake: 40_000, medianStake: 1_000, priorBets: 12 });
    expect(list.find((a) => a.alertType === "shared_address")!.evidence).toMatchObject({
      ip: "203.0.113.45",
      accounts: 3,
      emails: expect.arrayContaining(["ava.clarke@example.com", "lucas.martin@example.com", "mia.harris@example.com"]),
    });
  });

  it("lists open alerts first, then by severity; filters by status", async () => {
    const list = await alerts();
    const rank = { critical: 0, high: 1, medium: 2, low: 3 } as Record<string, number>;
    const ranks = list.filter((a) => a.status === "open").map((a) => rank[a.severity]);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(await alerts("?timeWindow=7d&status=resolved")).toEqual([]);
  });

  it("keeps to the time window", async () => {
    const list = await alerts("?timeWindow=1h");
    expect(list.length).toBeGreaterThan(0);
    t.clock.set(new Date(Date.now() + 2 * 3_600_000));
    try {
      expect(await alerts("?timeWindow=1h")).toEqual([]);
      expect(await alerts("?timeWindow=24h")).toHaveLength(list.length);
    } finally {
      t.clock.set(null as unknown as Date); // back to real time
    }
    await expectInvalidFields(await admin.get("/api/admin/fraud-alerts?timeWindow=30d"), "timeWindow");
  });

  it("never raises the same alert twice", async () => {
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM fraud_alerts");
    const again = await scan();
    expect(again.alertsRaised).toBe(0);
    expect(again.monitoringRecords).toBe(0);
    expect(again.profilesUpdated).toBe(await countRows(t.database, "SELECT COUNT(*) AS n FROM users WHERE role = 'customer'"));
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM fraud_alerts")).toBe(before);
  });
});

describe("alerts from new activity", () => {
  it("rapid repeated bets: 5 bets inside a minute raise one alert, once", async () => {
    const customer = await demoLogin(t, "customer");
    const id = await currentUserId(customer);
    const pool = await upcomingPool(customer);
    const start = Date.now();
    for (let i = 0; i < 5; i++) {
      t.clock.set(new Date(start + i * 10_000));
      await placeOk(customer, [selectionOf(pool.next())], 200);
    }
    t.clock.set(new Date(start + 60_000));
    const first = await scan();
    expect(first.alertsRaised).toBe(1);
    expect(first.monitoringRecords).toBe(5);
    const mine = (await alerts()).filter((a) => a.user.id === id);
    expect(mine).toEqual([expect.objectContaining({ alertType: "rapid_betting", severity: "medium", status: "open" })]);
    // One more bet in the same burst: the same alert, not a new one.
    t.clock.set(new Date(start + 50_000));
    await placeOk(customer, [selectionOf(pool.next())], 200);
    t.clock.set(new Date(start + 70_000));
    expect((await scan()).alertsRaised).toBe(0);
    expect((await alerts()).filter((a) => a.user.id === id)).toHaveLength(1);
  });

  it("five singles from one slip (placed together) are not rapid betting", async () => {
    const customer = await demoLogin(t, "customer");
    const id = await currentUserId(customer);
    const pool = await upcomingPool(customer);
    const start = Date.now();
    for (let i = 0; i < 5; i++) {
      t.clock.set(new Date(start + i * 200));
      await placeOk(customer, [selectionOf(pool.next())], 200);
    }
    t.clock.set(new Date(start + 60_000));
    await scan();
    expect((await alerts()).filter((a) => a.user.id === id)).toEqual([]);
  });

  it("stake far above history: more than 5x the median of 5 earlier bets, and at least 50.00", async () => {
    const customer = await demoLogin(t, "customer");
    const id = await currentUserId(customer);
    const pool = await upcomingPool(customer);
    const start = Date.now();
    for (let i = 0; i < 5; i++) {
      t.clock.set(new Date(start + i * 5 * 60_000));
      await placeOk(customer, [selectionOf(pool.next())], 100);
    }
    t.clock.set(new Date(start + 30 * 60_000));
    await placeOk(customer, [selectionOf(pool.next())], 600); // 6x five 1.00 stakes, but under the 50.00 floor
    expect((await scan()).alertsRaised).toBe(0);
    t.clock.set(new Date(start + 40 * 60_000));
    await placeOk(customer, [selectionOf(pool.next())], 5_000); // 50x the median of 1.00, at the floor
    expect((await scan()).alertsRaised).toBe(1);
    const alert = (await alerts()).find((a) => a.user.id === id)!;
    expect(alert).toMatchObject({ alertType: "stake_spike", severity: "critical" });
    expect(alert.evidence).toMatchObject({ stake: 5_000, medianStake: 100, priorBets: 6 });
    const monitored = (await (await admin.get(`/api/admin/transaction-monitoring?timeWindow=24h&userId=${id}`)).json()) as { amount: number; riskScore: number }[];
    expect(monitored).toHaveLength(7);
    const big = monitored.find((m) => m.amount === 5_000)!;
    expect(big.riskScore).toBeGreaterThan(monitored.find((m) => m.amount === 100)!.riskScore);
  });
});

describe("POST /api/admin/fraud-alert/{id}/resolve", () => {
  it("resolves an open alert with notes, audited; a second resolve is refused; scans never reopen it", async () => {
    const target = (await alerts()).find((a) => a.alertType === "bonus_abuse")!;
    const res = await admin.post(`/api/admin/fraud-alert/${target.id}/resolve`, { resolution: "resolved", notes: "Alert resolved by admin" });
    expect(res.status).toBe(200);
    const { alert } = (await res.json()) as { alert: Alert };
    expect(alert).toMatchObject({ id: target.id, status: "resolved", resolvedBy: adminId, notes: "Alert resolved by admin" });
    expect(alert.resolvedAt).not.toBeNull();
    const audit = await t.database.client.execute({ sql: "SELECT * FROM audit_log WHERE entity_id = ? AND action = 'fraud_alert.resolve'", args: [target.id] });
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_id: adminId, entity_type: "fraud_alert" });
    expect(JSON.parse(String(audit.rows[0].before))).toMatchObject({ status: "open" });
    expect(JSON.parse(String(audit.rows[0].after))).toEqual({ status: "resolved", resolution: "resolved", notes: "Alert resolved by admin" });
    expect(alert.resolution).toBe("resolved");

    await expectError(await admin.post(`/api/admin/fraud-alert/${target.id}/resolve`, { resolution: "resolved", notes: "" }), 409, "FRAUD.ALERT_NOT_OPEN");
    await scan();
    expect((await alerts()).find((a) => a.id === target.id)!.status).toBe("resolved");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", [target.id])).toBe(1);
  });

  it("lowers the customer's risk score at the next scan", async () => {
    const zoeBefore = ((await (await admin.get("/api/admin/user-risk-profiles")).json()) as { user: { email: string }; riskScore: number }[])
      .find((p) => p.user.email === "zoe.campbell@example.com")!;
    const open = (await alerts()).filter((a) => a.user.email === "zoe.campbell@example.com" && a.status === "open");
    for (const a of open) expect((await admin.post(`/api/admin/fraud-alert/${a.id}/resolve`, { resolution: "resolved", notes: "ok" })).status).toBe(200);
    await scan();
    const zoeAfter = ((await (await admin.get("/api/admin/user-risk-profiles")).json()) as { user: { email: string }; riskScore: number }[])
      .find((p) => p.user.email === "zoe.campbell@example.com")!;
    expect(zoeAfter.riskScore).toBeLessThan(zoeBefore.riskScore);
  });

  it("refuses unknown alerts and other resolutions", async () => {
    await expectError(await admin.post("/api/admin/fraud-alert/fra_nobody/resolve", { resolution: "resolved", notes: "x" }), 404, "FRAUD.ALERT_NOT_FOUND");
    const open = (await alerts()).find((a) => a.status === "open")!;
    await expectInvalidFields(await admin.post(`/api/admin/fraud-alert/${open.id}/resolve`, { resolution: "dismissed", notes: "x" }), "resolution");
    await expectUnknownKey(await admin.post(`/api/admin/fraud-alert/${open.id}/resolve`, { resolution: "resolved", notes: "x", status: "open" }), "status");
    expect((await alerts()).find((a) => a.id === open.id)!.status).toBe("open");
  });

  it("the database keeps a resolved alert resolved and alerts undeletable", async () => {
    const resolved = (await alerts("?timeWindow=7d&status=resolved"))[0];
    await expect(t.database.client.execute({ sql: "UPDATE fraud_alerts SET status = 'open' WHERE id = ?", args: [resolved.id] })).rejects.toThrow(/FRAUD.ALERT_NOT_OPEN/);
    await expect(t.database.client.execute({ sql: "DELETE FROM fraud_alerts WHERE id = ?", args: [resolved.id] })).rejects.toThrow(/FRAUD.IMMUTABLE/);
  });
});

describe("monitoring, bonus abuse and risk profiles", () => {
  it("scores each bet stake and wallet payment 0-100 with reasons; filters by user and score", async () => {
    const res = await admin.get("/api/admin/transaction-monitoring?timeWindow=7d");
    expect(res.status).toBe(200);
    const records = (await res.json()) as { id: string; monitoringType: string; amount: number; riskScore: number; reasons: string[]; userId: string; user: { email: string }; reference: string }[];
    expect(records.length).toBeGreaterThan(10);
    expect(records.every((r) => r.riskScore >= 0 && r.riskScore <= 100)).toBe(true);
    const risky = (await (await admin.get("/api/admin/transaction-monitoring?timeWindow=7d&minRiskScore=71")).json()) as typeof records;
    expect(risky.every((r) => r.riskScore > 70)).toBe(true);
    const withdrawal = risky.find((r) => r.monitoringType === "withdrawal")!;
    expect(withdrawal).toMatchObject({ amount: 52_000, user: { email: "zoe.campbell@example.com" } });
    expect(withdrawal.reasons.length).toBeGreaterThan(0);
    const ethan = records.find((r) => r.user.email === "ethan.brooks@example.com")!.userId;
    const his = (await (await admin.get(`/api/admin/transaction-monitoring?timeWindow=7d&userId=${ethan}`)).json()) as typeof records;
    expect(his.length).toBe(await countRows(t.database, "SELECT COUNT(*) AS n FROM bets WHERE user_id = ?", [ethan]));
    expect(his.every((r) => r.monitoringType === "bet_stake")).toBe(true);
  });

  it("lists bonus abuse with confidence", async () => {
    const res = await admin.get("/api/admin/bonus-abuse-alerts");
    expect(res.status).toBe(200);
    const list = (await res.json()) as { abuseType: string; confidence: number; user: { email: string } }[];
    expect(list).toEqual([expect.objectContaining({ abuseType: "bonus_withdrawal", confidence: 91, user: expect.objectContaining({ email: "zoe.campbell@example.com" }) })]);
  });

  it("lists user risk profiles riskiest first with KYC status and last review", async () => {
    const res = await admin.get("/api/admin/user-risk-profiles");
    expect(res.status).toBe(200);
    const list = (await res.json()) as { riskScore: number; riskLevel: string; kycStatus: string; lastReviewed: string | null; user: { email: string }; factors: string[] }[];
    const scores = list.map((p) => p.riskScore);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const ava = list.find((p) => p.user.email === "ava.clarke@example.com")!;
    expect(ava).toMatchObject({ kycStatus: "pending" });
    expect(ava.factors).toContain("Identity not fully verified");
    expect(list.every((p) => p.lastReviewed !== null)).toBe(true);
  });
});


describe("OpenAPI", () => {
  it("documents every back-office route", async () => {
    const doc = (await (await admin.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    const expected: [string, string][] = [
      ["/api/admin/users", "get"], ["/api/admin/users", "post"], ["/api/admin/users.csv", "get"], ["/api/admin/user-stats", "get"],
      ["/api/admin/users/{userId}/status", "patch"], ["/api/admin/users/{userId}/activity", "get"],
      ["/api/admin/fraud-alerts", "get"], ["/api/admin/fraud-alert/{id}/resolve", "post"], ["/api/admin/transaction-monitoring", "get"],
      ["/api/admin/bonus-abuse-alerts", "get"], ["/api/admin/user-risk-profiles", "get"], ["/api/admin/fraud/scan", "post"],
      ["/api/admin/tasks", "get"], ["/api/admin/tasks", "post"], ["/api/admin/tasks/{id}", "get"], ["/api/admin/tasks/{id}", "patch"],
      ["/api/admin/tasks/{id}", "delete"], ["/api/admin/task-stats", "get"], ["/api/admin/staff", "get"],
      ["/api/admin/bulk-operations", "post"], ["/api/admin/bulk-operations", "get"], ["/api/admin/bulk-operations/{id}", "get"],
      ["/api/admin/bulk-operations/{id}/result.csv", "get"],
      ["/api/admin/crm/segments", "get"], ["/api/admin/crm/customers", "get"], ["/api/admin/crm/customers/{id}/bonus", "post"],
      ["/api/admin/crm/customers/{id}/flag", "post"], ["/api/admin/crm/customers/{id}/restrict", "post"],
      ["/api/admin/payments/summary", "get"], ["/api/admin/payments/transactions", "get"], ["/api/admin/payments/transactions.csv", "get"],
      ["/api/admin/live", "get"], ["/api/admin/fraud/rule-precision", "get"],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});

describe("authorization", () => {
  it.each([
    { method: "GET", path: "/api/admin/fraud-alerts" },
    { method: "POST", path: "/api/admin/fraud-alert/fra_nobody/resolve", body: { resolution: "resolved", notes: "" } },
    { method: "GET", path: "/api/admin/transaction-monitoring" },
    { method: "GET", path: "/api/admin/bonus-abuse-alerts" },
    { method: "GET", path: "/api/admin/user-risk-profiles" },
    { method: "POST", path: "/api/admin/fraud/scan" },
    { method: "GET", path: "/api/admin/fraud/rule-precision" },
  ] as const)("$method $path is for admins only", async (route) => {
    await expectAdminOnly(who, route);
  });
});
