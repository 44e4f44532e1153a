/**
 * GET /api/dashboard/stats.csv: the dashboard's export built by the server from the same figures
 * the dashboard shows (GET /api/dashboard/stats and the risk heatmap), not from a browser's cache;
 * authorized like the dashboard (admin and trader; customers 403, anonymous 401).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, realCustomerLogin, Session, type TestApp } from "../fixtures/test-app.ts";
import { expectError, expectInvalidFields, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import type { DashboardStats } from "../../api/schemas/admin.ts";
import type { RiskHeatmap } from "../../api/schemas/risk.ts";

let t: TestApp;
let admin: Session;
let trader: Session;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
  trader = await demoLogin(t, "trader");
  // Open bets of a real customer so the figures and the heatmap are not all zeros.
  const pool = await upcomingPool(admin);
  const customer = await realCustomerLogin(t);
  await placeOk(customer, [selectionOf(pool.next((e) => e.sport === "soccer"))], 2_500);
});
afterAll(() => t.close());

/** RFC 4180 as the server writes it: CRLF lines, quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .slice(0, -2)
    .split("\r\n")
    .map((line) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => (m[1].startsWith('"') ? m[1].slice(1, -1).replaceAll('""', '"') : m[1])));
}
const decimal = (cents: number) => `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

async function download(s: Session, query = "") {
  const res = await s.get(`/api/dashboard/stats.csv${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("content-disposition")).toBe('attachment; filename="dashboard.csv"');
  expect(res.headers.get("cache-control")).toBe("no-store");
  return parseCsv(await res.text());
}

describe("GET /api/dashboard/stats.csv", () => {
  it("holds exactly the figures GET /api/dashboard/stats and the 24h heatmap answer", async () => {
    const rows = await download(admin);
    const stats = (await (await admin.get("/api/dashboard/stats")).json()) as DashboardStats;
    const heat = (await (await admin.get("/api/admin/risk-heatmap?range=24h")).json()) as RiskHeatmap;
    expect(rows[0]).toEqual(["section", "sport", "market", "metric", "value"]);
    const figure = (metric: string) => rows.find((r) => r[0] === "dashboard" && r[3] === metric)?.[4];
    expect(stats.totalBets).toBeGreaterThan(0);
    expect(figure("total_bets")).toBe(String(stats.totalBets));
    expect(figure("pending_bets")).toBe(String(stats.pendingBets));
    expect(figure("won_bets")).toBe(String(stats.wonBets));
    expect(figure("lost_bets")).toBe(String(stats.lostBets));
    expect(figure("void_bets")).toBe(String(stats.voidBets));
    expect(figure("active_customers")).toBe(String(stats.activeCustomers));
    expect(figure("live_events")).toBe(String(stats.liveEvents));
    expect(figure("upcoming_events")).toBe(String(stats.upcomingEvents));
    expect(figure("finished_events")).toBe(String(stats.finishedEvents));
    expect(figure("total_staked")).toBe(decimal(stats.totalStaked));
    expect(figure("total_returned")).toBe(decimal(stats.totalReturned));
    expect(figure("gross_revenue")).toBe(decimal(stats.grossRevenue));
    expect(Number(figure("gross_hold_percent"))).toBe(stats.grossHoldPercent);
    expect(figure("potential_payout")).toBe(decimal(stats.potentialPayout));
    expect(figure("total_exposure")).toBe(decimal(stats.totalExposure));
    expect(figure("total_liability")).toBe(decimal(stats.totalLiability));
    expect(Number(figure("settlement_rate_percent"))).toBe(Math.round(stats.settlementRate * 1000) / 10);

    // Every heatmap cell, in order, with its liability, exposure, active bets and risk value.
    const cells = rows.filter((r) => r[0] === "heatmap_24h");
    expect(cells).toEqual(
      heat.cells.flatMap((c) => [
        ["heatmap_24h", c.sport, c.market, "liability", decimal(c.liability)],
        ["heatmap_24h", c.sport, c.market, "exposure", decimal(c.exposure)],
        ["heatmap_24h", c.sport, c.market, "active_bets", String(c.activeBets)],
        ["heatmap_24h", c.sport, c.market, "risk_value", String(c.riskValue)],
      ]),
    );
    expect(heat.cells.some((c) => c.activeBets > 0)).toBe(true);
    expect(rows).toHaveLength(1 + 17 + 4 * heat.cells.length);
  });

  it("follows a new bet at once (no cached copy) and takes the heatmap's range", async () => {
    const before = await download(admin);
    const customer = await realCustomerLogin(t);
    await placeOk(customer, [selectionOf((await upcomingPool(admin)).next((e) => e.sport === "soccer"))], 1_000);
    const after = await download(admin);
    const total = (rows: string[][]) => Number(rows.find((r) => r[3] === "total_bets")![4]);
    expect(total(after)).toBe(total(before) + 1);
    const week = await download(trader, "?range=7d");
    expect(week.some((r) => r[0] === "heatmap_7d")).toBe(true);
    expect(week.some((r) => r[0] === "heatmap_24h")).toBe(false);
  });

  it("is authorized like the dashboard: trader yes, customer 403, anonymous 401; a bad range 400", async () => {
    await download(trader);
    await expectError(await (await demoLogin(t, "customer")).get("/api/dashboard/stats.csv"), 403, "AUTH.FORBIDDEN");
    await expectError(await new Session(t).get("/api/dashboard/stats.csv"), 401, "AUTH.REQUIRED");
    await expectInvalidFields(await admin.get("/api/dashboard/stats.csv?range=1y"), "range");
  });
});
