/**
 * One set of risk numbers: the dashboard, the trading desk and the risk tab read one liability engine
 * (docs/money.md "Liability"). Payouts count a multiple once, so the sum over markets is the
 * dashboard's potential payout; liability is the running total placement enforces, which counts a
 * multiple on every outcome it touches; every outcome is shown. (That the liability shown is the
 * one placement enforces, up to the refusal: tests/api/one-liability-figure.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, realCustomerLogin, Session, type TestApp } from "../fixtures/test-app.ts";
import { listEvents, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { rolesOf, type Roles } from "../fixtures/trading-desk.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

type Outcome = { outcomeId: string; name: string; payout: number; net: number; liability: number };
const get = async <T>(path: string) => {
  const res = await r.trader.get(path);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe("one liability", () => {
  it("dashboard total = desk total = risk total = sum over the risk tab's markets, with a multiple across two markets counted once", async () => {
    const withBets = new Set((await t.database.client.execute("SELECT DISTINCT event_id FROM bet_legs")).rows.map((x) => String(x.event_id)));
    const a = pool.forMutation((e) => e.markets[0].outcomes.length === 3 && !withBets.has(e.id));
    const b = pool.forMutation((e) => e.id !== a.id && !withBets.has(e.id));
    const c = await realCustomerLogin(t);
    await placeOk(c, [selectionOf(a, 0, 1)], 2000); // the draw
    const multi = await placeOk(c, [selectionOf(a, 0, 0), selectionOf(b, 0, 0)], 1000);
    const dash = await get<{ potentialPayout: number; openLiability: number; totalExposure: number; totalLiability: number }>("/api/dashboard/stats");
    const desk = await get<{ totalPayout: number; totalExposure: number; totalLiability: number; markets: { eventId: string; drawExposure: number | null; outcomes: Outcome[]; payout: number }[] }>("/api/trading/overview");
    const risk = await get<{ totalPayout: number; totalExposure: number; totalLiability: number; markets: { marketId: string; payout: number; exposure: number; liability: number; outcomes: Outcome[] }[] }>("/api/admin/risk-metrics");
    // The pending bets' current potential returns, each once (no void legs in this book).
    const rs = await t.database.client.execute("SELECT COALESCE(SUM(potential_return), 0) AS s FROM bets WHERE status = 'pending'");
    expect(dash.potentialPayout).toBe(Number(rs.rows[0].s));
    expect(dash.openLiability).toBe(dash.potentialPayout); // the deprecated name of the same figure
    expect([desk.totalPayout, risk.totalPayout]).toEqual([dash.openLiability, dash.openLiability]);
    expect([desk.totalExposure, risk.totalExposure]).toEqual([dash.totalExposure, dash.totalExposure]);
    expect([desk.totalLiability, risk.totalLiability]).toEqual([dash.totalLiability, dash.totalLiability]);
    expect(risk.markets.length).toBeLessThan(50); // every market with bets or liability is listed, so the sums are complete
    expect(risk.markets.reduce((s, m) => s + m.payout, 0)).toBe(dash.openLiability);
    expect(risk.markets.reduce((s, m) => s + m.exposure, 0)).toBe(dash.totalExposure);
    expect(risk.markets.reduce((s, m) => s + m.liability, 0)).toBe(dash.totalLiability);
    expect(dash.totalExposure).toBeLessThanOrEqual(dash.openLiability);
    // The multiple's payout sits on its first leg (a's home) only; its liability is on both legs' outcomes.
    const ma = risk.markets.find((m) => m.marketId === a.markets[0].id)!;
    expect(ma.outcomes.map((o) => o.name)).toEqual(a.markets[0].outcomes.map((o) => o.name));
    expect(ma.outcomes[0].payout).toBe(multi.bet.potentialReturn);
    expect(ma.outcomes[1].payout).toBe(Math.floor(2000 * Number(a.markets[0].outcomes[1].odds)));
    const mb = risk.markets.find((m) => m.marketId === b.markets[0].id)!;
    expect(mb.payout).toBe(0);
    const multiLiability = multi.bet.potentialReturn - 1000;
    expect(ma.outcomes[0].liability).toBe(multiLiability);
    expect(mb.outcomes[0].liability).toBe(multiLiability);
    expect(mb.liability).toBe(multiLiability);
    // The desk shows the draw, and every outcome by name.
    const row = desk.markets.find((x) => x.eventId === a.id)!;
    expect(row.drawExposure).toBe(ma.outcomes[1].payout);
    expect(row.outcomes.map((o) => o.payout)).toEqual(ma.outcomes.map((o) => o.payout));
    expect(row.payout).toBe(ma.payout);
  });

  it("racing: the desk and risk tab name the runners", async () => {
    const race = (await listEvents(new Session(t), "sport=racing&limit=50")).find((e) => e.status !== "finished" && e.markets[0]?.status === "open")!;
    type Desk = { markets: { eventId: string; outcomes: Outcome[] }[] };
    const third = async () => (await get<Desk>("/api/trading/overview")).markets.find((x) => x.eventId === race.id)?.outcomes[2].payout ?? 0;
    const before = await third();
    const c = await realCustomerLogin(t);
    await placeOk(c, [selectionOf(race, 0, 2)], 500);
    const row = (await get<Desk>("/api/trading/overview")).markets.find((x) => x.eventId === race.id)!;
    expect(row.outcomes.map((o) => o.name)).toEqual(race.markets[0].outcomes.map((o) => o.name));
    expect(row.outcomes[2].payout - before).toBe(Math.floor(500 * Number(race.markets[0].outcomes[2].odds)));
  });
});
