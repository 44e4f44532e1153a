/**
 * A correction takes a payout back from where it went (docs/money.md "Corrections and debt" and
 * "Bonus funds"): a bet staked partly from the bonus was paid partly into the bonus; resettling its
 * market claws the bonus share back from the bonus balance and the cash share from cash, then debt;
 * never the whole from cash. Every figure in exact cents, with the ledger rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, staffLogin, type Session, type TestApp } from "../fixtures/test-app.ts";
import { expectLedgerBalanced, upcomingPool } from "../fixtures/builders.ts";
import { basicVerification, put, registerCustomer } from "../fixtures/accounts.ts";
import { createMarketOk, twoWayMarket } from "../fixtures/trading-desk.ts";

let t: TestApp;
let admin: Session;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  // A real admin: the customers are registered ones, whose markets demo staff may not settle.
  admin = await staffLogin(t, "admin");
  pool = await upcomingPool(admin);
});
afterAll(() => t.close());

const override = { reason: "event decided early in the test" };

/** A verified customer of their own identity (one welcome bonus per person), with 100.00 deposited: 100.00 cash, 10.00 bonus. */
async function bonusCustomer(firstName: string, dateOfBirth: string) {
  const c = await registerCustomer(t, { firstName, dateOfBirth });
  expect((await c.session.post("/api/account/verification/basic", { ...basicVerification, firstName, dateOfBirth })).status).toBe(200);
  expect((await put(c.session, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
  const d = await c.session.post("/api/wallet/deposits", { method: "bank", amount: 10_000 });
  expect(d.status, await d.clone().text()).toBe(201);
  return c;
}
const balances = async (userId: string) => {
  const rs = await t.database.client.execute({
    sql: "SELECT id, balance FROM ledger_accounts WHERE id IN (?, ?, ?)",
    args: [`wallet:${userId}`, `bonus:${userId}`, `debt:${userId}`],
  });
  const of = (prefix: string) => Number(rs.rows.find((r) => String(r.id).startsWith(prefix))?.balance ?? 0);
  return { cash: of("wallet:"), bonus: of("bonus:"), debt: of("debt:") };
};
/** The postings of the bet's transactions of one kind, by account kind: [kind, wallet, bonus, debt, house]. */
const moves = async (betId: string, kind: string) =>
  (
    await t.database.client.execute({
      sql: `SELECT p.account_id, p.amount FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id
            WHERE x.reference = ? AND x.kind = ? ORDER BY p.account_id`,
      args: [betId, kind],
    })
  ).rows.map((r) => [String(r.account_id).split(":")[0], Number(r.amount)]);

describe("a clawback follows the money", () => {
  it("the bonus share comes back from the bonus, the cash share from cash, what cash lacks as debt", async () => {
    // 100.00 by bank: 100.00 cash and a 10% deposit bonus of 10.00.
    const c = await bonusCustomer("Clara", "1988-03-14");
    expect(await balances(c.userId)).toEqual({ cash: 10_000, bonus: 1_000, debt: 0 });

    const event = pool.next((e) => e.sport === "soccer");
    const market = await createMarketOk(admin, twoWayMarket(event.id, "Clawback Over Under", "3.00", "1.40"));
    const other = await createMarketOk(admin, twoWayMarket(pool.next((e) => e.sport === "soccer").id, "Clawback Other", "2.00", "1.80"));
    // 110.00 at 3.00: cash first (100.00), then bonus (10.00); 1/11 of anything it returns is bonus.
    const placed = await c.session.post("/api/bets", {
      selections: [{ eventId: event.id, marketId: market.id, outcomeId: market.outcomes[0].id, odds: "3.00" }], stake: 11_000, betType: "single",
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const betId = ((await placed.json()) as { bet: { id: string } }).bet.id;
    expect(await balances(c.userId)).toEqual({ cash: 0, bonus: 0, debt: 0 });

    // Won: 330.00, of which floor(330.00 x 10 / 110) = 30.00 to the bonus and 300.00 to cash.
    const settled = await admin.post(`/api/admin/markets/${market.id}/settle`, { winningOutcomeId: market.outcomes[0].id, override });
    expect(settled.status, await settled.clone().text()).toBe(200);
    expect(await moves(betId, "bet_payout")).toEqual([["bonus", 3_000], ["house", -33_000], ["wallet", 30_000]]);
    expect(await balances(c.userId)).toEqual({ cash: 30_000, bonus: 3_000, debt: 0 });

    // 250.00 of the cash goes on another bet, leaving 50.00.
    const spent = await c.session.post("/api/bets", {
      selections: [{ eventId: other.eventId, marketId: other.id, outcomeId: other.outcomes[0].id, odds: "2.00" }], stake: 25_000, betType: "single",
    });
    expect(spent.status, await spent.clone().text()).toBe(201);
    expect(await balances(c.userId)).toEqual({ cash: 5_000, bonus: 3_000, debt: 0 });

    // Resettled lost: 330.00 back. The 30.00 bonus share from the bonus; the 300.00 cash share from
    // the 50.00 of cash, the other 250.00 owed. Not 330.00 from cash while the bonus keeps 30.00.
    const resettled = await admin.post(`/api/admin/markets/${market.id}/resettle`, { winningOutcomeId: market.outcomes[1].id, reason: "result corrected by the officials", override });
    expect(resettled.status, await resettled.clone().text()).toBe(200);
    expect(await resettled.json()).toMatchObject({ correction: -33_000, debt: 25_000 });
    expect(await moves(betId, "bet_resettlement")).toEqual([["bonus", -3_000], ["debt", -25_000], ["house", 33_000], ["wallet", -5_000]]);
    expect(await balances(c.userId)).toEqual({ cash: 0, bonus: 0, debt: -25_000 });
    expect(await (await c.session.get("/api/me/debt")).json()).toMatchObject({ owed: 25_000 });
    await expectLedgerBalanced(t.database);
  });

  it("a partial correction takes back the fall in each share: 330.00 to a void 110.00 is 20.00 of bonus and 200.00 of cash", async () => {
    const c = await bonusCustomer("Paula", "1979-11-02");
    const event = pool.next((e) => e.sport === "soccer");
    const market = await createMarketOk(admin, twoWayMarket(event.id, "Clawback Partial", "3.00", "1.40"));
    const placed = await c.session.post("/api/bets", {
      selections: [{ eventId: event.id, marketId: market.id, outcomeId: market.outcomes[0].id, odds: "3.00" }], stake: 11_000, betType: "single",
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const betId = ((await placed.json()) as { bet: { id: string } }).bet.id;
    expect((await admin.post(`/api/admin/markets/${market.id}/settle`, { winningOutcomeId: market.outcomes[0].id, override })).status).toBe(200);
    const resettled = await admin.post(`/api/admin/markets/${market.id}/resettle`, { void: true, reason: "market voided by the officials", override });
    expect(resettled.status, await resettled.clone().text()).toBe(200);
    // Paid 330.00 (30.00 bonus); due 110.00 (floor(110.00 x 10 / 110) = 10.00 bonus): 20.00 and 200.00 back.
    expect(await moves(betId, "bet_resettlement")).toEqual([["bonus", -2_000], ["house", 22_000], ["wallet", -20_000]]);
    expect(await balances(c.userId)).toEqual({ cash: 10_000, bonus: 1_000, debt: 0 });
    await expectLedgerBalanced(t.database);
  });
});
