/**
 * Resettling a dead heat (issue 18; domain/settlement/regrade.ts): POST /api/admin/markets/{id}/resettle
 * of a market settled as a dead heat re-grades every bet from the new result alone, never keeping
 * the old dead-heat factor: a single pays exactly the new result; a multiple waiting on another leg
 * has its leg's stored factor cleared, so it pays the full price when it settles.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, expectLedgerBalanced, placeOk, upcomingPool } from "../fixtures/builders.ts";
import { createMarketOk, rolesOf, type Roles } from "../fixtures/trading-desk.ts";
import { finishEvent } from "../fixtures/settle.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

const REASON = "Photo finish reviewed: no dead heat";
const betRow = async (id: string) =>
  (await t.database.client.execute({ sql: "SELECT status, actual_return, resettlement_count FROM bets WHERE id = ?", args: [id] })).rows[0];
const legRows = async (betId: string) =>
  (await t.database.client.execute({ sql: "SELECT result, dead_heat_num AS num, dead_heat_den AS den FROM bet_legs WHERE bet_id = ? ORDER BY leg_no", args: [betId] })).rows.map((x) => ({ ...x }));

/** A three-way market at 2.50 / 2.50 / 4.00 on an event of its own. */
async function threeWay(name: string) {
  const e = pool.forMutation((x) => x.sport !== "racing");
  const m = await createMarketOk(r.admin, {
    eventId: e.id, marketType: "full_time_result", name, outcomes: [{ name: "A", odds: "2.50" }, { name: "B", odds: "2.50" }, { name: "C", odds: "4.00" }],
  });
  const sel = (i: number) => ({ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[i].id, odds: m.outcomes[i].odds });
  return { e, m, sel };
}
const deadHeatAB = (m: { outcomes: { id: string }[] }) => ({
  outcomes: [
    { outcomeId: m.outcomes[0].id, result: "dead_heat", deadHeat: { numerator: 1, denominator: 2 } },
    { outcomeId: m.outcomes[1].id, result: "dead_heat", deadHeat: { numerator: 1, denominator: 2 } },
    { outcomeId: m.outcomes[2].id, result: "lost" },
  ],
});

describe("resettling a dead heat", () => {
  it("dead heat 1/2 -> A won outright -> B won: the single pays 12.50, then exactly 25.00, then 0; the factor is gone", async () => {
    const { e, m, sel } = await threeWay("Dead Heat Resettle");
    const c = await demoLogin(t, "customer");
    const b = await placeOk(c, [sel(0)], 1000); // 10.00 on A at 2.50
    await finishEvent(r.admin, e.id);
    expect((await r.admin.post(`/api/admin/markets/${m.id}/settle`, deadHeatAB(m))).status).toBe(200);
    // 10.00 x 1/2 x 2.50 = 12.50
    expect(await betRow(b.bet.id)).toMatchObject({ status: "won", actual_return: 1250 });
    expect(await legRows(b.bet.id)).toEqual([{ result: "won", num: 1, den: 2 }]);
    expect(await balanceOf(c)).toBe(100_000 - 1000 + 1250);

    const plain = await r.admin.post(`/api/admin/markets/${m.id}/resettle`, { winningOutcomeId: m.outcomes[0].id, reason: REASON });
    expect(plain.status, await plain.clone().text()).toBe(200);
    // 10.00 x 2.50 = 25.00: the 12.50 difference credited, no factor left on the leg or the outcomes
    expect(await betRow(b.bet.id)).toMatchObject({ status: "won", actual_return: 2500, resettlement_count: 1 });
    expect(await legRows(b.bet.id)).toEqual([{ result: "won", num: null, den: null }]);
    expect(await balanceOf(c)).toBe(100_000 - 1000 + 2500);
    const factors = await t.database.client.execute({ sql: "SELECT COUNT(*) AS n FROM outcomes WHERE market_id = ? AND dead_heat_num IS NOT NULL", args: [m.id] });
    expect(Number(factors.rows[0].n)).toBe(0);

    expect((await r.admin.post(`/api/admin/markets/${m.id}/resettle`, { winningOutcomeId: m.outcomes[1].id, reason: REASON })).status).toBe(200);
    expect(await betRow(b.bet.id)).toMatchObject({ status: "lost", actual_return: 0, resettlement_count: 2 });
    expect(await legRows(b.bet.id)).toEqual([{ result: "lost", num: null, den: null }]);
    expect(await balanceOf(c)).toBe(100_000 - 1000);
    await expectLedgerBalanced(t.database);
  });

  it("a multiple waiting on another leg: its dead-heat leg resettled outright pays the full 10.00 x 2.50 x 2.50 = 62.50 when the other leg wins", async () => {
    const one = await threeWay("Dead Heat Leg");
    const two = await threeWay("Other Leg");
    const c = await demoLogin(t, "customer");
    const b = await placeOk(c, [one.sel(0), two.sel(1)], 1000);
    await finishEvent(r.admin, one.e.id);
    await finishEvent(r.admin, two.e.id);
    expect((await r.admin.post(`/api/admin/markets/${one.m.id}/settle`, deadHeatAB(one.m))).status).toBe(200);
    expect(await legRows(b.bet.id)).toEqual([{ result: "won", num: 1, den: 2 }, { result: "pending", num: null, den: null }]);
    expect((await r.admin.post(`/api/admin/markets/${one.m.id}/resettle`, { winningOutcomeId: one.m.outcomes[0].id, reason: REASON })).status).toBe(200);
    expect(await legRows(b.bet.id)).toEqual([{ result: "won", num: null, den: null }, { result: "pending", num: null, den: null }]);
    expect(await betRow(b.bet.id)).toMatchObject({ status: "pending", actual_return: null });
    expect((await r.admin.post(`/api/admin/markets/${two.m.id}/settle`, { winningOutcomeId: two.m.outcomes[1].id })).status).toBe(200);
    expect(await betRow(b.bet.id)).toMatchObject({ status: "won", actual_return: 6250 });
    expect(await balanceOf(c)).toBe(100_000 - 1000 + 6250);
    await expectLedgerBalanced(t.database);
  });
});
