/**
 * Demo accounts expire and never count: the upkeep job closes a demo account idle for
 * 24 hours, moving its credit to the house through the ledger (a `demo_expired` transaction, never
 * a deletion) and signing it out; a demo account seen since is left alone; demo users are not in
 * the task assignee list, the user figures or the dashboard's active customers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, ledgerInvariants, makeTestApp, staffLogin, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, currentUserId } from "../fixtures/builders.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ jobs: true });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const houseBalance = async () =>
  Number((await t.database.client.execute("SELECT balance FROM ledger_accounts WHERE id = 'house'")).rows[0].balance);

describe("demo accounts expire", () => {
  it("closes a demo account idle for 24 h through the ledger, and leaves one seen since alone", async () => {
    const start = new Date();
    t.clock.set(start);
    const idle = await demoLogin(t, "customer");
    const idleId = await currentUserId(idle);
    const credit = await balanceOf(idle);
    expect(credit).toBeGreaterThan(0);
    // 23 h later: not idle long enough yet.
    t.clock.set(new Date(start.getTime() + 23 * HOUR));
    const recent = await demoLogin(t, "customer");
    const recentId = await currentUserId(recent);
    await t.jobs!.demoExpiry();
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users WHERE id = ? AND is_active = 1", [idleId])).toBe(1);

    const house = await houseBalance();
    t.clock.set(new Date(start.getTime() + 24 * HOUR + 1000));
    await t.jobs!.demoExpiry();
    // The idle one: deactivated, signed out, wallet emptied into the house by its own transaction.
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users WHERE id = ? AND is_active = 0", [idleId])).toBe(1);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", [idleId])).toBe(0);
    expect((await idle.get("/api/demo/user")).status).toBe(401);
    const wallet = await t.database.client.execute({ sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [`wallet:${idleId}`] });
    expect(Number(wallet.rows[0].balance)).toBe(0);
    expect(await houseBalance()).toBe(house + credit);
    const tx = await t.database.client.execute({
      sql: `SELECT p.account_id, p.amount FROM ledger_transactions x JOIN ledger_postings p ON p.transaction_id = x.id
            WHERE x.kind = 'demo_expired' AND x.reference = ? ORDER BY p.amount`,
      args: [idleId],
    });
    expect(tx.rows.map((r) => [r.account_id, Number(r.amount)])).toEqual([[`wallet:${idleId}`, -credit], ["house", credit]]);
    // Never deleted: the user row and the grant are still there.
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'demo_grant' AND reference IS NOT NULL AND id IN (SELECT transaction_id FROM ledger_postings WHERE account_id = ?)", [`wallet:${idleId}`])).toBe(1);
    // The one seen 23 h in is still open (idle for only 1 h).
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users WHERE id = ? AND is_active = 1", [recentId])).toBe(1);
    expect((await recent.get("/api/demo/user")).status).toBe(200);
    // Running again finds nothing more to do; the ledger still balances.
    await t.jobs!.demoExpiry();
    expect(await houseBalance()).toBe(house + credit);
    expect(await ledgerInvariants(t.database)).toEqual({ totalSum: 0, unbalancedTransactions: 0, cachedBalanceMismatches: 0, negativeWallets: 0 });
  });
});

describe("demo accounts never count", () => {
  it("keeps demo users out of the assignee list, real staff's user figures and the dashboard's active customers", async () => {
    // Real staff: demo staff see their sandbox's users, demo ones included (tests/api/demo-sandbox.test.ts).
    const admin = await staffLogin(t, "admin");
    const stats = async () => (await (await admin.get("/api/admin/user-stats")).json()) as { total: number; active: number };
    const dashboard = async () => ((await (await admin.get("/api/dashboard/stats")).json()) as { activeCustomers: number }).activeCustomers;
    const beforeStats = await stats();
    const beforeActive = await dashboard();
    const demoIds = [await currentUserId(await demoLogin(t, "admin"))];
    for (let i = 0; i < 3; i++) demoIds.push(await currentUserId(await demoLogin(t, i === 0 ? "customer" : "admin")));
    expect(await stats()).toEqual(beforeStats);
    expect(await dashboard()).toBe(beforeActive);
    const staff = (await (await admin.get("/api/admin/staff")).json()) as { id: string }[];
    expect(staff.length).toBeGreaterThan(0); // the real staff are listed
    expect(staff.map((s) => s.id).filter((id) => demoIds.includes(id))).toEqual([]);
    const real = await countRows(t.database, "SELECT COUNT(*) AS n FROM users WHERE is_demo = 0 AND role IN ('admin','trader') AND is_active = 1");
    expect(staff).toHaveLength(real);
  });
});
