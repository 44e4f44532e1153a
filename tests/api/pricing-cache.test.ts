/**
 * What a server keeps of the rows placement prices from (adapters/libsql/pricing-cache.ts) is never
 * used once those rows changed, whoever changed them. Rows written by plain SQL between two bets, as
 * another server on the same database or an operator's script would, decide the second bet, even
 * where the placement write itself would not notice (each-way terms). The counter that makes this so
 * (migration 0064) moves with every change to a column placement reads, and not with a write of the
 * same values or of a column it does not read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { currentUserId, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { createMarketOk, rolesOf, type Roles } from "../fixtures/trading-desk.ts";
import { LibsqlEvents, PRICED_OUTCOMES_SELECT } from "../../adapters/libsql/events.ts";
import { PricedOutcomeCache, PricingVersion } from "../../adapters/libsql/pricing-cache.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

const sql = (statement: string, args: (string | number | null)[] = []) => t.database.client.execute({ sql: statement, args });
const counter = async () => Number((await sql("SELECT n FROM pricing_version WHERE id = 1")).rows[0].n);

describe("the counter", () => {
  it("each column placement reads is compared by its table's update trigger", async () => {
    const tables = { o: "outcomes", m: "markets", e: "events" } as const;
    const read = [...PRICED_OUTCOMES_SELECT.matchAll(/\b([ome])\.([a-z_]+)/g)].map(([, alias, column]) => [tables[alias as "o"], column] as const);
    expect(read.length).toBeGreaterThan(10);
    for (const [table, column] of read) {
      const trigger = (await sql("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", [`${table}_pricing_version_update`])).rows[0];
      expect(String(trigger?.sql), `${table}.${column}`).toContain(`NEW.${column} IS NOT OLD.${column}`);
    }
  });

  it("moves with a change to a priced column, an insert and a delete; not with the same value or the live score", async () => {
    const e = pool.next();
    const o = e.markets[0].outcomes[0];
    let last = await counter();
    const moves = async (statement: string, args: (string | number | null)[], by: number) => {
      await sql(statement, args);
      const next = await counter();
      expect(next - last, statement).toBe(by);
      last = next;
    };
    await moves("UPDATE outcomes SET price_milli = price_milli WHERE id = ?", [o.id], 0);
    await moves("UPDATE outcomes SET price_milli = price_milli + 10 WHERE id = ?", [o.id], 1);
    await moves("UPDATE markets SET ew_places = ew_places WHERE id = ?", [e.markets[0].id], 0);
    await moves("UPDATE markets SET name = name || ' ' WHERE id = ?", [e.markets[0].id], 1);
    await moves("UPDATE events SET home_score = COALESCE(home_score, 0) + 1, minute = 3 WHERE id = ?", [e.id], 0);
    await moves("UPDATE events SET suspended_until = 1 WHERE id = ?", [e.id], 1);
    await moves("UPDATE events SET suspended_until = NULL WHERE id = ?", [e.id], 1);
    await moves("INSERT INTO outcomes (id, market_id, name, price_milli, sort_order, updated_at) VALUES (?, ?, 'Extra', 5000, 99, ?)", [`x-${o.id}`, e.markets[0].id, Date.now()], 1);
    await moves("DELETE FROM outcomes WHERE id = ?", [`x-${o.id}`], 1);
  });
});

describe("kept rows", () => {
  it("answer a read as of the session lookup until the counter moves; a read as of now always reads", async () => {
    const versions = new PricingVersion();
    const events = new LibsqlEvents(t.database.client, new PricedOutcomeCache(versions));
    const o = pool.next().markets[0].outcomes[0];
    // No session lookup has reported a counter: nothing kept is used.
    const first = (await events.pricedOutcomes([o.id], "session"))[0];
    expect((await events.pricedOutcomes([o.id], "session"))[0]).not.toBe(first);
    versions.observe(await counter());
    const kept = (await events.pricedOutcomes([o.id], "session"))[0];
    expect((await events.pricedOutcomes([o.id], "session"))[0]).toBe(kept);
    expect(Object.isFrozen(kept)).toBe(true);
    await sql("UPDATE outcomes SET price_milli = price_milli + 20 WHERE id = ?", [o.id]);
    expect((await events.pricedOutcomes([o.id], "now"))[0].priceMilli).toBe(kept.priceMilli + 20);
    versions.observe(await counter());
    expect((await events.pricedOutcomes([o.id], "session"))[0].priceMilli).toBe(kept.priceMilli + 20);
  });
});

describe("a bet after another writer changed what it is priced from", () => {
  it("a price changed by SQL between two bets: under 'accept any' the second is placed at the new price", async () => {
    const s = await demoLogin(t, "customer");
    const id = await currentUserId(s);
    await sql("INSERT INTO user_settings (user_id, odds_format, price_change_policy, reality_check_minutes, updated_at) VALUES (?, 'decimal', 'accept_any', 60, ?)", [id, Date.now()]);
    const sel = selectionOf(pool.next());
    expect((await placeOk(s, [sel], 100)).bet.totalOdds).toBe(sel.odds);
    await sql("UPDATE outcomes SET price_milli = price_milli + 250, updated_at = ? WHERE id = ?", [Date.now(), sel.outcomeId]);
    const now = Number((await sql("SELECT price_milli FROM outcomes WHERE id = ?", [sel.outcomeId])).rows[0].price_milli);
    expect(Number((await placeOk(s, [sel], 100)).bet.totalOdds) * 1000).toBe(now);
  });

  it("each-way terms changed by SQL between two bets: the second carries the new terms", async () => {
    const race = pool.next((e) => e.sport === "racing");
    const odds = ["9.00", "5.00", "6.00", "8.00", "11.00", "13.00", "15.00", "4.00"];
    const m = await createMarketOk(r.trader, { eventId: race.id, marketType: "full_time_result", name: "EW Kept", outcomes: odds.map((o, i) => ({ name: `${i + 1}. Runner`, odds: o })) });
    const sel = { eventId: race.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: m.outcomes[0].odds };
    const c = await demoLogin(t, "customer");
    const terms = async (betId: string) => ({ ...(await sql("SELECT ew_fraction_num, ew_fraction_den, ew_places FROM bets WHERE id = ?", [betId])).rows[0] });
    const place = async () => {
      const res = await c.post("/api/bets", { selections: [sel], stake: 500, betType: "single", eachWay: true });
      expect(res.status).toBe(201);
      return ((await res.json()) as { bet: { id: string } }).bet.id;
    };
    expect(await terms(await place())).toEqual({ ew_fraction_num: 1, ew_fraction_den: 5, ew_places: 3 });
    await sql("UPDATE markets SET ew_fraction_den = 4, ew_places = 2 WHERE id = ?", [m.id]);
    expect(await terms(await place())).toEqual({ ew_fraction_num: 1, ew_fraction_den: 4, ew_places: 2 });
  });
});
