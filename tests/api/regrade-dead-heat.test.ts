/**
 * Resettling a dead heat (domain/settlement/regrade.ts): POST /api/admin/markets/{id}/resettle
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
    eventId: e.id, marketType: "full_time_result", name, outcomes: [{ name: "Home", odds: "2.50" }, { name: "Draw", odds: "2.50" }, { name: "Away", odds: "4.00" }],
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

describe("resettling to a dead heat (the same result shapes as a first settlement)", () => {
  it("winner A -> dead heat A+B at 1/2: singles on A and B paid half their win amounts, a settled double and a waiting double re-graded, the ledger balances", async () => {
    const { e, m, sel } = await threeWay("Resettle To Dead Heat");
    const other = await threeWay("Resettle To Dead Heat Other");
    const pending = await threeWay("Resettle To Dead Heat Pending");
    const c = await demoLogin(t, "customer");
    const onA = await placeOk(c, [sel(0)], 1000); // 10.00 on A at 2.50
    const onB = await placeOk(c, [sel(1)], 1000); // 10.00 on B at 2.50
    const onC = await placeOk(c, [sel(2)], 1000); // 10.00 on C at 4.00
    const dbl = await placeOk(c, [sel(1), other.sel(0)], 1000); // B x other A: 10.00 at 6.25
    const waiting = await placeOk(c, [sel(1), pending.sel(0)], 1000); // B x a market not settled yet
    await finishEvent(r.admin, e.id);
    await finishEvent(r.admin, other.e.id);
    expect((await r.admin.post(`/api/admin/markets/${other.m.id}/settle`, { winningOutcomeId: other.m.outcomes[0].id })).status).toBe(200);
    expect((await r.admin.post(`/api/admin/markets/${m.id}/settle`, { winningOutcomeId: m.outcomes[0].id })).status).toBe(200);
    expect(await betRow(onA.bet.id)).toMatchObject({ status: "won", actual_return: 2500 });
    expect(await betRow(onB.bet.id)).toMatchObject({ status: "lost", actual_return: 0 });
    expect(await betRow(dbl.bet.id)).toMatchObject({ status: "lost", actual_return: 0 });
    expect(await betRow(waiting.bet.id)).toMatchObject({ status: "lost", actual_return: 0 });
    const start = await balanceOf(c);

    const res = await r.admin.post(`/api/admin/markets/${m.id}/resettle`, { ...deadHeatAB(m), reason: "Photo finish: A and B dead-heated" });
    expect(res.status, await res.clone().text()).toBe(200);
    // A: 10.00 x 1/2 x 2.50 = 12.50 (12.50 taken back); B: 12.50 credited; C lost, unchanged;
    // the double: 10.00 x 2.50 x 2.50 x 1/2 = 31.25; the waiting double is pending again with B's leg at 1/2.
    expect(await res.json()).toMatchObject({ regraded: 4, correction: -1250 + 1250 + 3125 });
    expect(await betRow(onA.bet.id)).toMatchObject({ status: "won", actual_return: 1250, resettlement_count: 1 });
    expect(await betRow(onB.bet.id)).toMatchObject({ status: "won", actual_return: 1250, resettlement_count: 1 });
    expect(await betRow(onC.bet.id)).toMatchObject({ status: "lost", actual_return: 0, resettlement_count: 0 });
    expect(await betRow(dbl.bet.id)).toMatchObject({ status: "won", actual_return: 3125 });
    expect(await legRows(dbl.bet.id)).toEqual([{ result: "won", num: 1, den: 2 }, { result: "won", num: null, den: null }]);
    expect(await betRow(waiting.bet.id)).toMatchObject({ status: "pending", actual_return: null });
    expect(await legRows(waiting.bet.id)).toEqual([{ result: "won", num: 1, den: 2 }, { result: "pending", num: null, den: null }]);
    expect(await balanceOf(c)).toBe(start - 1250 + 1250 + 3125);
    // The market records the dead heat on its outcomes.
    const outcomes = await t.database.client.execute({ sql: "SELECT result, dead_heat_num AS num, dead_heat_den AS den FROM outcomes WHERE market_id = ? ORDER BY rowid", args: [m.id] });
    expect(outcomes.rows.map((x) => ({ ...x }))).toEqual([{ result: "won", num: 1, den: 2 }, { result: "won", num: 1, den: 2 }, { result: "lost", num: null, den: null }]);

    // The waiting double settles from the recorded dead heat: 10.00 x 2.50 x 1/2 x 2.50 = 31.25.
    await finishEvent(r.admin, pending.e.id);
    expect((await r.admin.post(`/api/admin/markets/${pending.m.id}/settle`, { winningOutcomeId: pending.m.outcomes[0].id })).status).toBe(200);
    expect(await betRow(waiting.bet.id)).toMatchObject({ status: "won", actual_return: 3125 });

    // Back to A outright: every bet returns to what A alone pays.
    expect((await r.admin.post(`/api/admin/markets/${m.id}/resettle`, { winningOutcomeId: m.outcomes[0].id, reason: "Stewards reversed the dead heat" })).status).toBe(200);
    expect(await betRow(onA.bet.id)).toMatchObject({ status: "won", actual_return: 2500 });
    expect(await betRow(onB.bet.id)).toMatchObject({ status: "lost", actual_return: 0 });
    expect(await betRow(dbl.bet.id)).toMatchObject({ status: "lost", actual_return: 0 });
    expect(await betRow(waiting.bet.id)).toMatchObject({ status: "lost", actual_return: 0 });
    expect(await balanceOf(c)).toBe(start);
    await expectLedgerBalanced(t.database);
  });

  it("a bad dead heat is refused before anything is written", async () => {
    const { e, m } = await threeWay("Resettle Bad Dead Heat");
    await finishEvent(r.admin, e.id);
    expect((await r.admin.post(`/api/admin/markets/${m.id}/settle`, { winningOutcomeId: m.outcomes[0].id })).status).toBe(200);
    const state = async () => ({ ...(await t.database.client.execute({ sql: "SELECT result_kind, winning_outcome_id, result_revision FROM markets WHERE id = ?", args: [m.id] })).rows[0] });
    const before = await state();
    const bad = deadHeatAB(m);
    bad.outcomes[0].deadHeat = { numerator: 3, denominator: 2 };
    const res = await r.admin.post(`/api/admin/markets/${m.id}/resettle`, { ...bad, reason: "Photo finish: A and B dead-heated" });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("MARKET.RESULT_INVALID");
    const partial = await r.admin.post(`/api/admin/markets/${m.id}/resettle`, { outcomes: bad.outcomes.slice(0, 2), reason: "Photo finish: A and B dead-heated" });
    expect(partial.status).toBe(422);
    expect(await state()).toEqual(before);
  });
});
