/**
 * Each way (issue 18 item 3, docs/money.md "Each way and Rule 4"): place terms on racing winner
 * markets (standard by field size, or the trader's own), each-way singles at 2 x the unit stake,
 * refusals with nothing written, and settlement with placed runners paying the hand computation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, expectError, listEvents, upcomingPool } from "../fixtures/builders.ts";
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
      await r.trader.post("/api/admin/create-market", { ...race(soccer.id, "EW Soccer", ["2.00", "1.90"]), marketType: "full_time_result", eachWay: { fractionNum: 1, fractionDen: 4, places: 1 } }),
      422, "MARKET.EACH_WAY_NOT_OFFERED",
    );
    await expectError(await r.trader.post("/api/admin/create-market", race(e.id, "EW Too Many", EIGHT, { eachWay: { fractionNum: 1, fractionDen: 5, places: 8 } })), 422, "MARKET.EACH_WAY_TERMS_INVALID");
    await expectError(await r.trader.post("/api/admin/create-market", race(e.id, "EW Big", EIGHT, { eachWay: { fractionNum: 2, fractionDen: 1, places: 3 } })), 422, "MARKET.EACH_WAY_TERMS_INVALID");
    await expectError(await r.trader.post("/api/admin/create-market", race(e.id, "EW Zero", EIGHT, { eachWay: { fractionNum: 0, fractionDen: 5, places: 3 } })), 400, "REQUEST.INVALID");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM markets")).toBe(before);
  });
});
