/**
 * A market whose price would be 1.02 or shorter is taken down, not offered at 1.01 against a capped
 * other side (docs/trading.md "Margin and prices too short"): the feed suspends it with the reason
 * "price_too_short", customers see why and cannot bet it (409, nothing written), a trader cannot
 * reopen it by hand, and the feed reopens it at fresh prices once the price has lengthened.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DemoFeed } from "../../adapters/feed/demo-feed.ts";
import { mulberry32 } from "../../domain/shared/prng.ts";
import type { MatchState } from "../../domain/shared/types.ts";
import { demoLogin, makeTestApp, type TestApp } from "../fixtures/test-app.ts";

let t: TestApp;
/** A market of the same event a trader suspends before anything happens: the feed must leave it suspended. */
let traderSuspended: string;
beforeAll(async () => {
  t = await makeTestApp();
  const [m] = await (await t.database.client.execute({ sql: "SELECT id FROM markets WHERE event_id = ? AND type = 'handicap' AND status = 'open'", args: ["evt_001"] })).rows;
  traderSuspended = String(m.id);
});
afterAll(() => t.close());

const q = async (sql: string, args: (string | number)[] = []) => (await t.database.client.execute({ sql, args })).rows;
const EVENT = "evt_001"; // Arsenal v Chelsea, live soccer in the demo data

async function resultMarket() {
  const [m] = await q("SELECT id, status, suspended_reason FROM markets WHERE event_id = ? AND type = 'full_time_result'", [EVENT]);
  const outcomes = await q("SELECT id, code, price_milli FROM outcomes WHERE market_id = ? ORDER BY sort_order", [String(m.id)]);
  return { id: String(m.id), status: String(m.status), reason: m.suspended_reason, outcomes };
}

/** Put the match in `patch` and let the feed price it (a tick 1 ms of match time later). */
async function playTo(patch: Partial<MatchState>, score: [number, number]): Promise<number> {
  const [e] = await q("SELECT state, state_at FROM events WHERE id = ?", [EVENT]);
  const state = { ...(JSON.parse(String(e.state)) as MatchState), ...patch, home: score[0], away: score[1], phase: "live" as const };
  const at = Number(e.state_at) + 60_000;
  await t.database.client.execute({
    sql: "UPDATE events SET state = ?, home_score = ?, away_score = ?, state_at = ?, suspended_until = NULL WHERE id = ?",
    args: [JSON.stringify(state), score[0], score[1], at - 1, EVENT],
  });
  const feed = new DemoFeed(t.database.client, { intervalMs: 1000, clockSpeed: 0.001, random: mulberry32(3), now: () => new Date(at) });
  await feed.tick();
  return at;
}

describe("price too short: taken down, never offered at 1.01", () => {
  it("a side four up in stoppage time: the result market is suspended with its reason; the short prices are not written", async () => {
    const before = await resultMarket();
    expect(before.status).toBe("open");
    const trader = await demoLogin(t, "trader");
    expect((await trader.post(`/api/admin/markets/${traderSuspended}/suspend`, {})).status).toBe(200);
    const at = await playTo({ period: 2, clock: 5500, length: 5640, stoppage: 240 }, [4, 0]);
    const after = await resultMarket();
    expect(after.status).toBe("suspended");
    expect(after.reason).toBe("price_too_short");
    // The last offered prices stay (shown as suspended); nothing at or below 1.02 was published.
    for (const o of after.outcomes) expect(Number(o.price_milli)).toBeGreaterThan(1020);
    t.clock.set(new Date(at + 10_000));
  });

  it("customers see the market suspended and why, in the events list and the live odds", async () => {
    const s = await demoLogin(t, "customer");
    const events = (await (await s.get("/api/events?status=live&limit=200")).json()) as { id: string; markets: { type: string; status: string; suspendedReason?: string }[] }[];
    const m = events.find((e) => e.id === EVENT)!.markets.find((x) => x.type === "full_time_result")!;
    expect(m).toMatchObject({ status: "suspended", suspendedReason: "price_too_short" });
    const live = (await (await s.get("/api/live-odds")).json()) as { id: string; marketStatus: string; marketSuspendedReason?: string }[];
    expect(live.find((e) => e.id === EVENT)).toMatchObject({ marketStatus: "suspended", marketSuspendedReason: "price_too_short" });
  });

  it("a bet on it is refused with 409 BET.MARKET_CLOSED and nothing is written", async () => {
    const s = await demoLogin(t, "customer");
    const m = await resultMarket();
    const home = m.outcomes.find((o) => o.code === "home")!;
    const bets = Number((await q("SELECT COUNT(*) AS n FROM bets"))[0].n);
    const balance = (await (await s.get("/api/auth/user")).json()).balance;
    const res = await s.post("/api/bets", {
      selections: [{ eventId: EVENT, marketId: m.id, outcomeId: String(home.id), odds: (Number(home.price_milli) / 1000).toFixed(2) }],
      stake: 1000,
      betType: "single",
    });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error.code).toBe("BET.MARKET_CLOSED");
    expect(body.error.message).toMatch(/suspended/);
    expect(Number((await q("SELECT COUNT(*) AS n FROM bets"))[0].n)).toBe(bets);
    expect((await (await s.get("/api/auth/user")).json()).balance).toBe(balance);
  });

  it("a trader cannot reopen it by hand: 409 MARKET.PRICE_TOO_SHORT; the market stays down", async () => {
    const trader = await demoLogin(t, "trader");
    const m = await resultMarket();
    const res = await trader.post(`/api/admin/markets/${m.id}/reopen`, {});
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe("MARKET.PRICE_TOO_SHORT");
    const admin = (await (await trader.get(`/api/admin/markets/${m.id}`)).json()) as { market: { status: string; suspendedReason?: string } };
    expect(admin.market).toMatchObject({ status: "suspended", suspendedReason: "price_too_short" });
    expect((await resultMarket()).status).toBe("suspended");
  });

  it("the feed reopens it at fresh prices once the price lengthens; a market a trader suspended stays suspended", async () => {
    await playTo({ period: 2, clock: 3600, length: 5400, stoppage: undefined }, [4, 4]);
    const m = await resultMarket();
    expect(m.status).toBe("open");
    expect(m.reason).toBeNull();
    for (const o of m.outcomes) expect(Number(o.price_milli)).toBeGreaterThanOrEqual(1030);
    const [still] = await q("SELECT status, suspended_reason FROM markets WHERE id = ?", [traderSuspended]);
    expect(still).toMatchObject({ status: "suspended", suspended_reason: null });
  });

  it("the database keeps the reason to suspended markets: a reason on an open market is refused, and reopening clears it", async () => {
    const m = await resultMarket();
    await expect(t.database.client.execute({ sql: "UPDATE markets SET suspended_reason = 'price_too_short' WHERE id = ?", args: [m.id] })).rejects.toThrow(/MARKET.INVALID_TRANSITION/);
    await t.database.client.execute({ sql: "UPDATE markets SET status = 'suspended', suspended_reason = 'price_too_short' WHERE id = ?", args: [m.id] });
    await t.database.client.execute({ sql: "UPDATE markets SET status = 'open' WHERE id = ?", args: [m.id] });
    expect((await resultMarket()).reason).toBeNull();
  });
});
