/**
 * Price sanity: creating a market or adjusting a price that leaves the book
 * outside 100-130 % is refused with 422 MARKET.OVERROUND_OUT_OF_RANGE (details.overround),
 * nothing written, unless the body carries confirm.reason (10+ characters), which is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, expectError, expectInvalidFields, upcomingPool } from "../fixtures/builders.ts";
import { auditRows, createMarketOk, rolesOf, twoWayMarket, type Roles } from "../fixtures/trading-desk.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

const counts = async () => ({
  markets: await countRows(t.database, "SELECT COUNT(*) AS n FROM markets"),
  outcomes: await countRows(t.database, "SELECT COUNT(*) AS n FROM outcomes"),
  audit: await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log"),
  prices: await countRows(t.database, "SELECT COUNT(*) AS n FROM price_changes"),
});

describe("create market: price sanity", () => {
  it("Over 9.5 @ 3.00 / Under 9.5 @ 3.00 (a 66.7 % book) is refused, nothing written; a short reason is a 400", async () => {
    const e = pool.forMutation();
    const body = twoWayMarket(e.id, "Corners 9.5", "3.00", "3.00");
    const before = await counts();
    const res = await expectError(await r.trader.post("/api/admin/create-market", body), 422, "MARKET.OVERROUND_OUT_OF_RANGE");
    expect(res.error.details).toEqual({ overround: 66.7, min: 100, max: 130 });
    await expectInvalidFields(await r.trader.post("/api/admin/create-market", { ...body, confirm: { reason: "short" } }), "confirm.reason");
    expect(await counts()).toEqual(before);
  });

  it("2.00 / 2.002 (a 99.95 % book) is refused as under 100 %, shown as 99.95, not rounded into range", async () => {
    const e = pool.forMutation();
    const body = twoWayMarket(e.id, "Nearly Evens", "2.00", "2.002");
    const before = await counts();
    const res = await expectError(await r.trader.post("/api/admin/create-market", body), 422, "MARKET.OVERROUND_OUT_OF_RANGE");
    expect(res.error.details).toEqual({ overround: 99.95, min: 100, max: 130 });
    expect(res.error.message).toContain("99.95 %");
    expect(await counts()).toEqual(before);
    const m = await createMarketOk(r.trader, { ...body, confirm: { reason: "Evens promotion, signed off" } });
    const [a] = await auditRows(t, m.id, "market.create");
    expect(a.after).toMatchObject({ overround: 99.95, overroundConfirmedReason: "Evens promotion, signed off" });
  });

  it("a 160 % book is refused too; confirmed with a reason it is created and the reason audited", async () => {
    const e = pool.forMutation();
    const body = twoWayMarket(e.id, "Boosted Corners", "1.25", "1.25"); // 80 + 80 = 160 %
    await expectError(await r.trader.post("/api/admin/create-market", body), 422, "MARKET.OVERROUND_OUT_OF_RANGE");
    const m = await createMarketOk(r.trader, { ...body, confirm: { reason: "Deliberately short, promo test" } });
    const [a] = await auditRows(t, m.id, "market.create");
    expect(a.after).toMatchObject({ overround: 160, overroundConfirmedReason: "Deliberately short, promo test" });
  });

  it("a book inside the range needs no reason and records its overround", async () => {
    const m = await createMarketOk(r.trader, twoWayMarket(pool.forMutation().id, "Fair Corners", "1.90", "1.95"));
    const [a] = await auditRows(t, m.id, "market.create");
    expect(a.after).toMatchObject({ overround: 103.9 });
    expect(a.after).not.toHaveProperty("overroundConfirmedReason");
  });
});

describe("adjust odds: price sanity", () => {
  it("moving a price to 1.01 (a 154.6 % book) is refused, nothing written; with a reason it passes and is audited", async () => {
    const e = pool.forMutation();
    const m = await createMarketOk(r.trader, twoWayMarket(e.id, "Adjust Sanity", "1.90", "1.80"));
    const before = await counts();
    const res = await expectError(
      await r.trader.post("/api/trading/adjust-odds", { outcomeId: m.outcomes[0].id, odds: "1.01" }),
      422,
      "MARKET.OVERROUND_OUT_OF_RANGE",
    );
    expect(res.error.details).toEqual({ overround: 154.6, min: 100, max: 130 });
    expect(await counts()).toEqual(before);
    const price = async () => (await t.database.client.execute({ sql: "SELECT price_milli FROM outcomes WHERE id = ?", args: [m.outcomes[0].id] })).rows[0].price_milli;
    expect(await price()).toBe(1900);
    const ok = await r.trader.post("/api/trading/adjust-odds", { outcomeId: m.outcomes[0].id, odds: "1.01", confirm: { reason: "Team news: keeper injured" } });
    expect(ok.status).toBe(200);
    expect(await price()).toBe(1010);
    const audit = await auditRows(t, m.outcomes[0].id, "odds.adjust");
    expect(audit.at(-1)!.after).toMatchObject({ odds: "1.01", overround: 154.6, overroundConfirmedReason: "Team news: keeper injured" });
  });

  it("a price inside the range passes without a reason", async () => {
    const e = pool.forMutation();
    const m = await createMarketOk(r.trader, twoWayMarket(e.id, "Adjust Fair", "1.90", "1.80"));
    const res = await r.trader.post("/api/trading/adjust-odds", { outcomeId: m.outcomes[0].id, odds: "2.00" });
    expect(res.status).toBe(200);
    expect((await auditRows(t, m.outcomes[0].id, "odds.adjust"))[0].after).toMatchObject({ overround: 105.6 });
  });
});
