/**
 * The demo sandbox and shared things (domain/shared/reach.ts requireSharedWithinReach,
 * docs/security.md "Demo mode"): demo staff may not settle, void, unsettle, resettle or release a
 * market, change an event's result or status, or change a price or a limit, on a market or event a
 * registered customer has a bet on: 403 SANDBOX.OUT_OF_REACH and nothing is written. On a market only
 * demo and sample customers bet on, the spec's demo journey still works: the demo customer bets and
 * the demo admin settles it. Real staff are not refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, staffLogin, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, expectError, placeOk, upcomingPool } from "../fixtures/builders.ts";
import { put, verifiedCustomer } from "../fixtures/accounts.ts";
import { createMarketOk, twoWayMarket } from "../fixtures/trading-desk.ts";
import { EARLY, oneApproverForCorrections } from "../fixtures/settle.ts";
import { createContestOk, enterOk, HOUR, lineupFor } from "../fixtures/fantasy.ts";

let t: TestApp;
let demoAdmin: Session;
let demoTrader: Session;
let realAdmin: Session;
let registered: Session;
let demoCustomer: Session;
type Market = Awaited<ReturnType<typeof createMarketOk>>;
/** Event A: a registered customer bets on market `held` (open) and `settled` (settled by a real admin). Event B: demo bets only. */
let a: { eventId: string; held: Market; settled: Market };
let b: { eventId: string; market: Market };

const sel = (eventId: string, m: Market, i = 0) => ({ eventId, marketId: m.id, outcomeId: m.outcomes[i].id, odds: m.outcomes[i].odds });

beforeAll(async () => {
  t = await makeTestApp();
  await oneApproverForCorrections(t.database);
  demoAdmin = await demoLogin(t, "admin");
  demoTrader = await demoLogin(t, "trader");
  realAdmin = await staffLogin(t, "admin");
  const pool = await upcomingPool(realAdmin);
  const ea = pool.forMutation();
  const eb = pool.forMutation();
  a = {
    eventId: ea.id,
    held: await createMarketOk(realAdmin, twoWayMarket(ea.id, "Held by a registered customer")),
    settled: await createMarketOk(realAdmin, twoWayMarket(ea.id, "Settled with a registered bet")),
  };
  b = { eventId: eb.id, market: await createMarketOk(realAdmin, twoWayMarket(eb.id, "Demo bets only")) };
  registered = (await verifiedCustomer(t, "full")).session;
  await put(registered, "/api/responsible/limit-prompt", { declined: true });
  expect((await registered.post("/api/wallet/deposits", { method: "bank", amount: 50_000 })).status).toBe(201);
  await placeOk(registered, [sel(a.eventId, a.held)], 1_000);
  await placeOk(registered, [sel(a.eventId, a.settled)], 1_000);
  const done = await realAdmin.post(`/api/admin/markets/${a.settled.id}/settle`, { winningOutcomeId: a.settled.outcomes[0].id, override: EARLY });
  expect(done.status, await done.clone().text()).toBe(200);
  demoCustomer = await demoLogin(t, "customer");
});
afterAll(() => t.close());

/** Everything of event A a refused action could have changed. */
async function snapshotA() {
  const rows = async (sql: string, args: string[]) => JSON.stringify((await t.database.client.execute({ sql, args })).rows);
  return {
    event: await rows("SELECT status, home_score, away_score, start_time, liability_limit FROM events WHERE id = ?", [a.eventId]),
    markets: await rows("SELECT id, status, liability_limit, result_kind, settled_at FROM markets WHERE event_id = ? ORDER BY id", [a.eventId]),
    prices: await rows("SELECT o.id, o.price_milli FROM outcomes o JOIN markets m ON m.id = o.market_id WHERE m.event_id = ? ORDER BY o.id", [a.eventId]),
    bets: await rows("SELECT b.id, b.status, b.actual_return FROM bets b JOIN bet_legs l ON l.bet_id = b.id WHERE l.event_id = ? ORDER BY b.id", [a.eventId]),
    audit: await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log"),
    approvals: await countRows(t.database, "SELECT COUNT(*) AS n FROM approval_requests"),
    postings: await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_postings"),
  };
}

describe("demo staff and what registered customers hold", () => {
  const refused: [string, () => Session, string, string, () => unknown][] = [
    ["settle a market", () => demoAdmin, "POST", "/api/admin/markets/HELD/settle", () => ({ winningOutcomeId: a.held.outcomes[0].id, override: EARLY })],
    ["void a market", () => demoAdmin, "POST", "/api/admin/markets/HELD/settle", () => ({ void: true, override: EARLY })],
    ["unsettle a market", () => demoAdmin, "POST", "/api/admin/markets/SETTLED/unsettle", () => ({ reason: "The league corrected the result" })],
    ["resettle a market", () => demoAdmin, "POST", "/api/admin/markets/SETTLED/resettle", () => ({ winningOutcomeId: a.settled.outcomes[1].id, reason: "The league corrected the result", override: EARLY })],
    ["set the event live", () => demoAdmin, "PATCH", "/api/admin/events/EVENT", () => ({ status: "live" })],
    ["finish the event with a score", () => demoAdmin, "PATCH", "/api/admin/events/EVENT", () => ({ status: "finished", homeScore: 2, awayScore: 0, override: EARLY })],
    ["change a price", () => demoTrader, "POST", "/api/trading/adjust-odds", () => ({ outcomeId: a.held.outcomes[0].id, odds: "2.20" })],
    ["withdraw a runner", () => demoTrader, "POST", "/api/admin/markets/HELD/outcomes/OUTCOME/withdraw", () => ({})],
    ["change a market limit", () => demoTrader, "PUT", "/api/admin/markets/HELD/limit", () => ({ liabilityLimit: 10_000 })],
    ["change the event limit", () => demoTrader, "PUT", "/api/admin/events/EVENT/limit", () => ({ liabilityLimit: 10_000 })],
  ];
  const urlOf = (path: string) =>
    path.replace("HELD", a.held.id).replace("SETTLED", a.settled.id).replace("EVENT", a.eventId).replace("OUTCOME", a.held.outcomes[0].id);

  for (const [what, who, method, path, body] of refused)
    it(`refuses demo staff to ${what} on a registered customer's bet: 403 SANDBOX.OUT_OF_REACH, nothing written`, async () => {
      const before = await snapshotA();
      const res = await who().request(method, urlOf(path), body());
      await expectError(res, 403, "SANDBOX.OUT_OF_REACH");
      expect(await snapshotA()).toEqual(before);
    });

  it("lets the demo admin settle a market only demo customers bet on: the spec's demo journey", async () => {
    expect((await demoTrader.post("/api/trading/adjust-odds", { outcomeId: b.market.outcomes[0].id, odds: "2.10" })).status).toBe(200);
    expect((await put(demoTrader, `/api/admin/markets/${b.market.id}/limit`, { liabilityLimit: 100_000 })).status).toBe(200);
    const placed = await placeOk(demoCustomer, [{ ...sel(b.eventId, b.market), odds: "2.10" }], 1_000);
    const before = await balanceOf(demoCustomer);
    const res = await demoAdmin.post(`/api/admin/markets/${b.market.id}/settle`, { winningOutcomeId: b.market.outcomes[0].id, override: EARLY });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await balanceOf(demoCustomer)).toBe(before + placed.bet.potentialReturn);
  });

  it("refuses demo staff to release a market under review that a registered customer bet on", async () => {
    const held = await realAdmin.post(`/api/admin/markets/${a.settled.id}/unsettle`, { reason: "The league is reviewing the result" });
    expect(held.status, await held.clone().text()).toBe(200);
    const before = await snapshotA();
    await expectError(await demoAdmin.post(`/api/admin/markets/${a.settled.id}/release`, { reason: "Back to automatic settlement" }), 403, "SANDBOX.OUT_OF_REACH");
    expect(await snapshotA()).toEqual(before);
  });

  it("real staff are not refused on the registered customer's market", async () => {
    const res = await put(realAdmin, `/api/admin/markets/${a.held.id}/limit`, { liabilityLimit: 150_000_000 });
    expect(res.status, await res.clone().text()).toBe(200);
  });

  describe("fantasy contests", () => {
    const contestBody = (name: string) => ({
      sportId: "fsp_nfl",
      name,
      startTime: new Date(Date.now() + 2 * HOUR).toISOString(),
      endTime: new Date(Date.now() + 5 * HOUR).toISOString(),
      entryFee: 500,
      maxEntries: 10,
    });
    const contestRows = async (id: string) =>
      JSON.stringify({
        contest: (await t.database.client.execute({ sql: "SELECT status, start_time, locked_at FROM fantasy_contests WHERE id = ?", args: [id] })).rows,
        entries: (await t.database.client.execute({ sql: "SELECT id, fee, payout FROM fantasy_entries WHERE contest_id = ? ORDER BY id", args: [id] })).rows,
        balance: await balanceOf(registered),
      });

    it("refuses demo staff to lock, settle or cancel a contest a registered customer entered: 403 SANDBOX.OUT_OF_REACH, nothing written", async () => {
      const contest = await createContestOk(realAdmin, contestBody("Entered by a registered customer"));
      await enterOk(registered, contest.id, await lineupFor(registered, contest, 0));
      const before = await contestRows(contest.id);
      for (const action of ["lock", "settle", "cancel"]) {
        const res = await demoAdmin.post(`/api/admin/fantasy/contests/${contest.id}/${action}`);
        const body = await expectError(res, 403, "SANDBOX.OUT_OF_REACH");
        expect(body.error.message).toMatch(/contest that registered customers have entered/);
      }
      expect(await contestRows(contest.id)).toEqual(before);
      // Real staff are not refused: the registered customer's fee comes back when a real admin cancels.
      const balance = await balanceOf(registered);
      const cancelled = await realAdmin.post(`/api/admin/fantasy/contests/${contest.id}/cancel`);
      expect(cancelled.status, await cancelled.clone().text()).toBe(200);
      expect(await balanceOf(registered)).toBe(balance + 500);
    });

    it("lets the demo admin cancel a contest only demo customers entered", async () => {
      const contest = await createContestOk(demoAdmin, contestBody("Demo entries only"));
      await enterOk(demoCustomer, contest.id, await lineupFor(demoCustomer, contest, 1));
      const res = await demoAdmin.post(`/api/admin/fantasy/contests/${contest.id}/cancel`);
      expect(res.status, await res.clone().text()).toBe(200);
    });
  });
});
