/**
 * CRM: segments and customer profiles from real bets and payments, Send Bonus (a ledger adjustment
 * from promotions, audited), Flag Account (a manual fraud alert), Restrict (suspends the account),
 * and who may call each route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, realCustomerLogin, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, currentUserId, expectError, expectInvalidFields, expectLedgerBalanced, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { callers, expectAdminOnly, type Callers } from "../fixtures/roles.ts";

type Segment = { id: string; name: string; rule: string; count: number; totalValue: number; avgBet: number; winRate: number };
type Profile = {
  id: string; username: string; email: string; joinDate: string; isActive: boolean; balance: number; totalStaked: number; totalWon: number;
  totalLost: number; betCount: number; pendingBets: number; winRate: number; avgStake: number; favoriteMarkets: string[]; riskScore: number;
  ltv: number; segment: string; kyc: string; vip: boolean; lastActivity: string | null; depositTotal: number; withdrawalTotal: number; bonusUsed: number;
};

let t: TestApp;
let who: Callers;
let admin: Session;
let adminId: string;
beforeAll(async () => {
  t = await makeTestApp();
  who = await callers(t);
  admin = who.admin;
  adminId = await currentUserId(admin);
});
afterAll(() => t.close());

async function customers(query = ""): Promise<Profile[]> {
  const res = await admin.get(`/api/admin/crm/customers${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Profile[];
}

describe("segments and customer profiles", () => {
  it("puts every customer in exactly one of the four segments", async () => {
    const res = await admin.get("/api/admin/crm/segments");
    expect(res.status).toBe(200);
    const segments = (await res.json()) as Segment[];
    expect(segments.map((s) => [s.id, s.name])).toEqual([["high_value", "High Value"], ["regular", "Regular"], ["casual", "Casual"], ["at_risk", "At Risk"]]);
    const all = await customers();
    expect(segments.reduce((n, s) => n + s.count, 0)).toBe(all.length);
    for (const s of segments) {
      const members = all.filter((p) => p.segment === s.id);
      expect(s.count, s.id).toBe(members.length);
      expect(s.totalValue, s.id).toBe(members.reduce((n, p) => n + p.ltv, 0));
      expect(s.rule.length).toBeGreaterThan(0);
    }
    expect(all.find((p) => p.email === "ethan.brooks@example.com")).toMatchObject({ segment: "high_value", vip: true });
  });

  it("builds each profile from the customer's bets and wallet", async () => {
    const jack = (await customers("?search=jack.thompson"))[0];
    const b = await t.database.client.execute({
      sql: `SELECT COUNT(*) AS n, SUM(stake) AS staked, SUM(status = 'pending') AS pending, SUM(status = 'won') AS won, SUM(status = 'lost') AS lost,
              SUM(CASE WHEN status = 'won' THEN actual_return ELSE 0 END) AS won_returns, SUM(CASE WHEN status = 'lost' THEN stake ELSE 0 END) AS lost_stakes,
              MAX(placed_at) AS last FROM bets WHERE user_id = ?`,
      args: [jack.id],
    });
    const r = b.rows[0];
    expect(jack).toMatchObject({
      username: "jack.thompson", betCount: Number(r.n), totalStaked: Number(r.staked), pendingBets: Number(r.pending),
      totalWon: Number(r.won_returns), totalLost: Number(r.lost_stakes), avgStake: Math.round(Number(r.staked) / Number(r.n)),
      kyc: "verified", lastActivity: new Date(Number(r.last)).toISOString(),
    });
    expect(jack.balance).toBe(Number((await t.database.client.execute({ sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [`wallet:${jack.id}`] })).rows[0].balance));
    expect(jack.favoriteMarkets.length).toBeGreaterThan(0);
    const zoe = (await customers("?search=zoe"))[0];
    expect(zoe).toMatchObject({ depositTotal: 50_000, withdrawalTotal: 52_000, bonusUsed: 5_000, riskScore: 89 });
  });

  it("searches username or email case-insensitively and filters by segment", async () => {
    expect((await customers("?search=THOMPSON")).map((p) => p.email)).toEqual(["jack.thompson@example.com"]);
    expect((await customers("?search=%40example.com")).length).toBe(await countRows(t.database, "SELECT COUNT(*) AS n FROM users WHERE role = 'customer' AND email LIKE '%@example.com'"));
    expect(await customers("?search=no-such-customer")).toEqual([]);
    const hv = await customers("?segment=high_value");
    expect(hv.every((p) => p.segment === "high_value")).toBe(true);
    await expectInvalidFields(await admin.get("/api/admin/crm/customers?segment=whales"), "segment");
  });
});

describe("POST /api/admin/crm/customers/{id}/bonus", () => {
  it("credits the bonus account (not cash) from the promotions account, audited", async () => {
    const customer = await realCustomerLogin(t);
    const id = await currentUserId(customer);
    const before = await balanceOf(customer);
    const res = await admin.post(`/api/admin/crm/customers/${id}/bonus`, { amount: 2_500, reason: "Goodwill for a late settlement" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { transactionId: string; amount: number; balance: number };
    expect(body).toMatchObject({ amount: 2_500, balance: before, bonusBalance: 2_500 });
    expect(await balanceOf(customer)).toBe(before);
    const postings = await t.database.client.execute({ sql: "SELECT account_id, amount FROM ledger_postings WHERE transaction_id = ? ORDER BY amount", args: [body.transactionId] });
    expect(postings.rows.map((p) => [p.account_id, Number(p.amount)])).toEqual([["promotions", -2_500], [`bonus:${id}`, 2_500]]);
    const tx = await t.database.client.execute({ sql: "SELECT kind, created_by FROM ledger_transactions WHERE id = ?", args: [body.transactionId] });
    expect(tx.rows[0]).toMatchObject({ kind: "adjustment", created_by: adminId });
    const audit = await t.database.client.execute({ sql: "SELECT after FROM audit_log WHERE entity_id = ? AND action = 'customer.bonus'", args: [id] });
    expect(JSON.parse(String(audit.rows[0].after))).toEqual({ amount: 2_500, reason: "Goodwill for a late settlement", transactionId: body.transactionId, to: "bonus" });
    expect((await customers(`?search=${id}`))[0].bonusUsed).toBe(2_500);
    await expectLedgerBalanced(t.database);
  });

  it("refuses staff, unknown customers and invalid amounts, moving no money", async () => {
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions");
    await expectError(await admin.post(`/api/admin/crm/customers/${adminId}/bonus`, { amount: 100, reason: "x" }), 409, "USER.NOT_CUSTOMER");
    await expectError(await admin.post("/api/admin/crm/customers/usr_nobody/bonus", { amount: 100, reason: "x" }), 404, "USER.NOT_FOUND");
    const jack = (await customers("?search=jack.thompson"))[0];
    await expectInvalidFields(await admin.post(`/api/admin/crm/customers/${jack.id}/bonus`, { amount: 0, reason: "x" }), "amount");
    await expectInvalidFields(await admin.post(`/api/admin/crm/customers/${jack.id}/bonus`, { amount: 10.5, reason: "x" }), "amount");
    await expectInvalidFields(await admin.post(`/api/admin/crm/customers/${jack.id}/bonus`, { amount: 100, reason: " " }), "reason");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions")).toBe(before);
  });
});

describe("POST /api/admin/crm/customers/{id}/flag", () => {
  it("opens a manual fraud alert on the customer, audited", async () => {
    const jack = (await customers("?search=jack.thompson"))[0];
    const res = await admin.post(`/api/admin/crm/customers/${jack.id}/flag`, { reason: "Bets only on one team after team news" });
    expect(res.status).toBe(201);
    const { alert } = (await res.json()) as { alert: { id: string; alertType: string; severity: string; status: string; description: string; user: { id: string } } };
    expect(alert).toMatchObject({ alertType: "manual_flag", severity: "high", status: "open", user: { id: jack.id } });
    expect(alert.description).toMatch(/Bets only on one team after team news/);
    const listed = (await (await admin.get("/api/admin/fraud-alerts?timeWindow=1h")).json()) as { id: string }[];
    expect(listed.map((a) => a.id)).toContain(alert.id);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'customer.flag' AND entity_id = ?", [jack.id])).toBe(1);
    await expectError(await admin.post(`/api/admin/crm/customers/${adminId}/flag`, { reason: "x" }), 409, "USER.NOT_CUSTOMER");
    await expectInvalidFields(await admin.post(`/api/admin/crm/customers/${jack.id}/flag`, {}), "reason");
  });
});

describe("POST /api/admin/crm/customers/{id}/restrict", () => {
  it("suspends the customer's account and ends their sessions; Activate lifts it", async () => {
    const customer = await realCustomerLogin(t);
    const id = await currentUserId(customer);
    const pool = await upcomingPool(customer);
    await placeOk(customer, [selectionOf(pool.next())], 300);
    const res = await admin.post(`/api/admin/crm/customers/${id}/restrict`, { reason: "Suspected bonus abuse" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { isActive: boolean }; sessionsEnded: number };
    expect(body).toMatchObject({ user: { isActive: false }, sessionsEnded: 1 });
    await expectError(await customer.post("/api/bets", { selections: [selectionOf(pool.next())], stake: 300, betType: "single" }), 403, "AUTH.ACCOUNT_SUSPENDED") // the ended session says why;
    const audit = await t.database.client.execute({ sql: "SELECT after FROM audit_log WHERE entity_id = ? AND action = 'customer.restrict'", args: [id] });
    expect(JSON.parse(String(audit.rows[0].after))).toEqual({ isActive: false, reason: "Suspected bonus abuse", category: "review" });
    expect((await customers(`?search=${id}`))[0]).toMatchObject({ isActive: false, segment: "at_risk" });
    expect((await admin.patch(`/api/admin/users/${id}/status`, { isActive: true })).status).toBe(200);
    await expectError(await admin.post(`/api/admin/crm/customers/${adminId}/restrict`, { reason: "x" }), 409, "USER.NOT_CUSTOMER");
  });
});

describe("authorization", () => {
  it.each([
    { method: "GET", path: "/api/admin/crm/segments" },
    { method: "GET", path: "/api/admin/crm/customers" },
    { method: "POST", path: "/api/admin/crm/customers/usr_nobody/bonus", body: { amount: 100, reason: "x" } },
    { method: "POST", path: "/api/admin/crm/customers/usr_nobody/flag", body: { reason: "x" } },
    { method: "POST", path: "/api/admin/crm/customers/usr_nobody/restrict", body: { reason: "x" } },
  ] as const)("$method $path is for admins only", async (route) => {
    await expectAdminOnly(who, route);
  });
});
