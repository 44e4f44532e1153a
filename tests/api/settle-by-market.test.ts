/**
 * POST /api/admin/markets/{id}/settle: the winning outcome (or void) grades every pending bet with
 * a leg on the market; singles settle and pay, multiples wait for their other legs (their leg
 * result stored) and settle when the last one is graded; the market closes; the result is recorded
 * once and a repeat pays nothing. Admin only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, expectError, expectLedgerBalanced, placeOk, upcomingPool } from "../fixtures/builders.ts";
import { auditRows, createMarketOk, expectRefusedFor, rolesOf, type Roles } from "../fixtures/trading-desk.ts";
import { finishEvent } from "../fixtures/settle.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

type Settled = { market: { status: string; result: unknown; outcomes: { id: string; result: string | null }[] }; graded: number; settled: number; waiting: number; paid: number };
const settle = async (marketId: string, body: unknown, s = r.admin) => s.post(`/api/admin/markets/${marketId}/settle`, body);
const betRow = async (id: string) =>
  (await t.database.client.execute({ sql: "SELECT status, actual_return FROM bets WHERE id = ?", args: [id] })).rows[0];
const legResults = async (betId: string) =>
  (await t.database.client.execute({ sql: "SELECT result FROM bet_legs WHERE bet_id = ? ORDER BY leg_no", args: [betId] })).rows.map((x) => x.result);

/** A fresh event market with three outcomes at 2.00 / 3.00 / 4.00. */
async function threeWay(name: string) {
  const e = pool.forMutation();
  const m = await createMarketOk(r.admin, {
    eventId: e.id,
    marketType: "full_time_result",
    name,
    outcomes: [{ name: "Home", odds: "2.00" }, { name: "Draw", odds: "3.00" }, { name: "Away", odds: "4.00" }],
  });
  const sel = (i: number) => ({ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[i].id, odds: m.outcomes[i].odds });
  return { e, m, sel };
}

describe("settling a market with a winner", () => {
  it("pays the winning singles, settles the losers, closes the market; audited", async () => {
    const { e, m, sel } = await threeWay("Winner Market");
    const c1 = await demoLogin(t, "customer");
    const c2 = await demoLogin(t, "customer");
    const win = await placeOk(c1, [sel(1)], 1000);
    const lose = await placeOk(c2, [sel(0)], 2000);
    await finishEvent(r.admin, e.id);
    const res = await settle(m.id, { winningOutcomeId: m.outcomes[1].id });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Settled;
    expect(body).toMatchObject({ graded: 2, settled: 2, waiting: 0, paid: 3000 });
    expect(body.market.status).toBe("closed");
    expect(body.market.result).toEqual({ kind: "winner", winningOutcomeId: m.outcomes[1].id });
    expect(body.market.outcomes.map((o) => o.result)).toEqual(["lost", "won", "lost"]);
    expect(await balanceOf(c1)).toBe(100_000 - 1000 + 3000);
    expect(await balanceOf(c2)).toBe(100_000 - 2000);
    expect(await betRow(win.bet.id)).toMatchObject({ status: "won", actual_return: 3000 });
    expect(await betRow(lose.bet.id)).toMatchObject({ status: "lost", actual_return: 0 });
    expect(await legResults(win.bet.id)).toEqual(["won"]);
    const [a] = await auditRows(t, m.id, "market.settle");
    expect(a).toMatchObject({ actorRole: "admin", before: { status: "closed", result: null } }); // closed when its event finished
    expect(a.after).toMatchObject({ status: "closed", result: { winningOutcomeId: m.outcomes[1].id, name: "Draw" } });
    const [betAudit] = await auditRows(t, win.bet.id, "bet.settle");
    expect(betAudit.after).toMatchObject({ status: "won", actualReturn: 3000, via: "market", marketId: m.id });
    // A settled market of a finished event takes no bets.
    await expectError(await c1.post("/api/bets", { selections: [sel(0)], stake: 100, betType: "single" }), 409, "BET.EVENT_CLOSED");
  });

  it("the same result again pays nothing more; a different result is refused (409)", async () => {
    const { e, m, sel } = await threeWay("Repeat Market");
    const c = await demoLogin(t, "customer");
    await placeOk(c, [sel(0)], 1000);
    await finishEvent(r.admin, e.id);
    expect((await settle(m.id, { winningOutcomeId: m.outcomes[0].id })).status).toBe(200);
    expect(await balanceOf(c)).toBe(101_000);
    const again = await settle(m.id, { winningOutcomeId: m.outcomes[0].id });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ graded: 0, settled: 0, waiting: 0, paid: 0 });
    await expectError(await settle(m.id, { winningOutcomeId: m.outcomes[2].id }), 409, "MARKET.ALREADY_SETTLED");
    await expectError(await settle(m.id, { void: true }), 409, "MARKET.ALREADY_SETTLED");
    expect(await balanceOf(c)).toBe(101_000);
    expect(await auditRows(t, m.id, "market.settle")).toHaveLength(1);
  });

  it("the database records a market result once", async () => {
    const { m } = await threeWay("Db Once Market");
    expect((await settle(m.id, { void: true })).status).toBe(200);
    await expect(
      t.database.client.execute({ sql: "UPDATE markets SET result_kind = 'winner', winning_outcome_id = ? WHERE id = ?", args: [m.outcomes[0].id, m.id] }),
    ).rejects.toThrow(/MARKET.ALREADY_SETTLED/);
  });
});

describe("after the event finishes", () => {
  it("the usual order: the event finishes (its markets close), then each market is settled", async () => {
    const { e, m, sel } = await threeWay("Finished Event Market");
    const c = await demoLogin(t, "customer");
    const b = await placeOk(c, [sel(2)], 1000);
    await finishEvent(r.admin, e.id);
    const res = await settle(m.id, { winningOutcomeId: m.outcomes[2].id });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ graded: 1, settled: 1, paid: 4000, market: { status: "closed" } });
    expect(await betRow(b.bet.id)).toMatchObject({ status: "won", actual_return: 4000 });
    expect(await balanceOf(c)).toBe(103_000);
    // The event's own match-winner market, with no bets of this file, settles too.
    const own = await settle(e.markets[0].id, { void: true });
    expect(own.status).toBe(200);
  });
});

describe("void", () => {
  it("refunds every single's stake", async () => {
    const { m, sel } = await threeWay("Void Market");
    const c = await demoLogin(t, "customer");
    const b = await placeOk(c, [sel(2)], 1500);
    const res = await settle(m.id, { void: true });
    expect(await res.json()).toMatchObject({ graded: 1, settled: 1, waiting: 0, paid: 1500, market: { result: { kind: "void", winningOutcomeId: null } } });
    expect(await balanceOf(c)).toBe(100_000);
    expect(await betRow(b.bet.id)).toMatchObject({ status: "void", actual_return: 1500 });
    const tx = await t.database.client.execute({ sql: "SELECT kind FROM ledger_transactions WHERE reference = ? ORDER BY created_at", args: [b.bet.id] });
    expect(tx.rows.map((x) => x.kind)).toEqual(["bet_stake", "bet_refund"]);
  });
});

describe("multiples", () => {
  it("wait for all their legs, then settle with the product of the odds", async () => {
    const one = await threeWay("Multi Leg One");
    const two = await threeWay("Multi Leg Two");
    const c = await demoLogin(t, "customer");
    const b = await placeOk(c, [one.sel(0), two.sel(1)], 1000); // 2.00 x 3.00
    await finishEvent(r.admin, one.e.id);
    await finishEvent(r.admin, two.e.id);
    const first = await settle(one.m.id, { winningOutcomeId: one.m.outcomes[0].id });
    expect(await first.json()).toMatchObject({ graded: 1, settled: 0, waiting: 1, paid: 0 });
    expect(await betRow(b.bet.id)).toMatchObject({ status: "pending", actual_return: null });
    expect(await legResults(b.bet.id)).toEqual(["won", "pending"]);
    expect(await balanceOf(c)).toBe(99_000);
    const second = await settle(two.m.id, { winningOutcomeId: two.m.outcomes[1].id });
    expect(await second.json()).toMatchObject({ graded: 1, settled: 1, waiting: 0, paid: 6000 });
    expect(await betRow(b.bet.id)).toMatchObject({ status: "won", actual_return: 6000 });
    expect(await legResults(b.bet.id)).toEqual(["won", "won"]);
    expect(await balanceOf(c)).toBe(105_000);
  });

  it("a void leg counts as 1.00", async () => {
    const one = await threeWay("Void Leg One");
    const two = await threeWay("Void Leg Two");
    const c = await demoLogin(t, "customer");
    const b = await placeOk(c, [one.sel(2), two.sel(1)], 1000); // 4.00 x 3.00
    await finishEvent(r.admin, one.e.id);
    await finishEvent(r.admin, two.e.id);
    await settle(one.m.id, { void: true });
    await settle(two.m.id, { winningOutcomeId: two.m.outcomes[1].id });
    expect(await betRow(b.bet.id)).toMatchObject({ status: "won", actual_return: 3000 });
    expect(await legResults(b.bet.id)).toEqual(["void", "won"]);
  });

  it("a losing leg settles the multiple lost at once; its other leg stays ungraded", async () => {
    const one = await threeWay("Lost Leg One");
    const two = await threeWay("Lost Leg Two");
    const c = await demoLogin(t, "customer");
    const b = await placeOk(c, [one.sel(0), two.sel(0)], 1000);
    await finishEvent(r.admin, one.e.id);
    await finishEvent(r.admin, two.e.id);
    const res = await settle(one.m.id, { winningOutcomeId: one.m.outcomes[1].id });
    expect(await res.json()).toMatchObject({ graded: 1, settled: 1, waiting: 0, paid: 0 });
    expect(await betRow(b.bet.id)).toMatchObject({ status: "lost", actual_return: 0 });
    expect(await legResults(b.bet.id)).toEqual(["lost", "pending"]);
    // Settling the other market later does not touch the settled bet.
    expect(await (await settle(two.m.id, { winningOutcomeId: two.m.outcomes[0].id })).json()).toMatchObject({ graded: 0, settled: 0 });
    expect(await balanceOf(c)).toBe(99_000);
  });

  it("a bet settled by hand that contradicts the result is re-graded; one that agrees is left alone", async () => {
    const { e, m, sel } = await threeWay("Manual First");
    const c = await demoLogin(t, "customer");
    const b = await placeOk(c, [sel(0)], 1000);
    const agrees = await placeOk(c, [sel(1)], 1000);
    await finishEvent(r.admin, e.id);
    expect((await r.admin.post(`/api/admin/settle-bet/${b.bet.id}`, { status: "lost", actualReturn: 0 })).status).toBe(200);
    expect((await r.admin.post(`/api/admin/settle-bet/${agrees.bet.id}`, { status: "lost", actualReturn: 0 })).status).toBe(200);
    expect(await (await settle(m.id, { winningOutcomeId: m.outcomes[0].id })).json()).toMatchObject({ graded: 0, settled: 0, paid: 0, regraded: 1 });
    expect(await betRow(b.bet.id)).toMatchObject({ status: "won", actual_return: 2000 });
    expect(await betRow(agrees.bet.id)).toMatchObject({ status: "lost", actual_return: 0 });
    expect(await balanceOf(c)).toBe(98_000 + 2000);
  });
});

describe("refusals", () => {
  it("unknown market 404, an outcome of another market 404, invalid bodies 400", async () => {
    const { m } = await threeWay("Refusal Market");
    const other = await threeWay("Other Refusal Market");
    await expectError(await settle("nope", { void: true }), 404, "MARKET.NOT_FOUND");
    await expectError(await settle(m.id, { winningOutcomeId: other.m.outcomes[0].id }), 404, "MARKET.OUTCOME_NOT_FOUND");
    await expectError(await settle(m.id, {}), 400, "REQUEST.INVALID");
    await expectError(await settle(m.id, { void: false }), 400, "REQUEST.INVALID");
    await expectError(await settle(m.id, { void: true, winningOutcomeId: m.outcomes[0].id }), 400, "REQUEST.INVALID");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM markets WHERE id = ? AND result_kind IS NOT NULL", [m.id])).toBe(0);
  });

  it("admin only: anonymous 401, customer and trader 403; nothing settles", async () => {
    const { m, sel } = await threeWay("Forbidden Market");
    const c = await demoLogin(t, "customer");
    const b = await placeOk(c, [sel(0)], 1000);
    await expectRefusedFor(t, r, ["customer", "trader"], (s) => settle(m.id, { winningOutcomeId: m.outcomes[0].id }, s));
    expect(await betRow(b.bet.id)).toMatchObject({ status: "pending" });
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM markets WHERE id = ? AND status = 'open'", [m.id])).toBe(1);
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
