/**
 * GET /api/admin/risk-heatmap and GET /api/admin/risk-metrics: figures from the liability engine
 * over real open bets and current prices. Admin and trader may read; anonymous 401, customer 403.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, realCustomerLogin, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, expectError, expectInvalidFields, placeOk, selectionOf, upcomingPool, type ApiEvent } from "../fixtures/builders.ts";
import { expectRefusedFor, put, rolesOf, type Roles } from "../fixtures/trading-desk.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

type Cell = { sport: string; market: string; riskValue: number; band: string; exposure: number; liability: number; activeBets: number;
  averageStake: number; maxPayout: number; margin: number; marketIds: string[] };
type Heatmap = { range: string; rows: string[]; columns: string[]; cells: Cell[] };
const heatmap = async (q = "", s = r.admin) => {
  const res = await s.get(`/api/admin/risk-heatmap${q}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Heatmap;
};
const cell = (h: Heatmap, sport: string, market: string) => h.cells.find((c) => c.sport === sport && c.market === market)!;

type Metrics = {
  totalExposure: number; totalLiability: number; profitMargin: number; activeAlerts: number; dailyExposureLimit: number;
  markets: { marketId: string; eventId: string; marketName: string; exposure: number; liability: number; limit: number; limitUsage: number;
    volume: number; activeBets: number; riskLevel: string; margin: number; status: string }[];
  customers: { userId: string; totalStaked: number; winRate: number; riskScore: number; flags: string[]; stakeFactor: number }[];
  series: { at: string; exposure: number; liability: number }[];
  bySport: { key: string; exposure: number; liability: number; volume: number; activeBets: number }[];
  byMarketType: { key: string; exposure: number; liability: number }[];
};
const metrics = async (s = r.admin) => {
  const res = await s.get("/api/admin/risk-metrics");
  expect(res.status).toBe(200);
  return (await res.json()) as Metrics;
};

describe("GET /api/admin/risk-heatmap", () => {
  it("has the spec's rows and columns, every cell, the default range 24h", async () => {
    const h = await heatmap();
    expect(h.range).toBe("24h");
    expect(h.rows).toEqual(["Soccer", "Tennis", "Basketball", "Racing", "Rugby", "Cricket"]);
    expect(h.columns).toEqual(["FT Win", "O/U", "Handicap", "Player", "Parlay"]);
    expect(h.cells).toHaveLength(30);
    for (const c of h.cells) {
      expect(c.riskValue).toBeGreaterThanOrEqual(0);
      expect(c.riskValue).toBeLessThanOrEqual(100);
      expect(c.band).toBe(c.riskValue > 80 ? "critical" : c.riskValue > 60 ? "high" : c.riskValue > 40 ? "medium" : c.riskValue > 20 ? "low" : "minimal");
    }
    expect(h.cells.filter((c) => c.market === "Player").every((c) => c.activeBets === 0 && c.exposure === 0)).toBe(true);
    expect(cell(h, "Soccer", "FT Win").margin).toBeGreaterThan(0);
  });

  it("a new single shows in its sport and market-type cell; a multiple once, in its first leg's sport's Parlay cell", async () => {
    const soccer = pool.next((e) => e.sport === "soccer");
    const tennis = pool.next((e) => e.sport === "tennis");
    const before = await heatmap("?range=1h");
    const c = await realCustomerLogin(t);
    const single = await placeOk(c, [selectionOf(soccer, 0, 0)], 4000);
    const multi = await placeOk(c, [selectionOf(soccer, 1, 0), selectionOf(tennis, 0, 0)], 1000);
    const after = await heatmap("?range=1h");
    const ft = cell(after, "Soccer", "FT Win");
    expect(ft.activeBets).toBe(cell(before, "Soccer", "FT Win").activeBets + 1);
    expect(ft.exposure).toBeGreaterThanOrEqual(single.bet.potentialReturn);
    expect(ft.marketIds).toContain(soccer.markets[0].id);
    expect(ft.maxPayout).toBeGreaterThanOrEqual(single.bet.potentialReturn);
    // The multiple is not in the O/U column (singles only); it is counted once, in the Parlay cell
    // of its first pending leg (soccer), not again under tennis (docs/money.md "Liability").
    expect(cell(after, "Soccer", "O/U").activeBets).toBe(cell(before, "Soccer", "O/U").activeBets);
    const p = cell(after, "Soccer", "Parlay");
    expect(p.activeBets).toBe(cell(before, "Soccer", "Parlay").activeBets + 1);
    expect(p.exposure - cell(before, "Soccer", "Parlay").exposure).toBe(multi.bet.potentialReturn);
    expect(p.liability - cell(before, "Soccer", "Parlay").liability).toBe(multi.bet.potentialReturn - 1000);
    expect(cell(after, "Tennis", "Parlay")).toEqual(cell(before, "Tennis", "Parlay"));
    expect(cell(after, "Soccer", "Parlay").marketIds).toContain(soccer.markets[1].id);
  });

  it("Rugby is the NRL; a cell over its market's liability limit is critical", async () => {
    const nrl: ApiEvent = pool.forMutation((e) => e.sport === "nrl");
    const c = await realCustomerLogin(t);
    await placeOk(c, [selectionOf(nrl, 0, 0)], 5000);
    expect((await put(r.trader, `/api/admin/markets/${nrl.markets[0].id}/limit`, { liabilityLimit: 100 })).status).toBe(200);
    const rugby = cell(await heatmap(), "Rugby", "FT Win");
    expect(rugby).toMatchObject({ riskValue: 100, band: "critical" });
    expect(rugby.marketIds[0]).toBe(nrl.markets[0].id);
  });

  it("the range counts only bets placed within it", async () => {
    const seven = await heatmap("?range=7d");
    const day = await heatmap("?range=24h");
    const sum = (h: Heatmap) => h.cells.reduce((s, c) => s + c.activeBets, 0);
    expect(sum(seven)).toBeGreaterThanOrEqual(sum(day));
    const hour = sum(await heatmap("?range=1h"));
    t.clock.set(new Date(Date.now() + 2 * 3_600_000));
    try {
      expect(sum(await heatmap("?range=1h"))).toBe(0);
      expect(sum(await heatmap("?range=24h"))).toBeGreaterThanOrEqual(hour);
    } finally {
      t.clock.set(new Date());
    }
  });

  it("refuses an unknown range (400); admin and trader only", async () => {
    await expectInvalidFields(await r.admin.get("/api/admin/risk-heatmap?range=2h"), "range");
    await expectRefusedFor(t, r, ["customer"], (s) => s.get("/api/admin/risk-heatmap"));
    expect((await heatmap("", r.trader)).cells).toHaveLength(30);
  });
});

describe("GET /api/admin/risk-metrics", () => {
  it("market risk from the engine, customer risk, a 24-hour series ending at the current totals", async () => {
    const withBets = new Set((await t.database.client.execute("SELECT DISTINCT event_id FROM bet_legs")).rows.map((x) => String(x.event_id)));
    const e = pool.forMutation((x) => !withBets.has(x.id));
    const c = await realCustomerLogin(t);
    const b = await placeOk(c, [selectionOf(e, 0, 0)], 3000);
    const m = await metrics();
    const row = m.markets.find((x) => x.marketId === e.markets[0].id)!;
    expect(row).toMatchObject({ eventId: e.id, status: "open", limit: 200_000_000, activeBets: 1, volume: 3000, exposure: b.bet.potentialReturn });
    // The liability placement holds on the outcome: potential return - stake.
    expect(row.liability).toBe(b.bet.potentialReturn - 3000);
    expect(row.limitUsage).toBe(Math.round((row.liability / 200_000_000) * 10000) / 100);
    expect(m.markets.every((x) => x.activeBets > 0 || x.liability > 0)).toBe(true);
    expect(m.markets.length).toBeLessThan(50);
    expect(m.totalExposure).toBe(m.markets.reduce((s, x) => s + x.exposure, 0));
    expect(m.totalLiability).toBe(m.markets.reduce((s, x) => s + x.liability, 0));
    expect(m.totalLiability).toBeGreaterThanOrEqual(row.liability);
    expect(m.profitMargin).toBeGreaterThan(0);
    expect(m.dailyExposureLimit).toBe(1_500_000_000);
    const id = ((await (await c.get("/api/auth/user")).json()) as { id: string }).id;
    expect(m.customers.find((x) => x.userId === id)).toMatchObject({ totalStaked: 3000, winRate: 0, stakeFactor: 1 });
    const sum = (xs: { exposure: number; liability: number }[]) => xs.reduce((a, x) => [a[0] + x.exposure, a[1] + x.liability], [0, 0]);
    expect(sum(m.bySport)).toEqual([m.totalExposure, m.totalLiability]);
    expect(sum(m.byMarketType)).toEqual([m.totalExposure, m.totalLiability]);
    expect(m.byMarketType.map((x) => x.key)).toContain("full_time_result");
    const sportName = (e as ApiEvent & { sportName: string }).sportName;
    expect(m.bySport.find((x) => x.key === sportName)!.volume).toBeGreaterThanOrEqual(3000);
    expect(m.series).toHaveLength(25);
    const last = m.series[24];
    expect(last.exposure).toBe(m.totalExposure);
    expect(last.liability).toBe(m.totalLiability);
    expect(new Date(m.series[0].at).getTime()).toBe(new Date(last.at).getTime() - 24 * 3_600_000);
    // The open alerts after the engine ran: neither acknowledged nor cleared.
    expect(m.activeAlerts).toBe(await countRows(t.database, "SELECT COUNT(*) AS n FROM trading_alerts WHERE acknowledged_at IS NULL AND resolved_at IS NULL"));
  });

  it("admin and trader only", async () => {
    await expectRefusedFor(t, r, ["customer"], (s) => s.get("/api/admin/risk-metrics"));
    expect((await metrics(r.trader)).series).toHaveLength(25);
    await expectError(await new Session(t).get("/api/admin/risk-metrics"), 401, "AUTH.REQUIRED");
  });
});
