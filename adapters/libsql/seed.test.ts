import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerInvariants, makeTestApp, type TestApp } from "../../tests/fixtures/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe("demo data", () => {
  it("has at least 30 events over every sport of the landing page and the betting tabs", async () => {
    const events = await t.database.client.execute("SELECT sport, status, COUNT(*) AS n FROM events GROUP BY sport, status");
    const total = events.rows.reduce((s, r) => s + Number(r.n), 0);
    expect(total).toBeGreaterThanOrEqual(30);
    const sports = new Set(events.rows.map((r) => String(r.sport)));
    for (const s of ["soccer", "basketball", "tennis", "nfl", "hockey", "mlb", "afl", "nrl", "golf", "cricket", "racing"])
      expect(sports).toContain(s);
    const live = events.rows.filter((r) => r.status === "live").reduce((s, r) => s + Number(r.n), 0);
    expect(live).toBeGreaterThanOrEqual(5);
  });

  it("gives every event a match-winner market (with a draw where the sport has one) and more markets", async () => {
    const rs = await t.database.client.execute(`
      SELECT e.id, s.has_draw, e.sport,
        (SELECT COUNT(*) FROM markets m WHERE m.event_id = e.id) AS markets,
        (SELECT COUNT(*) FROM markets m WHERE m.event_id = e.id AND m.type = 'full_time_result') AS winner,
        (SELECT COUNT(*) FROM outcomes o JOIN markets m ON m.id = o.market_id WHERE m.event_id = e.id AND m.type = 'full_time_result' AND o.name = 'Draw') AS draws
      FROM events e JOIN sports s ON s.code = e.sport`);
    for (const r of rs.rows) {
      expect(Number(r.winner), String(r.id)).toBe(1);
      expect(Number(r.markets), String(r.id)).toBeGreaterThanOrEqual(2);
      if (["soccer", "hockey", "cricket"].includes(String(r.sport))) expect(Number(r.draws), String(r.id)).toBe(1);
    }
  });

  it("has customers with placed and settled bets, and a balanced ledger", async () => {
    const bets = await t.database.client.execute("SELECT status, COUNT(*) AS n FROM bets GROUP BY status");
    const by = Object.fromEntries(bets.rows.map((r) => [String(r.status), Number(r.n)]));
    expect(by.pending).toBeGreaterThan(0);
    expect((by.won ?? 0) + (by.lost ?? 0)).toBeGreaterThan(0);
    const customers = await t.database.client.execute("SELECT COUNT(DISTINCT user_id) AS n FROM bets");
    expect(Number(customers.rows[0].n)).toBeGreaterThanOrEqual(5);
    expect(await ledgerInvariants(t.database)).toEqual({
      totalSum: 0,
      unbalancedTransactions: 0,
      cachedBalanceMismatches: 0,
      negativeWallets: 0,
    });
  });
});
