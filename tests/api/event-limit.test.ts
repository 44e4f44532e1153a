/**
 * The event limit (docs/trading.md "Event limit"): an event's liability is the sum over its markets
 * of each market's worst outcome, kept as a running total by the placement write's triggers
 * (migration 0062) and checked there against the event's own limit (or the default). Two markets
 * each within their own limits can together pass the event's: the bet is refused with the largest
 * stake that fits and nothing is written; settlement releases the total; raising the limit past
 * the four-eyes threshold is a request; the running total always equals the sum recomputed from
 * the bets.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { demoLogin, makeTestApp, realCustomerLogin, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, currentUserId, expectError, placeOk, upcomingPool } from "../fixtures/builders.ts";
import { auditRows, createMarketOk, put, rolesOf, twoWayMarket, type Roles } from "../fixtures/trading-desk.ts";
import { EARLY } from "../fixtures/settle.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

type EventLimit = { eventId: string; ownLimit: number | null; limit: number; defaultLimit: number; liability: number; limitUsage: number };
async function eventLimitOf(eventId: string): Promise<EventLimit> {
  const res = await r.trader.get(`/api/admin/events/${eventId}/limit`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { event: EventLimit }).event;
}
const runningTotal = async (eventId: string, demo = 0) =>
  Number((await t.database.client.execute({ sql: "SELECT worst_sum FROM event_liability WHERE event_id = ? AND demo = ?", args: [eventId, demo] })).rows[0]?.worst_sum ?? 0);

/** The event liability recomputed from the bets: per book, the sum over markets of the worst outcome. */
async function recomputed(eventId: string, demo: number): Promise<number> {
  const rs = await t.database.client.execute({
    sql: `SELECT COALESCE(SUM(worst), 0) AS total FROM (
            SELECT MAX(liab) AS worst FROM (
              SELECT l.market_id, l.outcome_id, SUM(b.potential_return - b.stake) AS liab
              FROM bet_legs l JOIN bets b ON b.id = l.bet_id JOIN users u ON u.id = b.user_id
              WHERE l.event_id = ? AND b.status = 'pending' AND u.is_demo = ?
              GROUP BY l.market_id, l.outcome_id)
            GROUP BY market_id)`,
    args: [eventId, demo],
  });
  return Number(rs.rows[0].total);
}

/** Two fresh markets on one event, each with a high limit of its own. */
async function twoMarkets() {
  const e = pool.forMutation();
  const a = await createMarketOk(r.admin, twoWayMarket(e.id, "Event limit A", "3.00", "1.40"));
  const b = await createMarketOk(r.admin, twoWayMarket(e.id, "Event limit B", "3.00", "1.40"));
  const sel = (m: typeof a, i: number) => ({ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[i].id, odds: m.outcomes[i].odds });
  return { e, a, b, sel };
}

describe("event limit", () => {
  it("two markets each within their own limits but together past the event's: refused with the stake that fits, nothing written", async () => {
    const { e, a, b, sel } = await twoMarkets();
    const c = await realCustomerLogin(t);
    const id = await currentUserId(c);
    const start = await eventLimitOf(e.id);
    expect(start).toMatchObject({ ownLimit: null, limit: start.defaultLimit });
    expect(start.liability).toBe(await recomputed(e.id, 0));
    // The event takes 100.00 more than it holds now; each market's own limit is far above that.
    expect((await put(r.trader, `/api/admin/events/${e.id}/limit`, { liabilityLimit: start.liability + 10_000 })).status).toBe(200);
    await placeOk(c, [sel(a, 0)], 3000); // 30.00 at 3.00: market A's worst 60.00
    expect((await eventLimitOf(e.id)).liability).toBe(start.liability + 6000);
    const before = [await countRows(t.database, "SELECT COUNT(*) AS n FROM bets WHERE user_id = ?", [id]), await balanceOf(c), await runningTotal(e.id)];
    // 25.00 at 3.00 on market B: 50.00, within B's own limit, but 60.00 + 50.00 > 100.00.
    const refused = await expectError(await c.post("/api/bets", { selections: [sel(b, 0)], stake: 2500, betType: "single" }), 409, "BET.EVENT_LIMIT");
    expect(refused.error.details).toMatchObject({ maxStake: 2000, eventId: e.id });
    expect(refused.error.message).toContain("$20.00");
    // One cent above the offer is refused inside the write too (the trigger), nothing written.
    await expectError(await c.post("/api/bets", { selections: [sel(b, 0)], stake: 2001, betType: "single" }), 409, "BET.EVENT_LIMIT");
    expect([await countRows(t.database, "SELECT COUNT(*) AS n FROM bets WHERE user_id = ?", [id]), await balanceOf(c), await runningTotal(e.id)]).toEqual(before);
    // The offer fits exactly and fills the event's limit.
    await placeOk(c, [sel(b, 0)], 2000);
    const full = await eventLimitOf(e.id);
    expect(full.liability).toBe(full.limit);
    expect(full.limitUsage).toBe(100);
    // A bet on an outcome below its market's worst adds nothing to the event: it still fits.
    await placeOk(c, [sel(a, 1)], 1000); // 10.00 at 1.40: 4.00 on A's other outcome, A's worst stays 60.00
    expect(await runningTotal(e.id)).toBe(full.liability);
    expect(await runningTotal(e.id)).toBe(await recomputed(e.id, 0));
  });

  it("is checked inside the write: a leg past the event's limit aborts the whole batch", async () => {
    const { e, a, sel } = await twoMarkets();
    const c = await realCustomerLogin(t);
    const id = await currentUserId(c);
    const start = (await eventLimitOf(e.id)).liability;
    expect((await put(r.trader, `/api/admin/events/${e.id}/limit`, { liabilityLimit: start + 10_000 })).status).toBe(200);
    const raw = (stake: number) =>
      t.database.client.batch(
        [
          { sql: "INSERT INTO bets (id, user_id, bet_type, stake, total_odds_milli, potential_return, status, placed_at) VALUES (?, ?, 'single', ?, 3000, ?, 'pending', ?)", args: [`bet_raw_${stake}`, id, stake, stake * 3, Date.now()] },
          { sql: "INSERT INTO bet_legs (id, bet_id, leg_no, event_id, market_id, outcome_id, odds_milli, result, event_name, market_name, selection_name) VALUES (?, ?, 1, ?, ?, ?, 3000, 'pending', 'e', 'm', 's')", args: [`bet_raw_${stake}-1`, `bet_raw_${stake}`, e.id, a.id, sel(a, 0).outcomeId] },
        ],
        "write",
      );
    await expect(raw(5001)).rejects.toThrow(/BET\.EVENT_LIMIT/); // 100.02 > 100.00
    expect(await runningTotal(e.id)).toBe(start);
    await raw(5000);
    expect(await runningTotal(e.id)).toBe(start + 10_000);
  });

  it("the desk, the risk tab and the dashboard show the event's liability the write enforces, against the event's limit", async () => {
    const { e, a, b, sel } = await twoMarkets();
    const c = await realCustomerLogin(t);
    const start = (await eventLimitOf(e.id)).liability;
    expect((await put(r.trader, `/api/admin/events/${e.id}/limit`, { liabilityLimit: start + 10_000 })).status).toBe(200);
    await placeOk(c, [sel(a, 0)], 3000);
    await placeOk(c, [sel(b, 0)], 1500);
    const enforced = await runningTotal(e.id);
    expect(enforced).toBe(start + 9000);
    type Figure = { liability: number; limit: number; limitUsage: number };
    const desk = (await (await r.trader.get("/api/trading/overview")).json()) as { markets: { eventId: string; totalLiability: number; eventLimit: Figure | null }[] };
    const risk = (await (await r.trader.get("/api/admin/risk-metrics")).json()) as { markets: { marketId: string; eventLimit: Figure | null }[] };
    const dash = (await (await r.admin.get("/api/dashboard/stats")).json()) as { tightestEvent: (Figure & { eventId: string }) | null };
    const expected = { liability: enforced, limit: start + 10_000, limitUsage: Math.round((10_000 * enforced) / (start + 10_000)) / 100 };
    const row = desk.markets.find((x) => x.eventId === e.id)!;
    expect(row.eventLimit).toEqual(expected);
    expect(row.totalLiability).toBe(enforced);
    expect(risk.markets.find((m) => m.marketId === a.id)!.eventLimit).toEqual(expected);
    // The dashboard names the event nearest its limit, with the desk's figure for it.
    const tightest = dash.tightestEvent!;
    expect(tightest.limitUsage).toBeGreaterThanOrEqual(expected.limitUsage);
    expect(desk.markets.find((x) => x.eventId === tightest.eventId)!.eventLimit).toEqual({ liability: tightest.liability, limit: tightest.limit, limitUsage: tightest.limitUsage });
    expect((await eventLimitOf(e.id)).liability).toBe(enforced);
  });

  it("settlement releases the event's total: the refused bet then fits", async () => {
    const { e, a, b, sel } = await twoMarkets();
    const c = await realCustomerLogin(t);
    const start = (await eventLimitOf(e.id)).liability;
    expect((await put(r.trader, `/api/admin/events/${e.id}/limit`, { liabilityLimit: start + 10_000 })).status).toBe(200);
    await placeOk(c, [sel(a, 0)], 5000); // 100.00: the event is full
    await expectError(await c.post("/api/bets", { selections: [sel(b, 0)], stake: 100, betType: "single" }), 409, "BET.EVENT_LIMIT");
    // Market A settles against the bet (Away wins): its 100.00 leaves the event's total.
    const settled = await r.admin.post(`/api/admin/markets/${a.id}/settle`, { winningOutcomeId: a.outcomes[1].id, override: EARLY });
    expect(settled.status, await settled.clone().text()).toBe(200);
    expect(await runningTotal(e.id)).toBe(start);
    await placeOk(c, [sel(b, 0)], 2500);
    expect(await runningTotal(e.id)).toBe(await recomputed(e.id, 0));
  });

  it("lowering applies at once; raising past the four-eyes threshold waits for a second admin", async () => {
    const { e } = await twoMarkets();
    const low = await put(r.trader, `/api/admin/events/${e.id}/limit`, { liabilityLimit: 50_000_000 });
    expect(low.status).toBe(200);
    expect((await eventLimitOf(e.id)).ownLimit).toBe(50_000_000);
    expect((await auditRows(t, e.id, "event.limit")).length).toBe(1);
    const high = await put(r.trader, `/api/admin/events/${e.id}/limit`, { liabilityLimit: 3_000_000_000 });
    expect(high.status).toBe(202);
    const { approval } = (await high.json()) as { approval: { id: string; kind: string } };
    expect(approval.kind).toBe("event_limit");
    expect((await eventLimitOf(e.id)).ownLimit).toBe(50_000_000);
    await expectError(await r.trader.post(`/api/admin/approvals/${approval.id}/approve`, {}), 403, "AUTH.FORBIDDEN");
    const second = await demoLogin(t, "admin");
    const ok = await second.post(`/api/admin/approvals/${approval.id}/approve`, {});
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect((await eventLimitOf(e.id)).ownLimit).toBe(3_000_000_000);
    // null returns the event to the default (lower: at once).
    expect((await put(r.trader, `/api/admin/events/${e.id}/limit`, { liabilityLimit: null })).status).toBe(200);
    expect((await eventLimitOf(e.id)).ownLimit).toBeNull();
  });

  it("bad input is a 400 and unknown events a 404, nothing written", async () => {
    const { e } = await twoMarkets();
    await expectError(await put(r.trader, `/api/admin/events/${e.id}/limit`, { liabilityLimit: 99 }), 400, "REQUEST.INVALID");
    await expectError(await put(r.trader, `/api/admin/events/${e.id}/limit`, { liabilityLimit: "x" }), 400, "REQUEST.INVALID");
    await expectError(await put(r.trader, "/api/admin/events/nope/limit", { liabilityLimit: 10_000 }), 404, "EVENT.NOT_FOUND");
    await expectError(await r.customer.get(`/api/admin/events/${e.id}/limit`), 403, "AUTH.FORBIDDEN");
    expect((await eventLimitOf(e.id)).ownLimit).toBeNull();
  });
});

describe("the running total", () => {
  it("equals the sum recomputed from the bets after any sequence of placements, settlements, voids, cash-outs and deletions", async () => {
    const { e, a, b } = await twoMarkets();
    const c = await createMarketOk(r.admin, twoWayMarket(e.id, "Event limit C", "2.50", "1.50"));
    const outcomes = [a, b, c].flatMap((m) => m.outcomes.map((o) => ({ marketId: m.id, outcomeId: o.id, milli: Math.round(Number(o.odds) * 1000) })));
    const real = await currentUserId(await realCustomerLogin(t));
    const demo = await currentUserId(r.customer);
    let n = 0;
    const op = fc.oneof(
      fc.record({ kind: fc.constant("place" as const), legs: fc.uniqueArray(fc.integer({ min: 0, max: outcomes.length - 1 }), { minLength: 1, maxLength: 3, selector: (i) => outcomes[i].marketId }), stake: fc.integer({ min: 100, max: 5000 }), demo: fc.boolean() }),
      fc.record({ kind: fc.constantFrom("won" as const, "lost" as const, "void" as const, "cashed_out" as const, "delete" as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === "place") {
            const id = `bet_prop_${++n}`;
            const odds = o.legs.reduce((p, i) => p * (outcomes[i].milli / 1000), 1);
            const potential = Math.floor(o.stake * odds);
            await t.database.client.batch(
              [
                { sql: "INSERT INTO bets (id, user_id, bet_type, stake, total_odds_milli, potential_return, status, placed_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)", args: [id, o.demo ? demo : real, o.legs.length > 1 ? "multiple" : "single", o.stake, Math.round(odds * 1000), potential, Date.now()] },
                ...o.legs.map((i, k) => ({
                  sql: "INSERT INTO bet_legs (id, bet_id, leg_no, event_id, market_id, outcome_id, odds_milli, result, event_name, market_name, selection_name) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 'e', 'm', 's')",
                  args: [`${id}-${k + 1}`, id, k + 1, e.id, outcomes[i].marketId, outcomes[i].outcomeId, outcomes[i].milli],
                })),
              ],
              "write",
            );
          } else {
            const open = (await t.database.client.execute({ sql: "SELECT id FROM bets WHERE id LIKE 'bet_prop_%' AND status = 'pending' ORDER BY id" })).rows;
            if (open.length === 0) continue;
            const id = String(open[o.pick % open.length].id);
            if (o.kind === "delete")
              await t.database.client.batch([{ sql: "DELETE FROM bet_legs WHERE bet_id = ?", args: [id] }, { sql: "DELETE FROM bets WHERE id = ?", args: [id] }], "write");
            else await t.database.client.execute({ sql: "UPDATE bets SET status = ?, actual_return = 0, settled_at = ? WHERE id = ?", args: [o.kind, Date.now(), id] });
          }
          for (const book of [0, 1]) expect(await runningTotal(e.id, book)).toBe(await recomputed(e.id, book));
        }
      }),
      { numRuns: 8 },
    );
  });
});
