/**
 * A race after the off: betting on it has closed for good (races are not bet in running), and the
 * refusal says so (409 BET.RACE_OFF) rather than "suspended while its prices are updated; try again
 * in a moment", which promised a reopening that never comes. Nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, expectError, listEvents, type ApiEvent } from "../fixtures/builders.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const winner = (e: ApiEvent) => {
  const m = e.markets[0];
  return { eventId: e.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: m.outcomes[0].odds };
};

describe("a race after the off", () => {
  it("at its start time: betting has closed, and nothing is written", async () => {
    const s = await demoLogin(t, "customer");
    const race = (await listEvents(s, "status=upcoming&limit=200")).find((e) => e.sport === "racing")!;
    const before = await balanceOf(s);
    const bets = await countRows(t.database, "SELECT COUNT(*) AS n FROM bets");
    t.clock.set(new Date(Date.parse(race.startTime)));
    try {
      const env = await expectError(await s.post("/api/bets", { selections: [winner(race)], stake: 500, betType: "single" }), 409, "BET.RACE_OFF");
      expect(env.error.message).toBe(`${race.name} is off: betting on this race has closed`);
      expect(env.error.details).toEqual({ eventId: race.id, prices: [{ outcomeId: winner(race).outcomeId, odds: null }] });
    } finally {
      t.clock.set(null as unknown as Date);
    }
    expect(await balanceOf(s)).toBe(before);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM bets")).toBe(bets);
  });

  it("running (live and suspended by the feed until its result): the same, never 'try again in a moment'", async () => {
    const admin = await demoLogin(t, "admin");
    const s = await demoLogin(t, "customer");
    const race = (await listEvents(s, "status=upcoming&limit=200")).filter((e) => e.sport === "racing")[1];
    expect((await admin.patch(`/api/admin/events/${race.id}`, { status: "live" })).status).toBe(200);
    await t.database.client.execute({ sql: "UPDATE events SET suspended_until = ? WHERE id = ?", args: [Date.now() + 600_000, race.id] });
    const env = await expectError(await s.post("/api/bets", { selections: [winner(race)], stake: 500, betType: "single" }), 409, "BET.RACE_OFF");
    expect(env.error.message).not.toMatch(/try again|prices are updated/);
  });

  it("a soccer match suspended after a goal still says to try again in a moment", async () => {
    const s = await demoLogin(t, "customer");
    const match = (await listEvents(s, "status=live&limit=200")).find((e) => e.sport === "soccer")!;
    await t.database.client.execute({ sql: "UPDATE events SET suspended_until = ? WHERE id = ?", args: [Date.now() + 600_000, match.id] });
    const m = match.markets.find((x) => x.type === "full_time_result")!;
    const sel = { eventId: match.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: m.outcomes[0].odds };
    const env = await expectError(await s.post("/api/bets", { selections: [sel], stake: 500, betType: "single" }), 409, "BET.MARKET_SUSPENDED");
    expect(env.error.message).toMatch(/try again in a moment/);
  });
});
