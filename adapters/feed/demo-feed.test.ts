import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DemoFeed } from "./demo-feed.ts";
import { demoLogin, makeTestApp, type TestApp } from "../../tests/fixtures/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const livePrices = async () => {
  const rs = await t.database.client.execute(`
    SELECT o.id, o.price_milli FROM outcomes o JOIN markets m ON m.id = o.market_id JOIN events e ON e.id = m.event_id
    WHERE e.status = 'live' AND m.type = 'full_time_result'`);
  return new Map(rs.rows.map((r) => [String(r.id), Number(r.price_milli)]));
};
const upcomingPrices = async () => {
  const rs = await t.database.client.execute(`
    SELECT o.id, o.price_milli FROM outcomes o JOIN markets m ON m.id = o.market_id JOIN events e ON e.id = m.event_id
    WHERE e.status = 'upcoming'`);
  return new Map(rs.rows.map((r) => [String(r.id), Number(r.price_milli)]));
};

describe("demo feed", () => {
  it("moves live match-winner prices by at most 0.10 a tick, never below 1.01, and leaves others alone", async () => {
    const feed = new DemoFeed(t.database.client, { intervalMs: 1000 });
    const upcomingBefore = await upcomingPrices();
    let before = await livePrices();
    let movedTotal = 0;
    for (let i = 0; i < 25; i++) {
      movedTotal += await feed.tick();
      const after = await livePrices();
      for (const [id, p] of after) {
        expect(Math.abs(p - before.get(id)!)).toBeLessThanOrEqual(100);
        expect(p).toBeGreaterThanOrEqual(1010);
      }
      before = after;
    }
    expect(movedTotal).toBeGreaterThan(0);
    expect(await upcomingPrices()).toEqual(upcomingBefore);
    expect(feed.status().lastTickAt).not.toBeNull();
  });

  it("advances the minute of live events", async () => {
    const minute = async () =>
      Number((await t.database.client.execute("SELECT minute FROM events WHERE id = 'evt_001'")).rows[0].minute);
    const feed = new DemoFeed(t.database.client, { intervalMs: 1000 });
    const m0 = await minute();
    await feed.tick();
    expect(await minute()).toBe(Math.min(90, m0 + 1));
  });

  it("the price placement checks is the price the feed stored: a bet at the old price is refused", async () => {
    const s = await demoLogin(t, "customer");
    const live = (await (await s.get("/api/live-odds")).json()) as { id: string; marketId: string; outcomes: { id: string; odds: string }[] }[];
    const ev = live[0];
    const o = ev.outcomes[0];
    // Move that exact price as the feed would (one step) and bet at the price seen before it.
    const feed = new DemoFeed(t.database.client, { intervalMs: 1000, random: () => 0.3 });
    await feed.tick();
    const now = (await livePrices()).get(o.id)!;
    expect(now).toBe(Math.round(Number(o.odds) * 1000) - 40); // a step of -0.04
    const res = await s.post("/api/bets", {
      selections: [{ eventId: ev.id, marketId: ev.marketId, outcomeId: o.id, odds: o.odds }],
      stake: 1000,
      betType: "single",
    });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error.code).toBe("BET.ODDS_CHANGED");
    expect(await (await s.get("/api/customer/balance")).json()).toEqual({ balance: 100000 });
  });
});

describe("demo feed with several instances on one database", () => {
  it("only the lease holder moves prices; the other stands by and takes over when the holder stops", async () => {
    const { DatabaseLease } = await import("../libsql/lease.ts");
    let now = Date.parse("2026-11-21T12:00:00Z");
    const clock = () => now;
    const feedFor = (holder: string) =>
      new DemoFeed(t.database.client, {
        intervalMs: 1000,
        random: ((i) => () => [0.2, 0.7, 0.4, 0.9, 0.1][i++ % 5])(0),
        leadership: new DatabaseLease(t.database.client, { name: "feed-test", holder, ttlMs: 3000, now: clock }),
      });
    const a = feedFor("a");
    const b = feedFor("b");
    expect(await a.tick()).toBeGreaterThan(0);
    expect(await b.tick()).toBe(0);
    expect([a.status().leader, b.status().leader]).toEqual([true, false]);
    now += 3000; // a stopped renewing (crashed): its lease lapses
    expect(await b.tick()).toBeGreaterThan(0);
    expect(await a.tick()).toBe(0);
    expect([a.status().leader, b.status().leader]).toEqual([false, true]);
  });
});
