/**
 * The trading desk: GET /api/trading/overview, /odds-control, /alerts, /sharp-bettors,
 * POST /api/trading/adjust-odds, /alerts/{id}/acknowledge, PUT /customers/{userId}/stake-factor.
 * Figures from real bets and prices; every change audited; admin and trader only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, realCustomerLogin, Session, type TestApp } from "../fixtures/test-app.ts";
import {
  balanceOf, countRows, currentUserId, expectError, expectInvalidFields, expectLedgerBalanced, listEvents, placeOk, selectionOf, upcomingPool,
  type ApiEvent,
} from "../fixtures/builders.ts";
import { auditRows, createMarketOk, expectRefusedFor, put, rolesOf, twoWayMarket, type Roles } from "../fixtures/trading-desk.ts";
import { EARLY } from "../fixtures/settle.ts";
import { formatMoney } from "../../domain/shared/money.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
let finished: ApiEvent;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
  finished = (await listEvents(new Session(t), "status=finished&limit=5"))[0];
});
afterAll(() => t.close());

type Overview = {
  totalExposure: number; totalLiability: number; dailyPnl: number; holdPercent: number; activeAlerts: number; bankroll: number;
  markets: { eventId: string; marketId: string | null; totalLiability: number; tightestMarket: unknown; homeExposure: number; drawExposure: number | null; awayExposure: number;
    volume: number; publicPercentage: { home: number; draw: number | null; away: number }; riskLevel: string; sharpMoney: boolean; steamMove: boolean }[];
};
type Alert = {
  id: string; type: string; severity: string; message: string; eventId: string | null; eventName: string | null; marketId: string | null; acknowledged: boolean;
  resolvedAt: string | null; resolvedBy: string | null;
};
const overview = async (s = r.trader) => {
  const res = await s.get("/api/trading/overview");
  expect(res.status).toBe(200);
  return (await res.json()) as Overview;
};
const alerts = async (q = "") => {
  const res = await r.trader.get(`/api/trading/alerts${q}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Alert[];
};
const adjust = (body: unknown, s = r.trader) => s.post("/api/trading/adjust-odds", body);

describe("GET /api/trading/overview", () => {
  it("per event: exposure per match-winner outcome, public percentage of stakes, liability, volume", async () => {
    const withBets = new Set((await t.database.client.execute("SELECT DISTINCT event_id FROM bet_legs")).rows.map((x) => String(x.event_id)));
    const e = pool.forMutation((x) => x.markets[0].outcomes.length === 3 && !withBets.has(x.id));
    const m = e.markets[0];
    expect((await overview()).markets.some((x) => x.eventId === e.id)).toBe(false);
    const c = await realCustomerLogin(t);
    const home = await placeOk(c, [selectionOf(e, 0, 0)], 3000);
    const away = await placeOk(c, [selectionOf(e, 0, 2)], 1000);
    const row = (await overview()).markets.find((x) => x.eventId === e.id)!;
    expect(row.marketId).toBe(m.id);
    expect(row.homeExposure).toBe(home.bet.potentialReturn);
    expect(row.awayExposure).toBe(away.bet.potentialReturn);
    expect(row.drawExposure).toBe(0);
    expect(row.volume).toBe(4000);
    expect(row.publicPercentage).toEqual({ home: 75, draw: 0, away: 25 });
    // Liability as placement holds it: each outcome's own bets (potential return - stake), the market at its worst.
    const liability = Math.max(home.bet.potentialReturn - 3000, away.bet.potentialReturn - 1000);
    expect(row.totalLiability).toBe(liability);
    expect(row.tightestMarket).toEqual({
      marketId: m.id, marketName: m.name, liability, limit: 200_000_000, limitUsage: Math.round((liability / 200_000_000) * 10000) / 100,
    });
    expect(row.sharpMoney).toBe(false);
  });

  it("header cards: exposure as in the risk metrics, daily P&L moves with stakes and payouts, hold % from settled bets", async () => {
    const before = await overview(r.admin);
    const metrics = (await (await r.admin.get("/api/admin/risk-metrics")).json()) as { totalExposure: number; totalLiability: number };
    expect(before.totalExposure).toBe(metrics.totalExposure);
    expect(before.totalLiability).toBe(metrics.totalLiability);
    // One formula (domain/risk/pnl.ts): P&L and hold over the bets settled today; an open bet moves neither.
    const c = await realCustomerLogin(t);
    const b = await placeOk(c, [selectionOf(pool.next())], 2500);
    expect((await overview()).dailyPnl).toBe(before.dailyPnl);
    await r.admin.post(`/api/admin/settle-bet/${b.bet.id}`, { override: EARLY, status: "won", actualReturn: b.bet.potentialReturn });
    const after = await overview();
    expect(after.dailyPnl).toBe(before.dailyPnl + 2500 - b.bet.potentialReturn);
    const now = t.clock.now();
    const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const rs = await t.database.client.execute({
      sql: "SELECT SUM(stake) AS s, SUM(actual_return) AS r FROM bets WHERE status <> 'pending' AND settled_at >= ?",
      args: [day],
    });
    const stakes = Number(rs.rows[0].s);
    expect(after.dailyPnl).toBe(stakes - Number(rs.rows[0].r));
    expect(after.holdPercent).toBe(Math.round((after.dailyPnl / stakes) * 10000) / 100);
    expect(Math.sign(after.holdPercent)).toBe(Math.sign(after.dailyPnl));
    const house = await t.database.client.execute("SELECT balance FROM ledger_accounts WHERE id = 'house'");
    expect(after.bankroll).toBe(Number(house.rows[0].balance) + 2_000_000);
    expect(after.activeAlerts).toBe(await countRows(t.database, "SELECT COUNT(*) AS n FROM trading_alerts WHERE acknowledged_at IS NULL AND resolved_at IS NULL"));
  });

  it("admin and trader only", async () => {
    await expectRefusedFor(t, r, ["customer"], (s) => s.get("/api/trading/overview"));
    expect((await r.admin.get("/api/trading/overview")).status).toBe(200);
  });
});

describe("GET /api/trading/odds-control", () => {
  it("the first 6 live events with their match-winner outcomes", async () => {
    const res = await r.trader.get("/api/trading/odds-control");
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { id: string; status: string; sport: string; startTime: string; outcomes: { id: string; name: string; odds: string }[] }[];
    expect(rows).toHaveLength(6);
    const live = (await listEvents(new Session(t), "status=live&limit=50")).map((e) => e.id);
    expect(rows.map((x) => x.id)).toEqual(live.slice(0, 6));
    for (const row of rows) {
      expect(row.status).toBe("live");
      expect(row.outcomes.length).toBeGreaterThanOrEqual(2);
    }
    await expectRefusedFor(t, r, ["customer"], (s) => s.get("/api/trading/odds-control"));
    expect((await r.admin.get("/api/trading/odds-control")).status).toBe(200);
  });
});

describe("POST /api/trading/adjust-odds", () => {
  it("sets a price, or moves it one tick; audited; the price history keeps every change", async () => {
    // A home price near 2.15, so the set price keeps the book within the price-sanity range.
    const e = pool.forMutation((x) => Math.abs(Number(x.markets[0].outcomes[0].odds) - 2.15) <= 0.25);
    const o = e.markets[0].outcomes[0];
    const set = await adjust({ outcomeId: o.id, odds: "2.15" });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ outcome: { id: o.id, name: o.name, odds: "2.15", previousOdds: o.odds, marketId: e.markets[0].id, eventId: e.id } });
    expect(((await (await adjust({ outcomeId: o.id, direction: "up" }, r.admin)).json()) as { outcome: { odds: string } }).outcome.odds).toBe("2.16");
    expect(((await (await adjust({ outcomeId: o.id, direction: "down" })).json()) as { outcome: { odds: string } }).outcome.odds).toBe("2.15");
    const listed = (await listEvents(new Session(t))).find((x) => x.id === e.id)!;
    expect(listed.markets[0].outcomes[0].odds).toBe("2.15");
    const history = await t.database.client.execute({ sql: "SELECT old_price_milli, new_price_milli FROM price_changes WHERE outcome_id = ? ORDER BY id", args: [o.id] });
    expect(history.rows.map((x) => [x.old_price_milli, x.new_price_milli])).toEqual([
      [Math.round(Number(o.odds) * 1000), 2150], [2150, 2160], [2160, 2150],
    ]);
    const audit = await auditRows(t, o.id, "odds.adjust");
    expect(audit.map((a) => [a.actorRole, a.before, (a.after as { odds: string }).odds])).toEqual([
      ["trader", { odds: o.odds }, "2.15"], ["admin", { odds: "2.15" }, "2.16"], ["trader", { odds: "2.16" }, "2.15"],
    ]);
    // The old price no longer takes bets; the new one does.
    const c = await realCustomerLogin(t);
    await expectError(await c.post("/api/bets", { selections: [{ eventId: e.id, marketId: e.markets[0].id, outcomeId: o.id, odds: o.odds }], stake: 100, betType: "single" }), 409, "BET.ODDS_CHANGED");
    await placeOk(c, [{ eventId: e.id, marketId: e.markets[0].id, outcomeId: o.id, odds: "2.15" }], 100);
  });

  it("refusals: below 1.01 (422), unchanged (409), closed market (409), unknown outcome (404), bad bodies (400), roles", async () => {
    const e = pool.forMutation();
    const o = e.markets[0].outcomes[1];
    expect((await adjust({ outcomeId: o.id, odds: "1.01", confirm: { reason: "Testing the lowest price" } })).status).toBe(200);
    await expectError(await adjust({ outcomeId: o.id, direction: "down" }), 422, "ODDS.OUT_OF_RANGE");
    await expectError(await adjust({ outcomeId: o.id, odds: "1.010" }), 409, "ODDS.UNCHANGED");
    await expectError(await adjust({ outcomeId: finished.markets[0].outcomes[0].id, direction: "up" }), 409, "MARKET.CLOSED");
    await expectError(await adjust({ outcomeId: "nope", direction: "up" }), 404, "MARKET.OUTCOME_NOT_FOUND");
    await expectInvalidFields(await adjust({ outcomeId: o.id }), "odds");
    await expectInvalidFields(await adjust({ outcomeId: o.id, odds: "2.00", direction: "up" }), "odds");
    await expectInvalidFields(await adjust({ outcomeId: o.id, odds: "0.99" }), "odds");
    await expectInvalidFields(await adjust({ outcomeId: o.id, direction: "sideways" }), "direction");
    await expectRefusedFor(t, r, ["customer"], (s) => adjust({ outcomeId: o.id, direction: "up" }, s));
    const rs = await t.database.client.execute({ sql: "SELECT price_milli FROM outcomes WHERE id = ?", args: [o.id] });
    expect(rs.rows[0].price_milli).toBe(1010);
  });

  it("a suspended market can be re-priced", async () => {
    const e = pool.forMutation();
    await r.trader.post(`/api/admin/markets/${e.markets[0].id}/suspend`);
    expect((await adjust({ outcomeId: e.markets[0].outcomes[0].id, direction: "up" })).status).toBe(200);
  });
});

describe("alerts", () => {
  it("a market over its liability limit raises one critical alert", async () => {
    const e = pool.forMutation();
    const m = await createMarketOk(r.admin, twoWayMarket(e.id, "Limit Alert Market", "3.00", "1.40"));
    const c = await realCustomerLogin(t);
    await placeOk(c, [{ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: "3.00" }], 5000); // liability 10,000
    expect((await alerts()).some((a) => a.marketId === m.id)).toBe(false);
    await put(r.trader, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 8000 });
    const mine = (await alerts()).filter((a) => a.marketId === m.id && a.type === "liability_limit");
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ severity: "critical", eventId: e.id, eventName: e.name, acknowledged: false });
    expect(mine[0].message).toBe(`Liability on Limit Alert Market (${e.name}) is $100.00, over its limit of $80.00`);
    // Running the engine again raises nothing new.
    expect((await alerts()).filter((a) => a.marketId === m.id)).toHaveLength(1);
  });

  it("one open alert per market and level: growth within a level raises nothing, a higher level one more; it clears by system when the market settles", async () => {
    const e = pool.forMutation();
    const m = await createMarketOk(r.admin, twoWayMarket(e.id, "Dedupe Alert Market", "3.00", "1.40"));
    const c = await realCustomerLogin(t);
    // Placement keeps liability within the limit (BET.LIABILITY_LIMIT), so a market goes over its
    // limit when a trader lowers the limit below what it already holds: the levels move that way.
    await placeOk(c, [{ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: "3.00" }], 5000); // liability 10,000
    const mine = async () => (await alerts("?status=all")).filter((a) => a.marketId === m.id && a.type === "liability_limit");
    await put(r.trader, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 8000 }); // 1.25 x the limit: level 1
    expect(await mine()).toHaveLength(1);
    await put(r.trader, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 7000 }); // 1.43 x: still level 1
    expect(await mine()).toHaveLength(1);
    await put(r.trader, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 5000 }); // 2 x: level 2
    expect(await mine()).toHaveLength(2);
    const activeBefore = (await overview()).activeAlerts;
    expect((await r.admin.post(`/api/admin/markets/${m.id}/settle`, { override: EARLY, winningOutcomeId: m.outcomes[1].id })).status).toBe(200);
    const cleared = await mine();
    expect(cleared).toHaveLength(2);
    for (const a of cleared) expect(a).toMatchObject({ resolvedBy: "system", resolvedAt: expect.any(String) });
    expect((await alerts("?status=active")).some((a) => a.marketId === m.id)).toBe(false);
    expect((await overview()).activeAlerts).toBe(activeBefore - 2);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM trading_alerts WHERE market_id = ? AND resolved_by = 'system'", [m.id])).toBe(2);
  });

  it("an alert clears when the exposure falls below its level (a higher limit), and is raised again if it comes back", async () => {
    const e = pool.forMutation();
    const m = await createMarketOk(r.admin, twoWayMarket(e.id, "Clearing Alert Market", "3.00", "1.40"));
    const c = await realCustomerLogin(t);
    await placeOk(c, [{ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: "3.00" }], 5000); // liability 10,000
    await put(r.trader, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 8000 });
    const open = async () => (await alerts("?status=active")).filter((a) => a.marketId === m.id);
    expect(await open()).toHaveLength(1);
    await put(r.trader, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 20_000 });
    expect(await open()).toHaveLength(0);
    await put(r.trader, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 8000 });
    expect(await open()).toHaveLength(1);
    expect((await alerts("?status=all")).filter((a) => a.marketId === m.id)).toHaveLength(2);
  });

  it("an event's exposure over 3 % of the bankroll raises an exposure alert", async () => {
    const e = pool.forMutation();
    const c = await realCustomerLogin(t);
    const sel = selectionOf(e, 0, e.markets[0].outcomes.length - 1);
    await placeOk(c, [sel], 60_000);
    const found = (await alerts()).find((a) => a.type === "exposure" && a.eventId === e.id);
    expect(found).toBeDefined();
    expect(found!.message).toMatch(/over 3% of the bankroll/);
  });

  it("three same-direction moves totalling 5 % within 10 minutes raise a steam-move alert and flag the event", async () => {
    const e = pool.forMutation();
    const m = await createMarketOk(r.admin, twoWayMarket(e.id, "Steam Market", "2.10", "1.75"));
    const c = await realCustomerLogin(t);
    await placeOk(c, [{ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[1].id, odds: "1.75" }], 500);
    for (const odds of ["2.05", "2.00"]) expect((await adjust({ outcomeId: m.outcomes[0].id, odds })).status).toBe(200);
    expect((await alerts()).some((a) => a.type === "steam_move" && a.marketId === m.id)).toBe(false);
    expect((await adjust({ outcomeId: m.outcomes[0].id, odds: "1.95" })).status).toBe(200);
    const steam = (await alerts()).filter((a) => a.type === "steam_move" && a.marketId === m.id);
    expect(steam).toHaveLength(1);
    expect(steam[0].message).toBe("Steam move: Home (Steam Market) shortening from 2.10 to 1.95 in 3 moves (7.14%)");
    expect((await overview()).markets.find((x) => x.eventId === e.id)!.steamMove).toBe(true);
    // The run continuing is the same steam move.
    await adjust({ outcomeId: m.outcomes[0].id, odds: "1.90" });
    expect((await alerts()).filter((a) => a.type === "steam_move" && a.marketId === m.id)).toHaveLength(1);
  });

  it("acknowledge: audited, once; filters; 404 for an unknown alert; roles", async () => {
    const list = await alerts("?status=active");
    expect(list.length).toBeGreaterThan(0);
    const a = list[0];
    const res = await r.trader.post(`/api/trading/alerts/${a.id}/acknowledge`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ alert: { id: a.id, acknowledged: true, acknowledgedBy: await currentUserId(r.trader) } });
    await expectError(await r.admin.post(`/api/trading/alerts/${a.id}/acknowledge`), 409, "ALERT.ALREADY_ACKNOWLEDGED");
    await expectError(await r.admin.post("/api/trading/alerts/alr_nope/acknowledge"), 404, "ALERT.NOT_FOUND");
    expect((await alerts("?status=active")).some((x) => x.id === a.id)).toBe(false);
    expect((await alerts("?status=acknowledged")).some((x) => x.id === a.id)).toBe(true);
    const [audit] = await auditRows(t, a.id, "alert.acknowledge");
    expect(audit).toMatchObject({ actorRole: "trader", entityType: "trading_alert", before: { acknowledged: false } });
    await expectInvalidFields(await r.trader.get("/api/trading/alerts?status=open"), "status");
    const other = (await alerts("?status=active"))[0];
    await expectRefusedFor(t, r, ["customer"], (s) => s.get("/api/trading/alerts"));
    await expectRefusedFor(t, r, ["customer"], (s) => s.post(`/api/trading/alerts/${other.id}/acknowledge`));
    await expect(t.database.client.execute({ sql: "DELETE FROM trading_alerts WHERE id = ?", args: [a.id] })).rejects.toThrow(/ALERT.IMMUTABLE/);
    await expect(t.database.client.execute({ sql: "UPDATE trading_alerts SET acknowledged_at = NULL WHERE id = ?", args: [a.id] })).rejects.toThrow(/ALERT.IMMUTABLE/);
  });
});

describe("sharp tracking", () => {
  it("a customer who beats the closing line, wins and profits scores high; their open bets flag sharp money", async () => {
    const c = await realCustomerLogin(t);
    const id = await currentUserId(c);
    for (let i = 0; i < 10; i++) {
      const e = pool.forMutation();
      const m = await createMarketOk(r.admin, twoWayMarket(e.id, `Sharp Market ${i}`, "2.50", "1.55"));
      await placeOk(c, [{ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: "2.50" }], 1000);
      await adjust({ outcomeId: m.outcomes[0].id, odds: "2.00" });
      const win = i < 8;
      await r.admin.post(`/api/admin/markets/${m.id}/settle`, { override: EARLY, winningOutcomeId: m.outcomes[win ? 0 : 1].id });
    }
    const res = await r.trader.get("/api/trading/sharp-bettors");
    expect(res.status).toBe(200);
    const row = ((await res.json()) as { userId: string }[]).find((x) => x.userId === id);
    expect(row).toEqual({
      userId: id, username: expect.any(String), email: expect.any(String),
      clv: 25, winRate: 80, avgStake: 1000, profit: 8 * 2500 - 10_000, sharpScore: 100, totalBets: 10, settledBets: 10,
      lastBet: expect.any(String), riskLevel: "critical", stakeFactor: 1,
    });
    // An event nobody else has bet on, so its risk level is the sharp money's alone.
    const backed = new Set((await t.database.client.execute("SELECT DISTINCT event_id FROM bet_legs")).rows.map((r) => String(r.event_id)));
    const open = pool.forMutation((e) => !backed.has(e.id));
    await placeOk(c, [selectionOf(open)], 500);
    const ev = (await overview()).markets.find((x) => x.eventId === open.id)!;
    expect(ev.sharpMoney).toBe(true);
    expect(ev.riskLevel).toBe("sharp");
    const metrics = (await (await r.admin.get("/api/admin/risk-metrics")).json()) as { customers: { userId: string; sharpScore: number; riskScore: number; flags: string[] }[] };
    const cr = metrics.customers.find((x) => x.userId === id)!;
    // One name per meaning: the risk tab's sharp score is the desk's sharp score.
    expect(cr.sharpScore).toBe((row as unknown as { sharpScore: number }).sharpScore);
    expect(cr.riskScore).toBe(100);
    expect(cr.flags).toEqual(expect.arrayContaining(["sharp", "high_win_rate", "beats_closing_line"]));
    await expectRefusedFor(t, r, ["customer"], (s) => s.get("/api/trading/sharp-bettors"));
    expect((await r.admin.get("/api/trading/sharp-bettors")).status).toBe(200);
    expect((await r.admin.get("/api/trading/alerts")).status).toBe(200);
  });
});

describe("PUT /api/trading/customers/{userId}/stake-factor", () => {
  it("limits placement to max stake x factor, with a message naming the limit; audited; 1 lifts it", async () => {
    const c = await realCustomerLogin(t);
    const id = await currentUserId(c);
    const res = await put(r.trader, `/api/trading/customers/${id}/stake-factor`, { factor: 0.005 + 0.005 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: id, stakeFactor: 0.01, maxStake: 100_000 });
    const sel = selectionOf(pool.next());
    // Odds-aware: 100,000.00 x 1 % / (price - 1), rounded down to the cent.
    const max = Math.min(10_000_000, Math.floor((100_000 * 1000) / (Number(sel.odds) * 1000 - 1000)));
    const refused = await c.post("/api/bets", { selections: [sel], stake: max + 1, betType: "single" });
    const err = await expectError(refused, 400, "BET.STAKE_TOO_HIGH");
    expect(err.error.message).toBe(`The maximum stake on this account at these odds is ${formatMoney(max)}`);
    expect(err.error.details).toEqual({ maxStake: max });
    expect(await balanceOf(c)).toBe(100_000);
    await placeOk(c, [sel], Math.min(max, 100_000));
    const audit = await auditRows(t, id, "customer.stake_factor");
    expect(audit[0]).toMatchObject({ actorRole: "trader", entityType: "user", before: { stakeFactor: 1, maxStake: 10_000_000 }, after: { stakeFactor: 0.01, maxStake: 100_000 } });
    expect((await put(r.admin, `/api/trading/customers/${id}/stake-factor`, { factor: 1 })).status).toBe(200);
    const sharp = (await (await r.trader.get("/api/trading/sharp-bettors")).json()) as { userId: string; stakeFactor: number }[];
    expect(sharp.find((x) => x.userId === id)!.stakeFactor).toBe(1);
  });

  it("refusals: factor outside 0.0001..1 or finer than 0.0001 (400), not a customer (404), roles", async () => {
    const c = await realCustomerLogin(t);
    const id = await currentUserId(c);
    for (const factor of [0, 1.5, -1, 0.00015, 0.00001, "0.5"]) await expectInvalidFields(await put(r.trader, `/api/trading/customers/${id}/stake-factor`, { factor }), "factor");
    await expectError(await put(r.trader, "/api/trading/customers/usr_nope/stake-factor", { factor: 0.5 }), 404, "TRADING.CUSTOMER_NOT_FOUND");
    await expectError(await put(r.trader, `/api/trading/customers/${await currentUserId(r.admin)}/stake-factor`, { factor: 0.5 }), 404, "TRADING.CUSTOMER_NOT_FOUND");
    await expectRefusedFor(t, r, ["customer"], (s) => put(s, `/api/trading/customers/${id}/stake-factor`, { factor: 0.5 }));
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM customer_stake_factors WHERE user_id = ?", [id])).toBe(0);
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
