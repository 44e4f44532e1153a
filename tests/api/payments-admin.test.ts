/**
 * Payments from the ledger (summary, transaction list, CSV) and live in-play from live events with
 * volume from real stakes, and who may call each route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, realCustomerLogin, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, currentUserId, expectInvalidFields, listEvents, placeOk, selectionOf } from "../fixtures/builders.ts";
import { callers, expectAdminOnly, type Callers } from "../fixtures/roles.ts";
import { centsText } from "../../domain/tasks/csv.ts";

type Payment = { id: string; type: string; amount: number; method: string; status: string; timestamp: string; reference: string | null; user: { id: string; email: string } };
type Live = {
  id: string; homeTeam: string; awayTeam: string; homeScore: number | null; awayScore: number | null; minute: number | null; status: string; isLive: boolean;
  homeOdds: string | null; drawOdds: string | null; awayOdds: string | null; totalVolume: number; betCount: number; highActivity: boolean;
};

let t: TestApp;
let who: Callers;
let admin: Session;
beforeAll(async () => {
  t = await makeTestApp();
  who = await callers(t);
  admin = who.admin;
});
afterAll(() => t.close());

async function walletSums(kind: string, sinceMs: number) {
  const rs = await t.database.client.execute({
    sql: `SELECT COUNT(DISTINCT tx.id) AS n, COALESCE(SUM(ABS(p.amount)), 0) AS s FROM ledger_transactions tx JOIN ledger_postings p ON p.transaction_id = tx.id
          JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'wallet' WHERE tx.kind = ? AND tx.created_at >= ?`,
    args: [kind, sinceMs],
  });
  return { n: Number(rs.rows[0].n), s: Number(rs.rows[0].s) };
}

describe("payments", () => {
  it("summarises deposits, withdrawals and bonuses from the ledger", async () => {
    const res = await admin.get("/api/admin/payments/summary");
    expect(res.status).toBe(200);
    const s = (await res.json()) as Record<string, unknown> & { byMethod: { method: string; deposits: number; withdrawals: number; count: number }[]; totals: Record<string, number> };
    const day = Date.now() - 86_400_000;
    const dep = await walletSums("deposit", day);
    const wd = await walletSums("withdrawal", day);
    expect(s).toMatchObject({
      deposits24h: dep.s, depositCount24h: dep.n, withdrawals24h: wd.s, withdrawalCount24h: wd.n, netFlow: dep.s - wd.s, pending: 0,
    });
    expect(dep.n).toBeGreaterThan(0);
    expect(wd.n).toBe(1);
    expect(s.totals).toMatchObject({ deposits: (await walletSums("deposit", 0)).s, withdrawals: 52_000, bonuses: 5_000 });
    const wallets = await t.database.client.execute("SELECT SUM(a.balance) AS s FROM ledger_accounts a JOIN users u ON u.id = a.user_id WHERE a.kind = 'wallet' AND u.is_demo = 0");
    expect(s.totals.walletBalances).toBe(Number(wallets.rows[0].s));
    expect(s.byMethod).toEqual([
      { method: "bank", deposits: 0, withdrawals: 52_000, count: 1 },
      { method: "card", deposits: (await walletSums("deposit", 0)).s, withdrawals: 0, count: (await walletSums("deposit", 0)).n },
    ]);
  });

  it("lists wallet payments newest first with signed amounts, method and status; filters by type and customer", async () => {
    const res = await admin.get("/api/admin/payments/transactions");
    expect(res.status).toBe(200);
    const all = (await res.json()) as Payment[];
    expect(all.length).toBe(await countRows(t.database,
      // Wallet payments only: a contest's guaranteed prize is an adjustment between house and pool.
      "SELECT COUNT(*) AS n FROM ledger_transactions t WHERE kind IN ('deposit','withdrawal','deposit_bonus','adjustment') AND EXISTS (SELECT 1 FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.transaction_id = t.id AND a.kind = 'wallet')"));
    const times = all.map((p) => Date.parse(p.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const w = all.find((p) => p.type === "withdrawal")!;
    expect(w).toMatchObject({ amount: -52_000, method: "bank", status: "completed", user: { email: "zoe.campbell@example.com" } });
    expect(all.find((p) => p.type === "deposit_bonus")).toMatchObject({ amount: 5_000, method: "bonus" });
    const deposits = (await (await admin.get("/api/admin/payments/transactions?type=deposit")).json()) as Payment[];
    expect(deposits.length).toBeGreaterThan(0);
    expect(deposits.every((p) => p.type === "deposit" && p.amount > 0 && p.method === "card")).toBe(true);
    const zoe = w.user.id;
    const hers = (await (await admin.get(`/api/admin/payments/transactions?userId=${zoe}`)).json()) as Payment[];
    expect(hers.map((p) => p.type).sort()).toEqual(["deposit", "deposit_bonus", "withdrawal"]);
    expect((await (await admin.get("/api/admin/payments/transactions?limit=2")).json()) as Payment[]).toHaveLength(2);
    await expectInvalidFields(await admin.get("/api/admin/payments/transactions?type=bet_stake"), "type");
  });

  it("shows an operator bonus as an adjustment", async () => {
    const customer = await realCustomerLogin(t);
    const id = await currentUserId(customer);
    expect((await admin.post(`/api/admin/crm/customers/${id}/bonus`, { amount: 1_234, reason: "Welcome back" })).status).toBe(200);
    const list = (await (await admin.get(`/api/admin/payments/transactions?type=adjustment&userId=${id}`)).json()) as Payment[];
    expect(list).toEqual([expect.objectContaining({ type: "adjustment", amount: 1_234, method: "bonus", reference: "bonus: Welcome back" })]);
  });

  it("exports the transactions as CSV", async () => {
    const res = await admin.get("/api/admin/payments/transactions.csv?type=withdrawal");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="payments.csv"');
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("id,timestamp,type,amount,method,status,customer_id,email,reference,created_by");
    expect(lines).toHaveLength(2);
    expect(lines[1].split(",").slice(2, 6)).toEqual(["withdrawal", centsText(-52_000), "bank", "completed"]);
  });
});

describe("GET /api/admin/live", () => {
  it("lists every live event with score, minute, match-winner prices and real volume", async () => {
    const res = await admin.get("/api/admin/live");
    expect(res.status).toBe(200);
    const live = (await res.json()) as Live[];
    const events = await listEvents(admin, "status=live&limit=100");
    expect(live.map((l) => l.id).sort()).toEqual(events.map((e) => e.id).sort());
    const odds = (await (await admin.get("/api/live-odds")).json()) as { id: string; odds: { home: string; draw: string | null; away: string }; volume: number }[];
    for (const l of live) {
      const o = odds.find((x) => x.id === l.id)!;
      expect(l, l.id).toMatchObject({ isLive: true, homeOdds: o.odds.home, drawOdds: o.odds.draw, awayOdds: o.odds.away, totalVolume: o.volume });
      expect(l.status).toBe(l.minute === null ? "Live" : `Live ${l.minute}'`);
    }
  });

  it("adds real stakes to the volume and marks 5 bets in 10 minutes as high activity", async () => {
    const events = await listEvents(admin, "status=live&limit=100");
    const target = events.find((e) => e.markets[0].status === "open")!;
    const before = ((await (await admin.get("/api/admin/live")).json()) as Live[]).find((l) => l.id === target.id)!;
    const customer = await realCustomerLogin(t);
    for (let i = 0; i < 5; i++) await placeOk(customer, [selectionOf(target, 0, i % target.markets[0].outcomes.length)], 1_000);
    const after = ((await (await admin.get("/api/admin/live")).json()) as Live[]).find((l) => l.id === target.id)!;
    expect(after.totalVolume).toBe(before.totalVolume + 5_000);
    expect(after.betCount).toBe(before.betCount + 5);
    expect(after.highActivity).toBe(true);
  });
});

describe("authorization", () => {
  it.each([
    { method: "GET", path: "/api/admin/payments/summary" },
    { method: "GET", path: "/api/admin/payments/transactions" },
    { method: "GET", path: "/api/admin/payments/transactions.csv" },
    { method: "GET", path: "/api/admin/live" },
  ] as const)("$method $path is for admins only", async (route) => {
    await expectAdminOnly(who, route);
  });
});
