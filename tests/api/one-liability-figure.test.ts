/**
 * One liability figure: the liability every screen's API shows for a market (risk tab, trading desk,
 * heatmap, dashboard) is the figure placement enforces against the market's own limit. A market
 * takes a multiple and singles on one outcome until placement refuses the next bet; the room placement
 * then leaves (the refusal's largest stake that fits, which is then accepted while one cent more is
 * not) is exactly the limit minus the liability the screens show, and the screens show the pending
 * bets' potential return - stake on that outcome, the multiple included.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, realCustomerLogin, Session, staffLogin, type TestApp } from "../fixtures/test-app.ts";
import { expectError, expectedReturn, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";

let t: TestApp;
let trader: Session;
let admin: Session;
beforeAll(async () => {
  t = await makeTestApp();
  // Real staff: the screens show the real book, where the sample customers below bet.
  trader = await staffLogin(t, "trader");
  admin = await staffLogin(t, "admin");
});
afterAll(() => t.close());

type OutcomeFigure = { outcomeId: string; liability: number };
type RiskMarket = { marketId: string; liability: number; limit: number; limitUsage: number; outcomes: OutcomeFigure[] };
type DeskEvent = { eventId: string; tightestMarket: { marketId: string; liability: number; limit: number; limitUsage: number } | null; outcomes: OutcomeFigure[]; totalLiability: number };
type Cell = { liability: number; marketIds: string[] };

async function read<T>(s: Session, path: string): Promise<T> {
  const res = await s.get(path);
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

/** Every screen's figures for the market and its outcome. */
async function screens(marketId: string, eventId: string, outcomeId: string) {
  const risk = await read<{ totalLiability: number; markets: RiskMarket[] }>(trader, "/api/admin/risk-metrics");
  const desk = await read<{ totalLiability: number; markets: DeskEvent[] }>(trader, "/api/trading/overview");
  const dash = await read<{ totalLiability: number }>(admin, "/api/dashboard/stats");
  const heat = await read<{ cells: Cell[] }>(trader, "/api/admin/risk-heatmap?range=24h");
  const market = risk.markets.find((m) => m.marketId === marketId)!;
  const event = desk.markets.find((e) => e.eventId === eventId)!;
  const cell = heat.cells.find((c) => c.marketIds.includes(marketId) && c.liability > 0)!;
  expect([market, event, cell].map((x) => x !== undefined), "the market on the risk tab, its event on the desk, its heatmap cell").toEqual([true, true, true]);
  const liabilityOf = new Map(risk.markets.map((m) => [m.marketId, m.liability]));
  return {
    risk: { market: market.liability, outcome: market.outcomes.find((o) => o.outcomeId === outcomeId)!.liability, limit: market.limit, usage: market.limitUsage },
    desk: { market: event.tightestMarket, outcome: event.outcomes.find((o) => o.outcomeId === outcomeId)!.liability },
    totals: { risk: risk.totalLiability, desk: desk.totalLiability, dashboard: dash.totalLiability },
    heatmap: { cell: cell.liability, fromRisk: cell.marketIds.reduce((s, id) => s + (liabilityOf.get(id) ?? 0), 0) },
  };
}

describe("the liability shown is the liability enforced", () => {
  it("with singles and a multiple on a market: every screen shows the figure placement refuses the next bet on", async () => {
    const pool = await upcomingPool(trader);
    // A football match (a heatmap row of its own) and a second match no bet is on yet.
    const withBets = new Set((await t.database.client.execute("SELECT DISTINCT event_id FROM bet_legs")).rows.map((x) => String(x.event_id)));
    const fresh = (e: { id: string; sport: string; markets: { outcomes: unknown[] }[] }) => !withBets.has(e.id) && e.markets[0].outcomes.length >= 2 && e.markets[0].outcomes.length <= 3;
    const a = pool.forMutation((e) => e.sport === "soccer" && e.markets[0].outcomes.length === 3);
    const b = pool.forMutation((e) => fresh(e) && e.id !== a.id);
    const home = selectionOf(a, 0, 0);
    // What the seed's bets already hold on the outcome, as the risk tab shows it before this test's bets.
    const before = await read<{ markets: RiskMarket[] }>(trader, "/api/admin/risk-metrics");
    const baseline = before.markets.find((m) => m.marketId === home.marketId)?.outcomes.find((o) => o.outcomeId === home.outcomeId)?.liability ?? 0;
    const limit = baseline + 20_000; // 200.00 of room: a handful of small bets fills it
    expect((await trader.request("PUT", `/api/admin/markets/${home.marketId}/limit`, { liabilityLimit: limit })).status).toBe(200);

    const c1 = await realCustomerLogin(t);
    const c2 = await realCustomerLogin(t);
    const multi = await placeOk(c1, [home, selectionOf(b, 0, 0)], 1_000);
    let held = baseline + multi.bet.potentialReturn - 1_000;
    // Singles on the same outcome until placement refuses one.
    const stake = 2_000;
    const single = expectedReturn(stake, [home.odds]) - stake;
    let refused: { details: { maxStake: number; outcomeId: string } } | null = null;
    for (let i = 0; i < 20 && !refused; i++) {
      const res = await (i % 2 ? c1 : c2).post("/api/bets", { selections: [home], stake, betType: "single" });
      if (res.status === 201) held += single;
      else refused = (await expectError(res, 409, "BET.LIABILITY_LIMIT")).error as unknown as typeof refused;
    }
    expect(refused, "placement never refused").not.toBeNull();
    expect(refused!.details.outcomeId).toBe(home.outcomeId);

    // The screens: the outcome's liability is the held total (the multiple counted on it), against the market's own limit.
    const seen = await screens(home.marketId, a.id, home.outcomeId);
    expect(seen.risk).toMatchObject({ outcome: held, limit, usage: expect.closeTo((seen.risk.market / limit) * 100, 1) });
    expect(seen.risk.market).toBeGreaterThanOrEqual(held); // the market at its worst outcome
    expect(seen.desk.outcome).toBe(held);
    expect(seen.desk.market).toMatchObject({ liability: seen.risk.market, limit, limitUsage: seen.risk.usage });
    expect(seen.totals.desk).toBe(seen.totals.risk);
    expect(seen.totals.dashboard).toBe(seen.totals.risk);
    expect(seen.heatmap.cell).toBe(seen.heatmap.fromRisk);
    // The figure placement enforces, from its own running total.
    const enforced = await t.database.client.execute({ sql: "SELECT liability FROM outcome_liability WHERE outcome_id = ? AND demo = 0", args: [home.outcomeId] });
    expect(Number(enforced.rows[0].liability)).toBe(held);

    // The room placement leaves is the limit minus the liability shown: the largest stake that fits is
    // accepted, one cent more is refused.
    const room = limit - seen.risk.outcome;
    const maxStake = refused!.details.maxStake;
    expect(expectedReturn(maxStake, [home.odds]) - maxStake).toBeLessThanOrEqual(room);
    expect(expectedReturn(maxStake + 1, [home.odds]) - (maxStake + 1)).toBeGreaterThan(room);
    await expectError(await c2.post("/api/bets", { selections: [home], stake: maxStake + 1, betType: "single" }), 409, "BET.LIABILITY_LIMIT");
    if (maxStake >= 100) {
      await placeOk(c2, [home], maxStake);
      held += expectedReturn(maxStake, [home.odds]) - maxStake;
      const after = await screens(home.marketId, a.id, home.outcomeId);
      expect([after.risk.outcome, after.desk.outcome]).toEqual([held, held]);
    }
    // The multiple's other leg carries it too, on its own market against that market's limit.
    const other = await read<{ markets: RiskMarket[] }>(trader, "/api/admin/risk-metrics");
    const bMarket = other.markets.find((m) => m.marketId === b.markets[0].id)!;
    expect(bMarket.outcomes.find((o) => o.outcomeId === b.markets[0].outcomes[0].id)!.liability).toBe(multi.bet.potentialReturn - 1_000);
  });

  it("alerts come from one engine: the risk tab, read first, and the desk show the same count, the over-limit market's alert among them", async () => {
    const pool = await upcomingPool(trader);
    const sel = selectionOf(pool.forMutation((e) => e.markets[0].outcomes.length >= 2), 0, 0);
    const c = await realCustomerLogin(t);
    await placeOk(c, [sel], 1_000);
    // A limit lowered below what the market already holds: the engine raises a liability alert.
    expect((await trader.request("PUT", `/api/admin/markets/${sel.marketId}/limit`, { liabilityLimit: 100 })).status).toBe(200);
    const risk = await read<{ activeAlerts: number }>(trader, "/api/admin/risk-metrics");
    const desk = await read<{ activeAlerts: number }>(trader, "/api/trading/overview");
    expect(risk.activeAlerts).toBeGreaterThan(0);
    expect(desk.activeAlerts).toBe(risk.activeAlerts);
    const listed = JSON.stringify(await read<unknown>(trader, "/api/trading/alerts"));
    expect(listed).toContain("liability_limit");
    expect(listed).toContain(sel.marketId);
  });
});
