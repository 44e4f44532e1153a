/**
 * Same game multis: placing one (2-4 legs of one event, different markets, priced product x 0.85
 * rounded down to 0.001), the refusals, settling it like a multiple at its own price, cashing it
 * out, and GET /api/betting/same-game-multis built from real markets with real punter counts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, expectError, expectLedgerBalanced, milli, selectionOf, upcomingPool, type ApiEvent, type Selection } from "../fixtures/builders.ts";

let t: TestApp;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

const soccer = (e: ApiEvent) => e.sport === "soccer" && e.markets.length >= 4 && e.markets.every((m) => m.status === "open");
/** floor(product x 0.85) in thousandths, computed independently. */
function sgmMilli(odds: string[]): bigint {
  let num = 1n;
  let den = 1n;
  for (const o of odds) {
    num *= milli(o);
    den *= 1000n;
  }
  return (num * 1000n * 85n) / (den * 100n);
}
const fmt = (m: bigint) => {
  let frac = String(m % 1000n).padStart(3, "0");
  if (frac.endsWith("0")) frac = frac.slice(0, 2);
  return `${m / 1000n}.${frac}`;
};
const sgm = (s: Session, selections: Selection[], stake = 1_000) => s.post("/api/bets", { selections, stake, betType: "same_game_multi" });

describe("placing a same game multi", () => {
  it("takes 2-4 legs of one event from different markets at product x 0.85, rounded down to 0.001", async () => {
    const c = await demoLogin(t, "customer");
    const e = pool.next(soccer);
    const legs = [selectionOf(e, 0, 0), selectionOf(e, 1, 0), selectionOf(e, 3, 0)];
    const res = await sgm(c, legs, 1_000);
    expect(res.status).toBe(201);
    const body = await res.json();
    const price = sgmMilli(legs.map((l) => l.odds));
    expect(body.bet).toMatchObject({ totalOdds: fmt(price), potentialReturn: Number((1_000n * price) / 1000n), stake: 1_000 });
    const listed = (await (await c.get("/api/bets")).json())[0];
    expect(listed).toMatchObject({ id: body.bet.id, betType: "same_game_multi", totalOdds: fmt(price) });
    expect(listed.legs).toHaveLength(3);
    await expectLedgerBalanced(t.database);
  });

  it("refuses one leg, more than four, two events and two legs of one market, writing nothing", async () => {
    const c = await demoLogin(t, "customer");
    const e = pool.next(soccer);
    const other = pool.next(soccer);
    await expectError(await sgm(c, [selectionOf(e, 0, 0)]), 400, "BET.SGM_LEG_COUNT");
    const five = [0, 1, 2, 3, 4].map((m) => selectionOf(e, m, 0));
    await expectError(await sgm(c, five), 400, "BET.SGM_LEG_COUNT");
    await expectError(await sgm(c, [selectionOf(e, 0, 0), selectionOf(other, 1, 0)]), 400, "BET.SGM_ONE_EVENT");
    await expectError(await sgm(c, [selectionOf(e, 0, 0), selectionOf(e, 0, 1)]), 400, "BET.SGM_SAME_MARKET");
    // A plain multiple still may not hold two legs of one event.
    await expectError(await c.post("/api/bets", { selections: [selectionOf(e, 0, 0), selectionOf(e, 1, 0)], stake: 1_000, betType: "multiple" }),
      400, "BET.SAME_EVENT_IN_MULTIPLE");
    expect(await balanceOf(c)).toBe(100_000);
  });

  it("settles like a multiple at its own price: a full-product return is refused with the right figure", async () => {
    const c = await demoLogin(t, "customer");
    const e = pool.next(soccer);
    const legs = [selectionOf(e, 0, 1), selectionOf(e, 1, 1)];
    const placed = await (await sgm(c, legs, 2_000)).json();
    const admin = await demoLogin(t, "admin");
    const full = Number((2_000n * milli(legs[0].odds) * milli(legs[1].odds)) / 1_000_000n);
    const wrong = await expectError(await admin.post(`/api/admin/settle-bet/${placed.bet.id}`, { status: "won", actualReturn: full }), 422, "BET.RETURN_MISMATCH");
    expect(wrong.error.details).toEqual({ expectedReturn: placed.bet.potentialReturn });
    const res = await admin.post(`/api/admin/settle-bet/${placed.bet.id}`, { status: "won", actualReturn: placed.bet.potentialReturn });
    expect(res.status).toBe(200);
    expect(await balanceOf(c)).toBe(100_000 - 2_000 + placed.bet.potentialReturn);
    await expectLedgerBalanced(t.database);
  });

  it("cashes out against the legs priced now as a same game multi", async () => {
    const c = await demoLogin(t, "customer");
    const e = pool.next(soccer);
    const legs = [selectionOf(e, 0, 0), selectionOf(e, 1, 0)];
    const placed = await (await sgm(c, legs, 1_000)).json();
    const q = await (await c.post(`/api/bets/${placed.bet.id}/cash-out/quote`)).json();
    const price = sgmMilli(legs.map((l) => l.odds));
    // Prices unchanged: 95% of stake x placed / current, with placed = current.
    expect(q.amount).toBe(Number((1_000n * price * 95n) / (price * 100n)));
  });
});

describe("GET /api/betting/same-game-multis", () => {
  it("suggests combinations from real open markets of one event each, with real punter counts", async () => {
    const res = await new Session(t).get("/api/betting/same-game-multis?limit=4");
    expect(res.status).toBe(200);
    const { items } = await res.json();
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(4);
    const events = new Map(pool.events.map((e) => [e.id, e]));
    const live = await (await new Session(t).get("/api/events?status=live&limit=200")).json();
    for (const e of live) events.set(e.id, e);
    for (const item of items) {
      const e = events.get(item.eventId)!;
      expect(e, item.eventId).toBeDefined();
      expect(item.eventName).toBe(e.name);
      expect(item.legs.length).toBeGreaterThanOrEqual(2);
      expect(new Set(item.legs.map((l: { marketId: string }) => l.marketId)).size).toBe(item.legs.length);
      for (const l of item.legs) {
        const m = e.markets.find((x) => x.id === l.marketId)!;
        expect(m.status).toBe("open");
        expect(m.outcomes.find((o) => o.id === l.outcomeId)?.name).toBe(l.selectionName);
      }
      expect(item.odds).toBe(fmt(sgmMilli(item.legs.map((l: { odds: string }) => l.odds))));
      expect(Number.isInteger(item.punters)).toBe(true);
    }
  });

  it("counts the real bets placed on exactly a combination, and puts the most placed first", async () => {
    const first = (await (await new Session(t).get("/api/betting/same-game-multis?limit=4")).json()).items.at(-1);
    const selections = first.legs.map((l: { outcomeId: string; marketId: string; odds: string }) => ({
      eventId: first.eventId, marketId: l.marketId, outcomeId: l.outcomeId, odds: l.odds,
    }));
    for (let i = 0; i < 2; i++) {
      const c = await demoLogin(t, "customer");
      expect((await sgm(c, [...selections].reverse(), 500)).status).toBe(201);
    }
    const after = (await (await new Session(t).get("/api/betting/same-game-multis?limit=4")).json()).items;
    const top = after.find((i: { eventId: string }) => i.eventId === first.eventId);
    expect(top.punters).toBeGreaterThanOrEqual(2);
    expect(after[0].punters).toBeGreaterThanOrEqual(top.punters);
    expect((await new Session(t).get("/api/betting/same-game-multis?limit=0")).status).toBe(400);
  });
});
