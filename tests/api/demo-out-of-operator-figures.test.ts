/**
 * Demo activity never counts in operator figures: a demo customer and a real customer each deposit
 * and bet on the same market; the dashboard, the trading desk, the risk tab and heatmap, the
 * payments summary, CRM, the operator's bet lists and the system bankroll move by the real
 * customer's figures only (exact deltas), while the demo customer's own bet list still shows
 * theirs. The placement write keeps demo bets in a book of their own: they neither use up nor show
 * in the real book's liability, and the market's limit still holds for them in theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, staffLogin, type Session, type TestApp } from "../fixtures/test-app.ts";
import { currentUserId, expectError, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { put, verifiedCustomer } from "../fixtures/accounts.ts";
import { ROW_OF_SPORT } from "../../domain/risk/heatmap.ts";
import type { SportCode } from "../../domain/shared/types.ts";

let t: TestApp;
let admin: Session;
let trader: Session;
beforeAll(async () => {
  t = await makeTestApp();
  // Real staff: they see the real book (demo staff see the demo sandbox's people: demo-sandbox.test.ts).
  admin = await staffLogin(t, "admin");
  trader = await staffLogin(t, "trader");
});
afterAll(() => t.close());

const get = async <T>(s: Session, path: string): Promise<T> => {
  const res = await s.get(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

type Dash = { totalBets: number; pendingBets: number; lostBets: number; totalStaked: number; grossRevenue: number; openLiability: number; totalExposure: number };
type Desk = { totalPayout: number; dailyPnl: number; bankroll: number; markets: { eventId: string; payout: number }[] };
type Risk = {
  totalPayout: number;
  markets: { marketId: string; payout: number; volume: number; activeBets: number }[];
  customers: { userId: string }[];
};
type Heatmap = { cells: { activeBets: number; marketIds: string[] }[] };
type Payments = { deposits24h: number; depositCount24h: number; totals: { deposits: number; walletBalances: number } };
type AdminBet = { id: string };

async function figures(marketId: string, eventId: string) {
  const [dash, desk, risk, heat, pay, system, list, legacy, crm] = await Promise.all([
    get<Dash>(admin, "/api/dashboard/stats"),
    get<Desk>(trader, "/api/trading/overview"),
    get<Risk>(trader, "/api/admin/risk-metrics"),
    get<Heatmap>(trader, "/api/admin/risk-heatmap"),
    get<Payments>(admin, "/api/admin/payments/summary"),
    get<{ risk: { houseBalance: number } }>(admin, "/api/admin/system"),
    get<{ items: AdminBet[]; total: number }>(admin, "/api/admin/bets?limit=100"),
    get<AdminBet[]>(admin, "/api/admin/all-bets?limit=500"),
    get<{ id: string }[]>(admin, "/api/admin/crm/customers"),
  ]);
  const market = risk.markets.find((m) => m.marketId === marketId);
  const crmIds = crm.map((c) => c.id);
  return {
    dash,
    deskTotal: desk.totalPayout,
    deskEvent: desk.markets.find((m) => m.eventId === eventId)?.payout ?? 0,
    deskDailyPnl: desk.dailyPnl,
    bankroll: desk.bankroll,
    riskTotal: risk.totalPayout,
    market: { payout: market?.payout ?? 0, volume: market?.volume ?? 0, activeBets: market?.activeBets ?? 0 },
    riskCustomers: risk.customers.map((c) => c.userId),
    heatBets: heat.cells.reduce((s, c) => s + c.activeBets, 0),
    pay,
    houseBalance: system.risk.houseBalance,
    listIds: list.items.map((b) => b.id),
    listTotal: list.total,
    legacyIds: legacy.map((b) => b.id),
    crmIds,
  };
}

describe("demo activity never counts in operator figures", () => {
  it("every operator total moves by the real customer's bet and deposit only; the demo customer still sees their own bet", async () => {
    const pool = await upcomingPool(admin);
    const withBets = new Set((await t.database.client.execute("SELECT DISTINCT event_id FROM bet_legs")).rows.map((x) => String(x.event_id)));
    // A match of a heatmap row's sport, on its match-result market, with no bets yet.
    const event = pool.forMutation((e) => ROW_OF_SPORT[e.sport as SportCode] !== undefined && e.markets[0].type === "full_time_result" && !withBets.has(e.id));
    const sel = selectionOf(event, 0, 0);

    const real = await verifiedCustomer(t);
    await put(real.session, "/api/responsible/limit-prompt", { declined: true });
    const demo = await demoLogin(t, "customer");
    const demoId = await currentUserId(demo);
    await put(demo, "/api/responsible/limit-prompt", { declined: true });

    const before = await figures(sel.marketId, event.id);

    expect((await real.session.post("/api/wallet/deposits", { method: "bank", amount: 20_000 })).status).toBe(201);
    expect((await demo.post("/api/wallet/deposits", { method: "bank", amount: 70_000 })).status).toBe(201);
    const realBet = await placeOk(real.session, [sel], 1_000);
    const demoBet = await placeOk(demo, [sel], 3_000);

    const mid = await figures(sel.marketId, event.id);
    const realReturn = realBet.bet.potentialReturn;
    // Dashboard: one bet, its stake and its potential return.
    expect(mid.dash.totalBets - before.dash.totalBets).toBe(1);
    expect(mid.dash.pendingBets - before.dash.pendingBets).toBe(1);
    expect(mid.dash.totalStaked - before.dash.totalStaked).toBe(1_000);
    expect(mid.dash.openLiability - before.dash.openLiability).toBe(realReturn);
    // Trading desk and risk tab: the market holds the real bet only.
    expect(mid.deskTotal - before.deskTotal).toBe(realReturn);
    expect(mid.deskEvent).toBe(realReturn);
    expect(mid.riskTotal - before.riskTotal).toBe(realReturn);
    expect(mid.market).toEqual({ payout: realReturn, volume: 1_000, activeBets: 1 });
    expect(mid.heatBets - before.heatBets).toBe(1);
    expect(mid.riskCustomers).not.toContain(demoId);
    // Payments: the real deposit only (bank deposits carry no fee), and only real wallets.
    expect(mid.pay.deposits24h - before.pay.deposits24h).toBe(20_000);
    expect(mid.pay.depositCount24h - before.pay.depositCount24h).toBe(1);
    expect(mid.pay.totals.deposits - before.pay.totals.deposits).toBe(20_000);
    expect(mid.pay.totals.walletBalances - before.pay.totals.walletBalances).toBe(20_000 - 1_000);
    // The house's bankroll moves by the real stake (a stake is held by the house until settled).
    expect(mid.houseBalance - before.houseBalance).toBe(1_000);
    expect(mid.bankroll - before.bankroll).toBe(1_000);
    // Operators' bet lists and CRM: the real bet and customer, never the demo's.
    expect(mid.listTotal - before.listTotal).toBe(1);
    expect(mid.listIds).toContain(realBet.bet.id);
    expect(mid.listIds).not.toContain(demoBet.bet.id);
    expect(mid.legacyIds).not.toContain(demoBet.bet.id);
    expect(mid.crmIds).not.toContain(demoId);

    // The demo customer's own pages still show their bet.
    const own = await get<{ id: string }[] | { bets: { id: string }[] }>(demo, "/api/bets");
    const ownIds = (Array.isArray(own) ? own : own.bets).map((b) => b.id);
    expect(ownIds).toContain(demoBet.bet.id);

    // Both lose: gross revenue and the desk's daily P&L grow by the real stake only.
    // Each by staff of its reach: real staff settle the real bet, a demo admin the demo one.
    const demoAdmin = await demoLogin(t, "admin");
    for (const [b, by] of [[realBet, admin], [demoBet, demoAdmin]] as const) {
      const res = await by.post(`/api/admin/settle-bet/${b.bet.id}`, { status: "lost", actualReturn: 0, override: { reason: "Result confirmed by the league before full time" } });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const after = await figures(sel.marketId, event.id);
    expect(after.dash.lostBets - before.dash.lostBets).toBe(1);
    expect(after.dash.grossRevenue - before.dash.grossRevenue).toBe(1_000);
    expect(after.deskDailyPnl - before.deskDailyPnl).toBe(1_000);
    expect(after.dash.openLiability).toBe(before.dash.openLiability);
    expect(after.market).toEqual({ payout: 0, volume: 0, activeBets: 0 });
  });

  it("a demo bet is held in the demo book: the real book's room is untouched, and the limit still binds demo bets in theirs", async () => {
    const pool = await upcomingPool(admin);
    const withBets = new Set((await t.database.client.execute("SELECT DISTINCT event_id FROM bet_legs")).rows.map((x) => String(x.event_id)));
    const event = pool.forMutation((e) => e.markets[0].outcomes.length === 3 && !withBets.has(e.id));
    const sel = selectionOf(event, 0, 0);
    const demo = await demoLogin(t, "customer");
    const first = await placeOk(demo, [sel], 1_000);
    const held = first.bet.potentialReturn - 1_000;
    const book = async (demoBook: 0 | 1) =>
      Number((await t.database.client.execute({ sql: "SELECT liability FROM outcome_liability WHERE outcome_id = ? AND demo = ?", args: [sel.outcomeId, demoBook] })).rows[0]?.liability ?? 0);
    expect([await book(1), await book(0)]).toEqual([held, 0]);
    // A limit just above what the demo bet holds: another demo bet the same size no longer fits ...
    await t.database.client.execute({ sql: "UPDATE markets SET liability_limit = ? WHERE id = ?", args: [held + 1, sel.marketId] });
    await expectError(await demo.post("/api/bets", { selections: [sel], stake: 1_000, betType: "single" }), 409, "BET.LIABILITY_LIMIT");
    // ... while a real customer's bet of that size does: the demo bet took none of the real book's room.
    const real = await verifiedCustomer(t);
    await put(real.session, "/api/responsible/limit-prompt", { declined: true });
    expect((await real.session.post("/api/wallet/deposits", { method: "bank", amount: 20_000 })).status).toBe(201);
    const realBet = await placeOk(real.session, [sel], 1_000);
    expect([await book(1), await book(0)]).toEqual([held, realBet.bet.potentialReturn - 1_000]);
    // The risk tab shows the real book's figure for the market: the real bet's, not the demo one's.
    const risk = await get<{ markets: { marketId: string; liability: number }[] }>(trader, "/api/admin/risk-metrics");
    expect(risk.markets.find((m) => m.marketId === sel.marketId)?.liability).toBe(realBet.bet.potentialReturn - 1_000);
  });
});
