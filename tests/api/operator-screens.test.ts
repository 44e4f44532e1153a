/**
 * The operator screens: the trading desk's overview and the
 * risk tab list each outcome with its name (Draw, racing runners), current price, stakes, payout
 * and net liability; an acknowledged alert says who acknowledged it by name, not by id.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, realCustomerLogin, Session, type TestApp } from "../fixtures/test-app.ts";
import { currentUserId, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { createMarketOk, put, rolesOf, twoWayMarket, type Roles } from "../fixtures/trading-desk.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

type Outcome = { outcomeId: string; name: string; odds: string; stakes: number; payout: number; net: number };
const get = async <T>(path: string) => {
  const res = await r.trader.get(path);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};
const withBetsNow = async () => new Set((await t.database.client.execute("SELECT DISTINCT event_id FROM bet_legs")).rows.map((x) => String(x.event_id)));

describe("every outcome on the desk and the risk tab", () => {
  it("a three-way market: home, Draw and away each with price, stakes, payout and net", async () => {
    const used = await withBetsNow();
    const e = pool.forMutation((x) => x.sport !== "racing" && x.markets[0].outcomes.length === 3 && !used.has(x.id));
    const m = e.markets[0];
    const c = await realCustomerLogin(t);
    const draw = await placeOk(c, [selectionOf(e, 0, 1)], 2000);
    await placeOk(c, [selectionOf(e, 0, 2)], 500);
    const expected = m.outcomes.map((o, i) => ({
      outcomeId: o.id,
      name: o.name,
      odds: o.odds,
      stakes: [0, 2000, 500][i],
    }));
    const desk = await get<{ markets: { eventId: string; outcomes: Outcome[] }[] }>("/api/trading/overview");
    const row = desk.markets.find((x) => x.eventId === e.id)!;
    expect(row.outcomes.map(({ outcomeId, name, odds, stakes }) => ({ outcomeId, name, odds, stakes }))).toEqual(expected);
    expect(row.outcomes[1].name).toBe("Draw");
    expect(row.outcomes[1].payout).toBe(draw.bet.potentialReturn);
    expect(row.outcomes[1].net).toBe(draw.bet.potentialReturn - 2500);
    const risk = await get<{ markets: { marketId: string; outcomes: Outcome[] }[] }>("/api/admin/risk-metrics");
    expect(risk.markets.find((x) => x.marketId === m.id)!.outcomes).toEqual(row.outcomes);
  });

  it("a race: every runner by name with its price and stakes, not home/away", async () => {
    const used = await withBetsNow();
    const e = pool.forMutation((x) => x.sport === "racing" && x.markets[0].outcomes.length >= 4 && !used.has(x.id));
    const m = e.markets[0];
    const c = await realCustomerLogin(t);
    const last = m.outcomes.length - 1;
    await placeOk(c, [selectionOf(e, 0, last)], 1500);
    const desk = await get<{ markets: { eventId: string; outcomes: Outcome[] }[] }>("/api/trading/overview");
    const row = desk.markets.find((x) => x.eventId === e.id)!;
    expect(row.outcomes.map((o) => [o.name, o.odds])).toEqual(m.outcomes.map((o) => [o.name, o.odds]));
    expect(row.outcomes.map((o) => o.stakes)).toEqual(m.outcomes.map((_, i) => (i === last ? 1500 : 0)));
    const risk = await get<{ markets: { marketId: string; outcomes: Outcome[] }[] }>("/api/admin/risk-metrics");
    expect(risk.markets.find((x) => x.marketId === m.id)!.outcomes.map((o) => o.name)).toEqual(m.outcomes.map((o) => o.name));
  });
});

describe("who acknowledged a trading alert", () => {
  it("comes back by name (first and last) on the acknowledge answer, the list and the detail, beside the id", async () => {
    const e = pool.forMutation((x) => x.sport !== "racing");
    const m = await createMarketOk(r.admin, twoWayMarket(e.id, "Acknowledged By Market", "3.00", "1.40"));
    const c = await realCustomerLogin(t);
    await placeOk(c, [{ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: "3.00" }], 5000);
    await put(r.trader, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 8000 });
    const list = await get<{ id: string; marketId: string | null; acknowledgedByName: string | null }[]>("/api/trading/alerts?status=active");
    const alert = list.find((a) => a.marketId === m.id)!;
    expect(alert.acknowledgedByName).toBeNull();
    const traderId = await currentUserId(r.trader);
    const u = (await t.database.client.execute({ sql: "SELECT first_name, last_name FROM users WHERE id = ?", args: [traderId] })).rows[0];
    const name = `${String(u.first_name)} ${String(u.last_name)}`.trim();
    expect(name.length).toBeGreaterThan(0);
    expect(name).not.toBe(traderId);
    const res = await r.trader.post(`/api/trading/alerts/${alert.id}/acknowledge`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ alert: { id: alert.id, acknowledged: true, acknowledgedBy: traderId, acknowledgedByName: name } });
    const after = await get<{ id: string; acknowledgedBy: string | null; acknowledgedByName: string | null }[]>("/api/trading/alerts?status=acknowledged");
    expect(after.find((a) => a.id === alert.id)).toMatchObject({ acknowledgedBy: traderId, acknowledgedByName: name });
  });
});
