/**
 * Each way (docs/money.md "Each way and Rule 4"): place terms on racing winner
 * markets (standard by field size, or the trader's own), each-way singles at 2 x the unit stake,
 * refusals with nothing written, and settlement with placed runners paying the hand computation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, expectError, expectLedgerBalanced, listEvents, upcomingPool } from "../fixtures/builders.ts";
import { createMarketOk, rolesOf, type Roles } from "../fixtures/trading-desk.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

/** Eight runners, a 108.7 % book: 1/5 the odds, three places by default. */
export const EIGHT = ["9.00", "5.00", "6.00", "8.00", "11.00", "13.00", "15.00", "4.00"];
const race = (eventId: string, name: string, odds = EIGHT, extra: Record<string, unknown> = {}) => ({
  eventId, marketType: "full_time_result", name, outcomes: odds.map((o, i) => ({ name: `${i + 1}. Runner ${i + 1}`, odds: o })), ...extra,
});
const isRace = (e: { sport: string }) => e.sport === "racing";

describe("place terms on racing markets", () => {
  it("default by field size: 8 runners 1/5 three places, 6 runners 1/4 two places; shown on the customer's card", async () => {
    const e = pool.next(isRace);
    const eight = await createMarketOk(r.trader, race(e.id, "EW Eight"));
    expect((eight as { eachWay?: unknown }).eachWay).toEqual({ fractionNum: 1, fractionDen: 5, places: 3 });
    const six = await createMarketOk(r.trader, race(e.id, "EW Six", ["3.00", "4.00", "5.00", "6.00", "7.00", "11.00"]));
    expect((six as { eachWay?: unknown }).eachWay).toEqual({ fractionNum: 1, fractionDen: 4, places: 2 });
    const four = await createMarketOk(r.trader, race(e.id, "EW Four", ["2.50", "3.00", "5.00", "9.00"]));
    expect((four as { eachWay?: unknown }).eachWay).toBeNull();
    const card = (await listEvents(new Session(t), "status=upcoming&limit=200")).find((x) => x.id === e.id)!;
    const shown = card.markets.find((m) => m.id === eight.id) as unknown as { eachWay?: unknown };
    expect(shown.eachWay).toEqual({ fractionNum: 1, fractionDen: 5, places: 3 });
    expect((card.markets.find((m) => m.id === four.id) as unknown as { eachWay?: unknown }).eachWay).toBeUndefined();
  });

  it("a trader may set other terms or none", async () => {
    const e = pool.next(isRace);
    const own = await createMarketOk(r.trader, race(e.id, "EW Own", EIGHT, { eachWay: { fractionNum: 1, fractionDen: 4, places: 4 } }));
    expect((own as { eachWay?: unknown }).eachWay).toEqual({ fractionNum: 1, fractionDen: 4, places: 4 });
    const none = await createMarketOk(r.trader, race(e.id, "EW None", EIGHT, { eachWay: null }));
    expect((none as { eachWay?: unknown }).eachWay).toBeNull();
  });

  it("refused with nothing written: terms on a non-racing market, places not fewer than the runners, a fraction above 1", async () => {
    const soccer = pool.next((x) => x.sport === "soccer");
    const e = pool.next(isRace);
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM markets");
    await expectError(
      await r.trader.post("/api/admin/create-market", { eventId: soccer.id, marketType: "full_time_result", name: "EW Soccer", outcomes: [{ name: "Home", odds: "2.00" }, { name: "Away", odds: "1.90" }], eachWay: { fractionNum: 1, fractionDen: 4, places: 1 } }),
      422, "MARKET.EACH_WAY_NOT_OFFERED",
    );
    await expectError(await r.trader.post("/api/admin/create-market", race(e.id, "EW Too Many", EIGHT, { eachWay: { fractionNum: 1, fractionDen: 5, places: 8 } })), 422, "MARKET.EACH_WAY_TERMS_INVALID");
    await expectError(await r.trader.post("/api/admin/create-market", race(e.id, "EW Big", EIGHT, { eachWay: { fractionNum: 2, fractionDen: 1, places: 3 } })), 422, "MARKET.EACH_WAY_TERMS_INVALID");
    await expectError(await r.trader.post("/api/admin/create-market", race(e.id, "EW Zero", EIGHT, { eachWay: { fractionNum: 0, fractionDen: 5, places: 3 } })), 400, "REQUEST.INVALID");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM markets")).toBe(before);
  });
});

async function eightRunnerRace(name: string, extra: Record<string, unknown> = {}) {
  const e = pool.next(isRace); // a market of our own on a seeded race: nothing else of the race changes
  const m = await createMarketOk(r.trader, race(e.id, name, EIGHT, extra));
  const sel = (i: number) => ({ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[i].id, odds: m.outcomes[i].odds });
  return { e, m, sel };
}

describe("each-way bets", () => {
  it("costs 2 x the unit stake, taken in full by the ledger; stores the terms; potential return is both parts", async () => {
    const { sel } = await eightRunnerRace("EW Place Bet");
    const c = await demoLogin(t, "customer");
    const before = (await balanceOf(c));
    // 5.00 e/w at 9.00, 1/5 three places: win 45.00 + place 5.00 x (1 + 8/5) = 13.00 -> 58.00
    const res = await c.post("/api/bets", { selections: [sel(0)], stake: 500, betType: "single", eachWay: true });
    const body = JSON.parse(await res.text());
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.bet.stake).toBe(1000);
    expect(body.bet.potentialReturn).toBe(5800);
    expect(body.balance).toBe(before - 1000);
    const row = (await t.database.client.execute({ sql: "SELECT stake, ew_fraction_num, ew_fraction_den, ew_places FROM bets WHERE id = ?", args: [body.bet.id] })).rows[0];
    expect({ ...row }).toMatchObject({ stake: 1000, ew_fraction_num: 1, ew_fraction_den: 5, ew_places: 3 });
    const mine = (await (await c.get("/api/bets")).json()) as { id: string; eachWay?: unknown }[];
    expect(mine.find((b) => b.id === body.bet.id)!.eachWay).toEqual({ fractionNum: 1, fractionDen: 5, places: 3, unitStake: 500 });
    await expectLedgerBalanced(t.database);
  });

  it("refused with nothing written: each way in a multiple, on a market without terms", async () => {
    const a = await eightRunnerRace("EW Refuse A");
    const none = await eightRunnerRace("EW Refuse None", { eachWay: null });
    const c = await demoLogin(t, "customer");
    const bets = await countRows(t.database, "SELECT COUNT(*) AS n FROM bets");
    const postings = await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_postings");
    const before = (await balanceOf(c));
    await expectError(await c.post("/api/bets", { selections: [a.sel(0), none.sel(1)], stake: 500, betType: "multiple", eachWay: true }), 422, "BET.EACH_WAY_SINGLES_ONLY");
    await expectError(await c.post("/api/bets", { selections: [none.sel(0)], stake: 500, betType: "single", eachWay: true }), 422, "BET.EACH_WAY_NOT_OFFERED");
    await expectError(await c.post("/api/bets", { selections: [a.sel(0)], stake: 500, betType: "single", eachWay: "yes" }), 400, "REQUEST.INVALID");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM bets")).toBe(bets);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_postings")).toBe(postings);
    expect((await balanceOf(c))).toBe(before);
  });

  it("the market liability limit counts both parts: the counter-offer is a unit stake", async () => {
    const { m, sel } = await eightRunnerRace("EW Limit");
    // Liability of 5.00 e/w at 9.00 (1/5, 3 places) = 58.00 - 10.00 = 48.00; limit 40.00
    expect((await r.trader.request("PUT", `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 4000 })).status).toBe(200);
    const c = await demoLogin(t, "customer");
    const bets = await countRows(t.database, "SELECT COUNT(*) AS n FROM bets");
    const env = await expectError(await c.post("/api/bets", { selections: [sel(0)], stake: 500, betType: "single", eachWay: true }), 409, "BET.LIABILITY_LIMIT");
    const max = (env.error.details as { maxStake: number }).maxStake;
    expect(max).toBeGreaterThan(0);
    expect(max).toBeLessThan(500);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM bets")).toBe(bets);
    const ok = await c.post("/api/bets", { selections: [sel(0)], stake: max, betType: "single", eachWay: true });
    expect(ok.status, await ok.clone().text()).toBe(201);
  });
});

describe("settling each-way bets with placed runners (hand computed)", () => {
  it("won, placed only, unplaced, a dead heat for the last place; a win-only bet on a placed runner loses", async () => {
    const { m, sel } = await eightRunnerRace("EW Settle");
    const cs = await Promise.all([1, 2, 3, 4, 5].map(() => demoLogin(t, "customer")));
    const ew = async (c: Session, i: number, unit: number) => {
      const res = await c.post("/api/bets", { selections: [sel(i)], stake: unit, betType: "single", eachWay: true });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { bet: { id: string } }).bet.id;
    };
    const before = await Promise.all(cs.map((c) => balanceOf(c)));
    const a = await ew(cs[0], 0, 500); // 9.00 won: 45.00 + 5.00 x (1 + 8/5) = 58.00
    const b = await ew(cs[1], 1, 500); // 5.00 placed 2nd: 5.00 x (1 + 4/5) = 9.00
    const c = await ew(cs[2], 3, 500); // 8.00 unplaced: 0
    const d = await ew(cs[3], 2, 333); // 6.00 dead heat for 3rd, 1/2: 3.33 x (1 + 5/5) / 2 = 3.33
    const eRes = await cs[4].post("/api/bets", { selections: [sel(1)], stake: 1000, betType: "single" }); // win only on the 2nd: lost
    expect(eRes.status).toBe(201);
    const e = ((await eRes.json()) as { bet: { id: string } }).bet.id;
    const res = await r.admin.post(`/api/admin/markets/${m.id}/settle`, {
      winningOutcomeId: m.outcomes[0].id,
      placed: [
        { outcomeId: m.outcomes[1].id },
        { outcomeId: m.outcomes[2].id, deadHeat: { numerator: 1, denominator: 2 } },
        { outcomeId: m.outcomes[5].id, deadHeat: { numerator: 1, denominator: 2 } },
      ],
      override: { reason: "race run early in the test" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const row = async (id: string) => ({ ...(await t.database.client.execute({ sql: "SELECT status, actual_return FROM bets WHERE id = ?", args: [id] })).rows[0] });
    expect(await row(a)).toEqual({ status: "won", actual_return: 5800 });
    expect(await row(b)).toEqual({ status: "won", actual_return: 900 });
    expect(await row(c)).toEqual({ status: "lost", actual_return: 0 });
    expect(await row(d)).toEqual({ status: "won", actual_return: 333 });
    expect(await row(e)).toEqual({ status: "lost", actual_return: 0 });
    const after = await Promise.all(cs.map((s) => balanceOf(s)));
    expect(after.map((x, i) => x - before[i])).toEqual([5800 - 1000, 900 - 1000, -1000, 333 - 666, -1000]);
    await expectLedgerBalanced(t.database);
  });

  it("placed runners are refused on a market without terms, and more than the places without a dead heat", async () => {
    const none = await eightRunnerRace("EW Settle None", { eachWay: null });
    const three = await eightRunnerRace("EW Settle Many");
    const o = (x: typeof none, i: number) => ({ outcomeId: x.m.outcomes[i].id });
    const override = { reason: "race run early in the test" };
    await expectError(await r.admin.post(`/api/admin/markets/${none.m.id}/settle`, { winningOutcomeId: none.m.outcomes[0].id, placed: [o(none, 1)], override }), 422, "MARKET.RESULT_INVALID");
    await expectError(
      await r.admin.post(`/api/admin/markets/${three.m.id}/settle`, { winningOutcomeId: three.m.outcomes[0].id, placed: [o(three, 1), o(three, 2), o(three, 3), o(three, 4)], override }),
      422, "MARKET.RESULT_INVALID",
    );
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM markets WHERE id IN (?, ?) AND result_kind IS NOT NULL", [none.m.id, three.m.id])).toBe(0);
  });
});
