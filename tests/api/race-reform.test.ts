/**
 * Non-runners re-form the race (docs/trading.md "Non-runners re-form the race"; docs/money.md "Each
 * way and Rule 4") through the API, every figure in exact cents:
 * - withdrawing an 8-runner race's 1.46 favourite re-prices the other seven in the same write (their
 *   55.6% of the old book renormalised, the racing margin of 118% put back), moves the each-way terms
 *   for new bets to the field of 7 (1/4 two places), voids the favourite's singles at once and
 *   suspends the race until it reopens; a bet at an old price is refused (BET.RACE_REFORMED) whatever
 *   the customer's price-change setting; bets struck before carry Rule 4 (65p), bets after none;
 * - a field cut to 2-4 turns each-way bets win only: their potential returns, the market's liability
 *   (outcome_liability) and the customer's payout totals (customer_payout_hours) rise in the same
 *   write, so the liability limit and the payout ceiling see the real exposure.
 */
import { describe, expect, it } from "vitest";
import { demoLogin, realCustomerLogin, Session } from "../fixtures/test-app.ts";
import { balanceOf, expectError, expectLedgerBalanced } from "../fixtures/builders.ts";
import { useRaceDesk } from "../fixtures/race-desk.ts";
import { NO_IN_PLAY_DELAY } from "../../adapters/system/in-play-delay.ts";

/** How long a re-formed race stays suspended in this file's app. */
const SUSPEND_MS = 5_000;
const desk = useRaceDesk({ inPlay: { ...NO_IN_PLAY_DELAY, reformSuspendMs: SUSPEND_MS } });
const { tick, advance, row } = desk;
const override = { reason: "race run early in the test" };

/** Eight runners, a 1.46 favourite (4/9-8/15 band: 65p); the book is 124.1%, the other seven 55.6% of it. */
const FAVOURITE = ["1.46", "6.00", "8.00", "11.00", "15.00", "21.00", "29.00", "41.00"];
/**
 * Re-formed without the favourite: each runner's 1 / price over 0.5557, the power method's exponent
 * (k = 0.9071, sum p^k = 1.18), 1 / p^k rounded down the ladder: a 118.1% book.
 */
const REFORMED = ["2.98", "3.87", "5.16", "6.84", "9.28", "12.40", "17.00"];
/** Five runners (1/4 two places); runner 5 at 4.00 (3/1: 25p). */
const FIVE = ["3.00", "5.00", "6.00", "8.00", "4.00"];

async function place(c: Session, selection: unknown, stake: number, eachWay = false) {
  tick();
  return c.post("/api/bets", { selections: [selection], stake, betType: "single", ...(eachWay ? { eachWay: true } : {}) });
}
const sql = async (q: string, args: (string | number)[]) => (await desk.t.database.client.execute({ sql: q, args })).rows.map((r) => ({ ...r }));
type Card = { id: string; status: string; reopensAt?: string; eachWay?: { fractionNum: number; fractionDen: number; places: number }; outcomes: { id: string; odds: string; withdrawn?: boolean }[] };
async function card(c: Session, eventId: string, marketId: string): Promise<Card> {
  const events = (await (await c.get("/api/events?status=all&limit=200")).json()) as { id: string; markets: Card[] }[];
  return events.find((e) => e.id === eventId)!.markets.find((m) => m.id === marketId)!;
}

describe("withdrawing a favourite re-forms the race", () => {
  it("re-priced to the margin, new each-way terms, suspended then reopened; old prices refused; Rule 4 before, none after; the favourite's bet refunded", async () => {
    const { e, m, sel, now } = await desk.race("Reform Favourite", FAVOURITE);
    const c = await demoLogin(desk.t, "customer");
    const win = ((await (await place(c, sel(1), 1000)).json()) as { bet: { id: string } }).bet.id; // 10.00 at 6.00
    const ew = ((await (await place(c, sel(2), 500, true)).json()) as { bet: { id: string } }).bet.id; // 5.00 e/w at 8.00, 1/5 three places
    const onFavourite = ((await (await place(c, sel(0), 1000)).json()) as { bet: { id: string } }).bet.id;
    const beforeWithdrawal = await balanceOf(c);

    const w = await desk.withdraw(desk.r.trader, m.id, m.outcomes[0].id);
    expect(w).toMatchObject({ odds: "1.46", deduction: 65 });
    expect(w.reform.prices.map((p) => [p.from, p.odds])).toEqual(FAVOURITE.slice(1).map((from, i) => [from, REFORMED[i]]));
    // The book is at or above the racing target (118%), computed exactly from the prices given.
    const book = REFORMED.reduce((s, p) => s + 1 / Number(p), 0);
    expect(book).toBeGreaterThanOrEqual(1.18);
    expect(w.reform.book).toBe(Math.round(book * 10_000) / 10_000);
    expect(w.reform).toMatchObject({
      eachWayBefore: { fractionNum: 1, fractionDen: 5, places: 3 },
      eachWay: { fractionNum: 1, fractionDen: 4, places: 2 }, // seven runners
      reopens: true,
      voided: 1,
      raised: [],
    });
    // The favourite's single is void at once: its stake is back.
    expect(await row(onFavourite)).toEqual({ status: "void", actual_return: 1000 });
    expect(await balanceOf(c)).toBe(beforeWithdrawal + 1000);

    // Suspended until it reopens: on the card and at placement.
    const during = await card(c, e.id, m.id);
    expect(during).toMatchObject({ status: "suspended", reopensAt: w.reform.reopensAt, eachWay: { fractionNum: 1, fractionDen: 4, places: 2 } });
    expect(during.outcomes.slice(1).map((o) => o.odds)).toEqual(REFORMED);
    await expectError(await place(c, await now(1), 1000), 409, "BET.MARKET_SUSPENDED");

    advance(SUSPEND_MS);
    const open = await card(c, e.id, m.id);
    expect(open.status).toBe("open");
    expect(open.reopensAt).toBeUndefined();
    // A bet at the old price is refused with the new one, under "refuse" and under "accept any odds".
    const refused = await expectError(await place(c, sel(1), 1000), 409, "BET.RACE_REFORMED");
    expect(refused.error.details).toMatchObject({ marketId: m.id, prices: [{ outcomeId: m.outcomes[1].id, odds: "2.98" }] });
    expect((await c.request("PUT", "/api/account/settings", { priceChangePolicy: "accept_any" })).status).toBe(200);
    await expectError(await place(c, sel(1), 1000), 409, "BET.RACE_REFORMED");
    // At the new price: struck in the re-formed race, on its terms (1/4 two places).
    const after = ((await (await place(c, await now(1), 1000)).json()) as { bet: { id: string; potentialReturn: number } }).bet;
    expect(after.potentialReturn).toBe(2980);
    const ewAfter = await place(c, await now(2), 500, true);
    expect(ewAfter.status, await ewAfter.clone().text()).toBe(201);
    const ewAfterBet = ((await ewAfter.json()) as { bet: { id: string; potentialReturn: number } }).bet;
    expect(ewAfterBet.potentialReturn).toBe(2793); // 5.00 x 3.87 + 5.00 x (1 + 2.87 / 4) = 19.35 + 8.5875 = 27.9375, down

    // Rule 4 on the bets struck before, none after.
    type Shown = { id: string; rule4?: { deduction: number }; eachWay?: Record<string, unknown> };
    const mine = (await (await c.get("/api/bets")).json()) as Shown[];
    const shown = (id: string) => mine.find((b) => b.id === id)!;
    expect(shown(win).rule4).toEqual({ deduction: 65 });
    expect(shown(ew).rule4).toEqual({ deduction: 65 });
    expect(shown(after.id).rule4).toBeUndefined();
    expect(shown(ewAfterBet.id).rule4).toBeUndefined();
    expect(shown(ewAfterBet.id).eachWay).toMatchObject({ fractionNum: 1, fractionDen: 4, places: 2 });

    // Runner 2 wins, runner 3 second: exact returns.
    tick();
    const start = await balanceOf(c);
    const settled = await desk.r.admin.post(`/api/admin/markets/${m.id}/settle`, { winningOutcomeId: m.outcomes[1].id, placed: [{ outcomeId: m.outcomes[2].id }], override });
    expect(settled.status, await settled.clone().text()).toBe(200);
    expect(await row(win)).toEqual({ status: "won", actual_return: 2750 }); // 10.00 + 50.00 x 0.35
    expect(await row(ew)).toEqual({ status: "won", actual_return: 806 }); // place part at 1/4 (7 runners): 5.00 + 35.00 / 4 x 0.35 = 8.0625
    expect(await row(after.id)).toEqual({ status: "won", actual_return: 2980 }); // 10.00 x 2.98, no deduction
    expect(await row(ewAfterBet.id)).toEqual({ status: "won", actual_return: 858 }); // place part 5.00 + 14.35 / 4 = 8.5875, down
    expect(await balanceOf(c)).toBe(start + 2750 + 806 + 2980 + 858);
    await expectLedgerBalanced(desk.t.database);
  });

  it("the audit record keeps the prices and terms before and after; the admin market shows the new terms the Settle dialog offers", async () => {
    const { m } = await desk.race("Reform Audit", FAVOURITE);
    await desk.withdraw(desk.r.admin, m.id, m.outcomes[0].id);
    const [audit] = await sql(`SELECT "before" AS before_json, "after" AS after_json FROM audit_log WHERE action = 'runner.withdraw' AND entity_id = ?`, [m.outcomes[0].id]);
    const before = JSON.parse(String(audit.before_json));
    const after = JSON.parse(String(audit.after_json));
    expect(before.prices.map((p: string[]) => p[1])).toEqual(FAVOURITE.slice(1));
    expect(before.eachWay).toEqual({ fractionNum: 1, fractionDen: 5, places: 3 });
    expect(after).toMatchObject({ odds: "1.46", deduction: 65, eachWay: { fractionNum: 1, fractionDen: 4, places: 2 }, status: "open" });
    expect(after.prices.map((p: string[]) => p[1])).toEqual(REFORMED);
    const market = (await (await desk.r.admin.get(`/api/admin/markets/${m.id}`)).json()) as { market: { eachWay: unknown } };
    expect(market.market.eachWay).toEqual({ fractionNum: 1, fractionDen: 4, places: 2 });
  });
});

describe("a field cut to 2-4 runners: exposure follows the money", () => {
  it("each-way potential returns, the market's liability and the payout totals rise in the withdrawal's write; the limit and the payout ceiling see them", async () => {
    const { m, now } = await desk.race("Reform Win Only", FIVE);
    const c = await realCustomerLogin(desk.t);
    const a = ((await (await place(c, (await now(0)), 500, true)).json()) as { bet: { id: string; potentialReturn: number } }).bet; // 5.00 e/w at 3.00
    const b = ((await (await place(c, (await now(1)), 500, true)).json()) as { bet: { id: string; potentialReturn: number } }).bet; // 5.00 e/w at 5.00
    expect([a.potentialReturn, b.potentialReturn]).toEqual([2250, 3500]); // 15.00 + 7.50; 25.00 + 10.00
    const liability = async () => (await sql("SELECT outcome_id, liability FROM outcome_liability WHERE market_id = ? ORDER BY outcome_id", [m.id])).map((r) => [r.outcome_id, Number(r.liability)]);
    const [user] = await sql("SELECT user_id FROM bets WHERE id = ?", [a.id]);
    const payoutTotal = async () => Number((await sql("SELECT COALESCE(SUM(total), 0) AS t FROM customer_payout_hours WHERE user_id = ?", [String(user.user_id)]))[0].t);
    expect(await liability()).toEqual([[m.outcomes[0].id, 1250], [m.outcomes[1].id, 2500]]);
    const payoutBefore = await payoutTotal();

    // Runner 5 (4.00, 25p) withdrawn: four runners, win only: 2 x (5.00 + winnings x 0.75).
    const w = await desk.withdraw(desk.r.trader, m.id, m.outcomes[4].id);
    expect([...w.reform.raised].sort((x, y) => x.from - y.from)).toEqual([
      { betId: a.id, from: 2250, to: 2500 },
      { betId: b.id, from: 3500, to: 4000 },
    ]);
    expect(w.reform.eachWay).toBeNull();
    expect(await sql("SELECT id, potential_return FROM bets WHERE id IN (?, ?) ORDER BY potential_return", [a.id, b.id])).toEqual([
      { id: a.id, potential_return: 2500 },
      { id: b.id, potential_return: 4000 },
    ]);
    expect(await liability()).toEqual([[m.outcomes[0].id, 1500], [m.outcomes[1].id, 3000]]);
    expect(await payoutTotal()).toBe(payoutBefore + 250 + 500);
    advance(SUSPEND_MS); // the re-formed race reopens

    // The market's limit at 16.00: runner 1's liability is 15.00 now (12.50 before the withdrawal), so
    // a 1.00 bet at the re-formed 2.21 (+1.21) no longer fits.
    expect((await desk.r.trader.request("PUT", `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 1600 })).status).toBe(200);
    const refused = await expectError(await place(c, await now(0), 100), 409, "BET.LIABILITY_LIMIT");
    expect(refused.error.details).toMatchObject({ outcomeId: m.outcomes[0].id });
    expect((await desk.r.trader.request("PUT", `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 200_000_000 })).status).toBe(200);
    // The payout ceiling: 1.00 of room above today's raised total refuses a bet returning 2.21.
    await desk.t.database.client.execute({ sql: "UPDATE risk_settings SET value = ? WHERE key = 'max_payout_per_day'", args: [(await payoutTotal()) + 100] });
    try {
      const payout = await expectError(await place(c, await now(0), 100), 409, "BET.MAX_PAYOUT");
      expect(payout.error.details).toMatchObject({ limit: "per_day" });
    } finally {
      await desk.t.database.client.execute("UPDATE risk_settings SET value = 100000000 WHERE key = 'max_payout_per_day'");
    }

    // Settled: the winner returns its raised potential exactly; everything released.
    tick();
    expect((await desk.r.admin.post(`/api/admin/markets/${m.id}/settle`, { winningOutcomeId: m.outcomes[1].id, override })).status).toBe(200);
    expect(await row(b.id)).toEqual({ status: "won", actual_return: 4000 }); // 2 x (5.00 + 20.00 x 0.75)
    expect(await row(a.id)).toEqual({ status: "lost", actual_return: 0 });
    expect(await liability()).toEqual([[m.outcomes[0].id, 0], [m.outcomes[1].id, 0]]);
    await expectLedgerBalanced(desk.t.database);
  });
});
