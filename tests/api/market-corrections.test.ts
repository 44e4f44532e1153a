/**
 * Settlement you can trust: POST /api/admin/markets/{id}/resettle and /unsettle
 * re-grade every bet with a leg on the market through correcting postings; a settlement by market
 * re-grades bets settled one by one that contradict it; early settlement needs an override with a
 * reason; an overpayment the customer has spent becomes a debt, paid first from the next credit.
 * Each path pays exactly the hand computation and leaves the ledger balanced.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, currentUserId, expectError, expectLedgerBalanced, placeOk, upcomingPool } from "../fixtures/builders.ts";
import { auditRows, createMarketOk, put, rolesOf, type Roles } from "../fixtures/trading-desk.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

const OVERRIDE = { reason: "Result confirmed by the league" };
const REASON = "Wrong winner entered by the trader";
const settle = (marketId: string, body: Record<string, unknown>) => r.admin.post(`/api/admin/markets/${marketId}/settle`, { override: OVERRIDE, ...body });
const resettle = (marketId: string, body: Record<string, unknown>) =>
  r.admin.post(`/api/admin/markets/${marketId}/resettle`, { reason: REASON, override: OVERRIDE, ...body });
const unsettle = (marketId: string) => r.admin.post(`/api/admin/markets/${marketId}/unsettle`, { reason: REASON });
const betRow = async (id: string) =>
  (await t.database.client.execute({ sql: "SELECT status, actual_return, resettlement_count FROM bets WHERE id = ?", args: [id] })).rows[0];
const legResults = async (betId: string) =>
  (await t.database.client.execute({ sql: "SELECT result FROM bet_legs WHERE bet_id = ? ORDER BY leg_no", args: [betId] })).rows.map((x) => x.result);
const owedBy = async (s: Session) => ((await (await s.get("/api/me/debt")).json()) as { owed: number }).owed;

/** A fresh market with three outcomes at 2.00 / 3.00 / 4.00 on an upcoming event. */
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

async function ok(res: Response) {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as { regraded: number; correction: number; debt: number; market: { result: unknown } };
}

describe("resettling a market", () => {
  it("won -> lost and lost -> won: singles corrected by the difference, audited with the reason", async () => {
    const { m, sel } = await threeWay("Resettle Singles");
    const winner = await demoLogin(t, "customer");
    const loser = await demoLogin(t, "customer");
    const w = await placeOk(winner, [sel(1)], 1000); // Draw @ 3.00
    const l = await placeOk(loser, [sel(0)], 2000); // Home @ 2.00
    await ok(await settle(m.id, { winningOutcomeId: m.outcomes[1].id }));
    expect(await balanceOf(winner)).toBe(100_000 - 1000 + 3000);
    expect(await balanceOf(loser)).toBe(100_000 - 2000);

    const body = await ok(await resettle(m.id, { winningOutcomeId: m.outcomes[0].id }));
    expect(body).toMatchObject({ regraded: 2, correction: -3000 + 4000, debt: 0 });
    expect(body.market.result).toEqual({ kind: "winner", winningOutcomeId: m.outcomes[0].id });
    expect(await balanceOf(winner)).toBe(100_000 - 1000); // the 30.00 taken back
    expect(await balanceOf(loser)).toBe(100_000 - 2000 + 4000); // 20.00 x 2.00 paid
    expect(await betRow(w.bet.id)).toMatchObject({ status: "lost", actual_return: 0, resettlement_count: 1 });
    expect(await betRow(l.bet.id)).toMatchObject({ status: "won", actual_return: 4000, resettlement_count: 1 });
    const [a] = await auditRows(t, m.id, "market.resettle");
    expect(a.after).toMatchObject({ reason: REASON, revision: 1, override: OVERRIDE, result: { winningOutcomeId: m.outcomes[0].id, name: "Home" } });
    const [b] = await auditRows(t, w.bet.id, "bet.resettle");
    expect(b.after).toMatchObject({ status: "lost", actualReturn: 0, correction: -3000, reason: REASON, marketId: m.id });
    await expectLedgerBalanced(t.database);

    // Again: nothing more moves (idempotent).
    expect(await ok(await resettle(m.id, { winningOutcomeId: m.outcomes[0].id }))).toMatchObject({ regraded: 0, correction: 0 });
    expect(await balanceOf(winner)).toBe(99_000);
    expect(await balanceOf(loser)).toBe(102_000);
  });

  it("a settled multiple (won, and lost by this leg) is re-graded from all its legs", async () => {
    const x = await threeWay("Resettle Multi X");
    const y = await threeWay("Resettle Multi Y");
    const c = await demoLogin(t, "customer");
    const won = await placeOk(c, [x.sel(0), y.sel(0)], 1000); // 2.00 x 2.00
    const lost = await placeOk(c, [x.sel(1), y.sel(0)], 1000); // 3.00 x 2.00
    await ok(await settle(y.m.id, { winningOutcomeId: y.m.outcomes[0].id }));
    await ok(await settle(x.m.id, { winningOutcomeId: x.m.outcomes[0].id }));
    expect(await betRow(won.bet.id)).toMatchObject({ status: "won", actual_return: 4000 });
    expect(await betRow(lost.bet.id)).toMatchObject({ status: "lost", actual_return: 0 });
    expect(await balanceOf(c)).toBe(100_000 - 2000 + 4000);

    const body = await ok(await resettle(x.m.id, { winningOutcomeId: x.m.outcomes[1].id }));
    expect(body).toMatchObject({ regraded: 2, correction: -4000 + 6000 });
    expect(await betRow(won.bet.id)).toMatchObject({ status: "lost", actual_return: 0 });
    expect(await betRow(lost.bet.id)).toMatchObject({ status: "won", actual_return: 6000 });
    expect(await legResults(lost.bet.id)).toEqual(["won", "won"]);
    expect(await balanceOf(c)).toBe(100_000 - 2000 + 6000);
    await expectLedgerBalanced(t.database);
  });

  it("a multiple waiting on another leg has its stored leg rewritten, and pays by the corrected leg later", async () => {
    const x = await threeWay("Waiting X");
    const y = await threeWay("Waiting Y");
    const c = await demoLogin(t, "customer");
    const bet = await placeOk(c, [x.sel(0), y.sel(2)], 1000); // 2.00 x 4.00
    await ok(await settle(x.m.id, { winningOutcomeId: x.m.outcomes[1].id })); // leg lost -> bet lost at once
    expect(await betRow(bet.bet.id)).toMatchObject({ status: "lost" });
    // Correct x to A: the bet is pending again (y not settled), nothing paid.
    expect(await ok(await resettle(x.m.id, { winningOutcomeId: x.m.outcomes[0].id }))).toMatchObject({ regraded: 1, correction: 0 });
    expect(await betRow(bet.bet.id)).toMatchObject({ status: "pending", actual_return: null });
    expect(await legResults(bet.bet.id)).toEqual(["won", "pending"]);
    // Void x while it waits: the stored leg becomes void, the bet keeps waiting.
    expect(await ok(await resettle(x.m.id, { void: true }))).toMatchObject({ regraded: 1, correction: 0 });
    expect(await legResults(bet.bet.id)).toEqual(["void", "pending"]);
    await ok(await settle(y.m.id, { winningOutcomeId: y.m.outcomes[2].id }));
    expect(await betRow(bet.bet.id)).toMatchObject({ status: "won", actual_return: 4000 }); // 10.00 x 1.00 x 4.00
    expect(await balanceOf(c)).toBe(100_000 - 1000 + 4000);
    await expectLedgerBalanced(t.database);
  });

  it("refuses a market with no result (409 MARKET.NOT_SETTLED), a short reason (400); admin only", async () => {
    const { m } = await threeWay("Never Settled");
    await expectError(await resettle(m.id, { winningOutcomeId: m.outcomes[0].id }), 409, "MARKET.NOT_SETTLED");
    expect((await r.admin.post(`/api/admin/markets/${m.id}/resettle`, { winningOutcomeId: m.outcomes[0].id, reason: "short" })).status).toBe(400);
    await expectError(await r.trader.post(`/api/admin/markets/${m.id}/unsettle`, { reason: REASON }), 403, "AUTH.FORBIDDEN");
  });
});

describe("unsettling a market", () => {
  it("every bet goes back to pending, payouts reversed; settling again pays once", async () => {
    const { m, sel } = await threeWay("Unsettle Me");
    const c = await demoLogin(t, "customer");
    const win = await placeOk(c, [sel(2)], 1000); // C @ 4.00
    const lose = await placeOk(c, [sel(0)], 500);
    await ok(await settle(m.id, { winningOutcomeId: m.outcomes[2].id }));
    expect(await balanceOf(c)).toBe(100_000 - 1500 + 4000);
    const body = await ok(await unsettle(m.id));
    expect(body).toMatchObject({ regraded: 2, correction: -4000 });
    expect(body.market.result).toBeNull();
    expect(await betRow(win.bet.id)).toMatchObject({ status: "pending", actual_return: null, resettlement_count: 1 });
    expect(await betRow(lose.bet.id)).toMatchObject({ status: "pending", actual_return: null });
    expect(await legResults(win.bet.id)).toEqual(["pending"]);
    expect(await balanceOf(c)).toBe(100_000 - 1500);
    const [a] = await auditRows(t, m.id, "market.unsettle");
    expect(a.after).toMatchObject({ result: null, reason: REASON });
    expect((await auditRows(t, win.bet.id, "bet.unsettle")).length).toBe(1);
    await expectLedgerBalanced(t.database);
    // Unsettle again: nothing to do.
    expect(await ok(await unsettle(m.id))).toMatchObject({ regraded: 0, correction: 0 });
    // Settle with the right result: the market's bets settle again, paid once.
    await ok(await settle(m.id, { winningOutcomeId: m.outcomes[0].id }));
    expect(await betRow(lose.bet.id)).toMatchObject({ status: "won", actual_return: 1000 });
    expect(await betRow(win.bet.id)).toMatchObject({ status: "lost", actual_return: 0 });
    expect(await balanceOf(c)).toBe(100_000 - 1500 + 1000);
    await expectLedgerBalanced(t.database);
  });
});

describe("a settlement that contradicts bets settled one by one", () => {
  it("re-grades them: a home win settled Won by hand is lost when the market settles as Draw", async () => {
    const { m, sel } = await threeWay("Contradiction");
    const c = await demoLogin(t, "customer");
    const bet = await placeOk(c, [sel(0)], 1000); // Home @ 2.00
    const byHand = await r.admin.post(`/api/admin/settle-bet/${bet.bet.id}`, { status: "won", actualReturn: 2000, override: OVERRIDE });
    expect(byHand.status, await byHand.clone().text()).toBe(200);
    expect(await balanceOf(c)).toBe(100_000 - 1000 + 2000);
    const res = await settle(m.id, { winningOutcomeId: m.outcomes[1].id });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ regraded: 1 });
    expect(await betRow(bet.bet.id)).toMatchObject({ status: "lost", actual_return: 0, resettlement_count: 1 });
    expect(await balanceOf(c)).toBe(100_000 - 1000);
    await expectLedgerBalanced(t.database);
  });
});

describe("debt: an overpayment the customer has spent", () => {
  it("the correction stands, the wallet goes to 0 and the rest is owed; the next payout and deposit pay it first", async () => {
    const { m, sel } = await threeWay("Debt Market");
    const other = await threeWay("Spend Market");
    const c = await demoLogin(t, "customer");
    const userId = await currentUserId(c);
    await placeOk(c, [sel(1)], 1000); // Draw @ 3.00
    await ok(await settle(m.id, { winningOutcomeId: m.outcomes[1].id }));
    expect(await balanceOf(c)).toBe(102_000);
    await placeOk(c, [other.sel(0)], 101_000); // spends all but 10.00
    expect(await balanceOf(c)).toBe(1_000);

    const body = await ok(await resettle(m.id, { winningOutcomeId: m.outcomes[0].id }));
    expect(body).toMatchObject({ regraded: 1, correction: -3000, debt: 2000 });
    expect(await balanceOf(c)).toBe(0);
    expect(await owedBy(c)).toBe(2000);
    expect(await (await r.admin.get(`/api/admin/users/${userId}/debt`)).json()).toEqual({ owed: 2000 });
    await expectLedgerBalanced(t.database);

    // A payout of 2,020.00 (101,000 x 2.00 = 202,000) pays the 20.00 first.
    await ok(await settle(other.m.id, { winningOutcomeId: other.m.outcomes[0].id }));
    expect(await owedBy(c)).toBe(0);
    expect(await balanceOf(c)).toBe(202_000 - 2000);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'debt_recovery' AND created_by IS NOT NULL AND id LIKE ?", [`%:debt:${userId}`])).toBe(1);
    await expectLedgerBalanced(t.database);
  });

  it("a market settled at once pays each winning bet's debt first, in order: two 10.00 payouts clear 20.00 owed", async () => {
    const { m, sel } = await threeWay("Debt Twice Market");
    const spend = await threeWay("Debt Twice Spend");
    const next = await threeWay("Debt Twice Payouts");
    const c = await demoLogin(t, "customer");
    const other = await demoLogin(t, "customer");
    const userId = await currentUserId(c);
    await placeOk(c, [sel(1)], 1000); // Draw @ 3.00
    await ok(await settle(m.id, { winningOutcomeId: m.outcomes[1].id }));
    await placeOk(c, [spend.sel(0)], 100_000); // leaves 20.00
    await placeOk(c, [next.sel(0)], 500); // Home @ 2.00: 10.00
    await placeOk(c, [next.sel(0)], 500);
    await placeOk(other, [next.sel(0)], 700); // 14.00, owes nothing
    expect(await balanceOf(c)).toBe(1000);
    expect(await ok(await resettle(m.id, { winningOutcomeId: m.outcomes[0].id }))).toMatchObject({ regraded: 1, correction: -3000, debt: 2000 });
    expect(await owedBy(c)).toBe(2000);
    expect(await balanceOf(c)).toBe(0);

    await ok(await settle(next.m.id, { winningOutcomeId: next.m.outcomes[0].id }));
    // Each 10.00 pays 10.00 of what is owed, one after the other; the other customer is paid in full.
    expect(await owedBy(c)).toBe(0);
    expect(await balanceOf(c)).toBe(0);
    expect(await balanceOf(other)).toBe(100_000 - 700 + 1400);
    const recoveries = await t.database.client.execute({
      sql: "SELECT p.amount FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id WHERE x.kind = 'debt_recovery' AND p.account_id = ? AND x.created_at >= (SELECT MAX(settled_at) FROM markets WHERE id = ?)",
      args: [`debt:${userId}`, next.m.id],
    });
    expect(recoveries.rows.map((x) => x.amount)).toEqual([1000, 1000]);
    await expectLedgerBalanced(t.database);
  });

  it("a deposit pays the debt first", async () => {
    const { m, sel } = await threeWay("Debt Deposit");
    const other = await threeWay("Debt Deposit Spend");
    const c = await demoLogin(t, "customer");
    expect((await put(c, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
    await placeOk(c, [sel(2)], 1000); // C @ 4.00 -> 40.00
    await ok(await settle(m.id, { winningOutcomeId: m.outcomes[2].id }));
    await placeOk(c, [other.sel(0)], 103_000); // everything
    expect(await balanceOf(c)).toBe(0);
    await ok(await unsettle(m.id));
    expect(await owedBy(c)).toBe(4000);
    expect(await balanceOf(c)).toBe(0);
    const dep = await c.post("/api/wallet/deposits", { method: "bank", amount: 10_000 });
    expect(dep.status, await dep.clone().text()).toBe(201);
    expect(await owedBy(c)).toBe(0);
    // 100.00 deposited, less the 40.00 owed (the 10% deposit bonus goes to the bonus balance, docs/money.md "Bonus funds").
    expect(await balanceOf(c)).toBe(10_000 - 4000);
    await expectLedgerBalanced(t.database);
  });
});

describe("settling before the event has finished", () => {
  it("resettling is refused without an override (409 SETTLE.EVENT_NOT_FINISHED), nothing written; with one, the reason is audited", async () => {
    const { m, sel } = await threeWay("Too Early");
    const c = await demoLogin(t, "customer");
    const bet = await placeOk(c, [sel(0)], 1000);
    // A first settlement needs the override only with FIRST_SETTLEMENT_NEEDS_OVERRIDE on (settle-override.ts); a void never.
    await ok(await r.admin.post(`/api/admin/markets/${m.id}/settle`, { void: true }));
    const audits = await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log");
    const txs = await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions");
    await expectError(
      await r.admin.post(`/api/admin/markets/${m.id}/resettle`, { winningOutcomeId: m.outcomes[0].id, reason: REASON }),
      409,
      "SETTLE.EVENT_NOT_FINISHED",
    );
    const short = await r.admin.post(`/api/admin/markets/${m.id}/resettle`, { winningOutcomeId: m.outcomes[0].id, reason: REASON, override: { reason: "short" } });
    expect(short.status).toBe(400);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log")).toBe(audits);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions")).toBe(txs);
    expect(await betRow(bet.bet.id)).toMatchObject({ status: "void", actual_return: 1000, resettlement_count: 0 });
    expect(await balanceOf(c)).toBe(100_000);

    await ok(await resettle(m.id, { winningOutcomeId: m.outcomes[0].id }));
    const [a] = await auditRows(t, m.id, "market.resettle");
    expect(a.after).toMatchObject({ override: OVERRIDE });
    expect(await betRow(bet.bet.id)).toMatchObject({ status: "won", actual_return: 2000 });
    expect(await balanceOf(c)).toBe(101_000);
    await expectLedgerBalanced(t.database);
  });
});
