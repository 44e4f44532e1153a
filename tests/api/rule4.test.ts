/**
 * Rule 4 (docs/money.md "Each way and Rule 4"): a trader withdraws a runner; its
 * singles are void at once, bets on the other runners struck before the withdrawal lose the
 * Tattersalls deduction from their winnings (several add up, at most 90p, each at the runner's price
 * in the market the bet was struck in), bets struck after it (at the re-formed prices) lose nothing;
 * every payout is computed by hand. Refusals write nothing.
 *
 * EIGHT re-formed without runner 8 (4.00) at the racing margin (118%, power method): 6.30, 3.69, 4.35,
 * 5.66, 7.57, 8.82, 10.00 (docs/trading.md "Non-runners re-form the race").
 */
import { describe, expect, it } from "vitest";
import { demoLogin, realCustomerLogin, Session } from "../fixtures/test-app.ts";
import { balanceOf, countRows, expectError, expectLedgerBalanced } from "../fixtures/builders.ts";
import { useRaceDesk } from "../fixtures/race-desk.ts";


/** Eight runners (1/5 the odds, three places): runner 8 at 4.00 (3/1: 25p), runner 2 at 5.00 (4/1: 20p). */
const EIGHT = ["9.00", "5.00", "6.00", "8.00", "11.00", "13.00", "15.00", "4.00"];
const override = { reason: "race run early in the test" };

const desk = useRaceDesk();
const { tick, bet, withdraw, row, walletMoves } = desk;
const race = (name: string) => desk.race(name, EIGHT);
const shown = (c: Session, id: string) => desk.shown<{ id: string; rule4?: unknown }>(c, id);





describe("withdrawing a runner", () => {
  it("one withdrawal: its bets void, an earlier winner loses 25p in the pound of its winnings, a later one nothing; shown on the bet", async () => {
    const { m, sel, now } = await race("R4 One");
    const c = await demoLogin(desk.t, "customer");
    const before = await bet(c, sel(0), 1000); // 10.00 at 9.00, struck before
    const onGone = await bet(c, sel(7), 1000); // 10.00 on the runner withdrawn
    const w = await withdraw(desk.r.trader, m.id, m.outcomes[7].id); // at its current 4.00: 3/1 -> 25p
    expect(w).toMatchObject({ deduction: 25, odds: "4.00" });
    expect(await row(onGone)).toEqual({ status: "void", actual_return: 1000 }); // its stake back at once
    // No longer bettable; shown as decided on the card.
    tick();
    await expectError(await c.post("/api/bets", { selections: [sel(7)], stake: 100, betType: "single" }), 409, "BET.SELECTION_DECIDED");
    expect((await now(0)).odds).toBe("6.30");
    const after = await bet(c, await now(0), 1000); // struck after at the re-formed 6.30: no deduction
    expect((await shown(c, before)).rule4).toEqual({ deduction: 25 });
    expect((await shown(c, after)).rule4).toBeUndefined();
    expect((await shown(c, onGone)).rule4).toBeUndefined();
    tick();
    const res = await desk.r.admin.post(`/api/admin/markets/${m.id}/settle`, { winningOutcomeId: m.outcomes[0].id, override });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await row(before)).toEqual({ status: "won", actual_return: 7000 }); // 10.00 + 80.00 x 0.75
    expect(await row(onGone)).toEqual({ status: "void", actual_return: 1000 }); // refunded
    expect(await row(after)).toEqual({ status: "won", actual_return: 6300 }); // 10.00 x 6.30
    await expectLedgerBalanced(desk.t.database);
  });

  it("two withdrawals add up, each at the runner's price in the market the bet was struck in; a bet struck between them takes only the second", async () => {
    const { m, sel, now } = await race("R4 Two");
    const c = await demoLogin(desk.t, "customer");
    const first = await bet(c, sel(0), 1000); // at 9.00 in the first market
    await withdraw(desk.r.trader, m.id, m.outcomes[7].id); // 4.00: 25p
    const between = await bet(c, await now(0), 1000); // at the re-formed 6.30
    const w = await withdraw(desk.r.admin, m.id, m.outcomes[1].id, { odds: "2.00" }); // evens in the re-formed market: 45p
    expect(w.deduction).toBe(45);
    // The first bet's market had runner 2 at 5.00 (4/1: 20p): 25p + 20p. The re-formed market's evens is not its market.
    expect((await shown(c, first)).rule4).toEqual({ deduction: 45 });
    expect((await shown(c, between)).rule4).toEqual({ deduction: 45 });
    tick();
    const res = await desk.r.admin.post(`/api/admin/markets/${m.id}/settle`, { winningOutcomeId: m.outcomes[0].id, override });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await row(first)).toEqual({ status: "won", actual_return: 5400 }); // 10.00 + 80.00 x 0.55
    expect(await row(between)).toEqual({ status: "won", actual_return: 3915 }); // 10.00 + 53.00 x 0.55 = 39.15
    await expectLedgerBalanced(desk.t.database);
  });

  it("several withdrawals are capped at 90p", async () => {
    const { m, sel } = await race("R4 Cap");
    const c = await demoLogin(desk.t, "customer");
    const b = await bet(c, sel(0), 1000);
    await withdraw(desk.r.trader, m.id, m.outcomes[7].id, { odds: "1.50" }); // 1/2: 65p
    await withdraw(desk.r.trader, m.id, m.outcomes[1].id); // 5.00 in b's market (4/1): 20p -> 85p
    expect((await shown(c, b)).rule4).toEqual({ deduction: 85 });
    await withdraw(desk.r.trader, m.id, m.outcomes[2].id); // 6.00 in b's market (5/1): 15p -> 100p, capped at 90p
    expect((await shown(c, b)).rule4).toEqual({ deduction: 90 });
    tick();
    expect((await desk.r.admin.post(`/api/admin/markets/${m.id}/settle`, { winningOutcomeId: m.outcomes[0].id, override })).status).toBe(200);
    expect(await row(b)).toEqual({ status: "won", actual_return: 1800 }); // 10.00 + 80.00 x 0.10
  });

  it("each way: both parts lose the deduction; a placed-only bet pays its place part reduced", async () => {
    const { m, sel } = await race("R4 Each Way");
    const c = await demoLogin(desk.t, "customer");
    const won = await bet(c, sel(0), 500, true); // 5.00 e/w at 9.00
    const placed = await bet(c, sel(1), 500, true); // 5.00 e/w at 5.00
    await withdraw(desk.r.trader, m.id, m.outcomes[7].id); // 25p
    tick();
    const res = await desk.r.admin.post(`/api/admin/markets/${m.id}/settle`, {
      winningOutcomeId: m.outcomes[0].id,
      placed: [{ outcomeId: m.outcomes[1].id }, { outcomeId: m.outcomes[2].id }],
      override,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    // The field went from 8 to 7 after both bets: settled at 1/4 two places ("Each-way terms after withdrawals").
    // win part 5.00 + 40.00 x 0.75 = 35.00; place part 5.00 + 40.00 x 1/4 x 0.75 = 12.50
    expect(await row(won)).toEqual({ status: "won", actual_return: 4750 });
    // place part 5.00 + 20.00 x 1/4 x 0.75 = 8.75
    expect(await row(placed)).toEqual({ status: "won", actual_return: 875 });
    await expectLedgerBalanced(desk.t.database);
  });

  it("resettling the market keeps the withdrawn runner's bets void and the deduction on the new winner", async () => {
    const { m, sel } = await race("R4 Resettle");
    const c = await demoLogin(desk.t, "customer");
    const a = await bet(c, sel(0), 1000);
    const b = await bet(c, sel(2), 1000); // 10.00 at 6.00
    const gone = await bet(c, sel(7), 1000);
    await withdraw(desk.r.trader, m.id, m.outcomes[7].id); // 25p
    tick();
    expect((await desk.r.admin.post(`/api/admin/markets/${m.id}/settle`, { winningOutcomeId: m.outcomes[0].id, override })).status).toBe(200);
    tick();
    const res = await desk.r.admin.post(`/api/admin/markets/${m.id}/resettle`, { winningOutcomeId: m.outcomes[2].id, reason: "photo finish reviewed", override });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await row(a)).toEqual({ status: "lost", actual_return: 0 });
    expect(await row(b)).toEqual({ status: "won", actual_return: 4750 }); // 10.00 + 50.00 x 0.75
    expect(await row(gone)).toEqual({ status: "void", actual_return: 1000 });
    await expectLedgerBalanced(desk.t.database);
  });
});


describe("resettling one bet under Rule 4 pays what the market path pays", () => {
  it("settled by market, resettled by bet to another result, then back: returns, balance and ledger follow exactly", async () => {
    const { m, sel } = await race("R4 Resettle By Bet");
    const c = await demoLogin(desk.t, "customer");
    const ew = await bet(c, sel(0), 500, true); // 5.00 e/w at 9.00 (10.00 staked)
    const win = await bet(c, sel(2), 1000); // 10.00 win at 6.00
    await withdraw(desk.r.trader, m.id, m.outcomes[7].id); // 4.00: 25p
    tick();
    const settled = await desk.r.admin.post(`/api/admin/markets/${m.id}/settle`, {
      winningOutcomeId: m.outcomes[0].id, placed: [{ outcomeId: m.outcomes[1].id }, { outcomeId: m.outcomes[2].id }], override,
    });
    expect(settled.status, await settled.clone().text()).toBe(200);
    // e/w (8 runners down to 7: 1/4 two places): win part 5.00 + 40.00 x 0.75 = 35.00, place part 5.00 + 10.00 x 0.75 = 12.50;
    // the win single lost (placed is no use to it).
    expect(await row(ew)).toEqual({ status: "won", actual_return: 4750 });
    expect(await row(win)).toEqual({ status: "lost", actual_return: 0 });
    const start = await balanceOf(c);
    const resettle = async (id: string, status: string) => {
      tick();
      const res = await desk.r.admin.post(`/api/admin/bets/${id}/resettle`, { reasonCode: "result_correction", override: { reason: "Stewards enquiry changed the result" }, status, reason: "steward's enquiry" });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { bet: { actualReturn: number }; correction: number });
    };
    // The e/w bet lost after all: the 47.50 comes back; then won again: the same 47.50 (Rule 4 and the final field's terms).
    expect(await resettle(ew, "lost")).toMatchObject({ bet: { actualReturn: 0 }, correction: -4750 });
    expect(await balanceOf(c)).toBe(start - 4750);
    expect(await resettle(ew, "won")).toMatchObject({ bet: { actualReturn: 4750 }, correction: 4750 });
    expect(await row(ew)).toEqual({ status: "won", actual_return: 4750 });
    // The win single won after all: 10.00 + 50.00 x 0.75 = 47.50 (not 60.00); then lost again.
    expect(await resettle(win, "won")).toMatchObject({ bet: { actualReturn: 4750 }, correction: 4750 });
    expect(await balanceOf(c)).toBe(start + 4750);
    expect(await resettle(win, "lost")).toMatchObject({ bet: { actualReturn: 0 }, correction: -4750 });
    expect(await balanceOf(c)).toBe(start);
    expect(await walletMoves(ew)).toEqual([["bet_stake", -1000], ["bet_payout", 4750], ["bet_resettlement", -4750], ["bet_resettlement", 4750]]);
    expect(await walletMoves(win)).toEqual([["bet_stake", -1000], ["bet_resettlement", 4750], ["bet_resettlement", -4750]]);
    await expectLedgerBalanced(desk.t.database);
  });
});

describe("settling one each-way bet as placed", () => {
  it("pays the place part at the bet's terms under Rule 4; resettles to won and back; a bet that is not each way is refused and nothing is written", async () => {
    const { m, sel, now } = await race("R4 Placed By Bet");
    const c = await demoLogin(desk.t, "customer");
    const before = await bet(c, sel(1), 500, true); // 5.00 e/w at 5.00, struck before the withdrawal
    const single = await bet(c, sel(1), 1000); // a 10.00 win single: cannot be "placed"
    await withdraw(desk.r.trader, m.id, m.outcomes[7].id); // 4.00: 25p
    const after = await bet(c, await now(2), 500, true); // 5.00 e/w at the re-formed 4.35 and 1/4 two places, struck after: no deduction
    const settle = (id: string, body: Record<string, unknown>) => {
      tick();
      return desk.r.admin.post(`/api/admin/settle-bet/${id}`, { override, ...body });
    };
    // The server's figure is required: 8 runners down to 7 after the bet, so 1/4 two places: place part
    // 5.00 + 20.00 x 1/4 x 0.75 = 8.75 (8.00 at the struck 1/5 is refused too).
    await expectError(await settle(before, { status: "placed", actualReturn: 900 }), 422, "BET.RETURN_MISMATCH");
    await expectError(await settle(before, { status: "placed", actualReturn: 800 }), 422, "BET.RETURN_MISMATCH");
    const start = await balanceOf(c);
    const res = await settle(before, { status: "placed", actualReturn: 875 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { bet: { status: string } }).bet.status).toBe("won");
    expect(await row(before)).toEqual({ status: "won", actual_return: 875 });
    // After the withdrawal: the terms it was struck at (1/4), 5.00 + 5.00 x 3.35/4 = 9.1875, down, nothing deducted.
    expect((await settle(after, { status: "placed", actualReturn: 918 })).status).toBe(200);
    expect(await row(after)).toEqual({ status: "won", actual_return: 918 });
    expect(await balanceOf(c)).toBe(start + 875 + 918);
    // Resettled by bet: won after all (win part 5.00 + 20.00 x 0.75 = 20.00, plus the 8.75), then placed again.
    tick();
    const won = await desk.r.admin.post(`/api/admin/bets/${before}/resettle`, { reasonCode: "result_correction", override: { reason: "Stewards enquiry changed the result" }, status: "won", reason: "photo finish" });
    expect(won.status, await won.clone().text()).toBe(200);
    expect(await won.json()).toMatchObject({ bet: { status: "won", actualReturn: 2875 }, correction: 2000 });
    tick();
    const back = await desk.r.admin.post(`/api/admin/bets/${before}/resettle`, { reasonCode: "result_correction", override: { reason: "Stewards enquiry changed the result" }, status: "placed", reason: "photo finish reversed" });
    expect(back.status, await back.clone().text()).toBe(200);
    expect(await back.json()).toMatchObject({ bet: { status: "won", actualReturn: 875 }, correction: -2000 });
    expect(await balanceOf(c)).toBe(start + 875 + 918);
    // Refusals: a win single, as a settlement and as a resettlement; nothing changes.
    const state = async () => ({
      bet: await row(single),
      tx: await countRows(desk.t.database, "SELECT COUNT(*) AS n FROM ledger_transactions WHERE reference = ?", [single]),
      audit: await countRows(desk.t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", [single]),
      balance: await balanceOf(c),
    });
    const was = await state();
    await expectError(await settle(single, { status: "placed", actualReturn: 0 }), 422, "BET.NOT_EACH_WAY");
    expect(await state()).toEqual(was);
    expect((await settle(single, { status: "lost", actualReturn: 0 })).status).toBe(200);
    const lost = await state();
    await expectError(await desk.r.admin.post(`/api/admin/bets/${single}/resettle`, { reasonCode: "result_correction", override: { reason: "Stewards enquiry changed the result" }, status: "placed", reason: "not each way" }), 422, "BET.NOT_EACH_WAY");
    expect(await state()).toEqual(lost);
    await expectLedgerBalanced(desk.t.database);
  });
});

describe("Rule 4 on a multiple", () => {
  it("a leg on a race with a withdrawal after the bet carries the deduction into its price on every grading path", async () => {
    const one = await race("R4 Double One");
    const two = await race("R4 Double Two");
    const c = await realCustomerLogin(desk.t);
    const double = async (first = one.sel(0)) => {
      tick();
      const res = await c.post("/api/bets", { selections: [first, two.sel(1)], stake: 1000, betType: "multiple" });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { bet: { id: string; potentialReturn: number } }).bet;
    };
    const byMarket = await double(); // 10.00 at 9.00 x 5.00: 450.00 before any withdrawal
    const byBet = await double();
    expect(byMarket.potentialReturn).toBe(45000);
    await withdraw(desk.r.trader, one.m.id, one.m.outcomes[7].id); // 4.00: 25p on race one
    const after = await double(await one.now(0)); // struck after at the re-formed 6.30: no deduction
    // The operator's list shows the deduction on the leg (the Bet Management "Won" figure is computed from it).
    const listed = ((await (await desk.r.admin.get("/api/admin/all-bets?status=pending&limit=500")).json()) as { id: string; legs: { rule4?: number }[] }[]).find((b) => b.id === byBet.id)!;
    expect(listed.legs.map((l) => l.rule4)).toEqual([25, undefined]);
    tick();
    // By bet: 10.00 x (1 + 8.00 x 0.75 = 7.00) x 5.00 = 350.00; the unreduced figure is refused.
    await expectError(await desk.r.admin.post(`/api/admin/settle-bet/${byBet.id}`, { status: "won", actualReturn: 45000, override }), 422, "BET.RETURN_MISMATCH");
    expect((await desk.r.admin.post(`/api/admin/settle-bet/${byBet.id}`, { status: "won", actualReturn: 35000, override })).status).toBe(200);
    // By market: race one first (the double waits), then race two.
    const start = await balanceOf(c);
    expect((await desk.r.admin.post(`/api/admin/markets/${one.m.id}/settle`, { winningOutcomeId: one.m.outcomes[0].id, override })).status).toBe(200);
    expect(await row(byMarket.id)).toEqual({ status: "pending", actual_return: null });
    expect((await desk.r.admin.post(`/api/admin/markets/${two.m.id}/settle`, { winningOutcomeId: two.m.outcomes[1].id, override })).status).toBe(200);
    expect(await row(byMarket.id)).toEqual({ status: "won", actual_return: 35000 });
    expect(await row(after.id)).toEqual({ status: "won", actual_return: 31500 }); // 10.00 x 6.30 x 5.00
    expect(await balanceOf(c)).toBe(start + 35000 + 31500);
    // Market resettle: race two to another winner and back; the deduction stays on the way back.
    tick();
    expect((await desk.r.admin.post(`/api/admin/markets/${two.m.id}/resettle`, { winningOutcomeId: two.m.outcomes[2].id, reason: "photo finish reviewed", override })).status).toBe(200);
    expect(await row(byMarket.id)).toEqual({ status: "lost", actual_return: 0 });
    tick();
    expect((await desk.r.admin.post(`/api/admin/markets/${two.m.id}/resettle`, { winningOutcomeId: two.m.outcomes[1].id, reason: "photo finish reversed", override })).status).toBe(200);
    expect(await row(byMarket.id)).toEqual({ status: "won", actual_return: 35000 });
    // Resettle by bet: lost, then won again at 350.00.
    tick();
    expect((await desk.r.admin.post(`/api/admin/bets/${byBet.id}/resettle`, { reasonCode: "result_correction", override: { reason: "Stewards enquiry changed the result" }, status: "lost", reason: "wrong leg" })).status).toBe(200);
    tick();
    const back = await desk.r.admin.post(`/api/admin/bets/${byBet.id}/resettle`, { reasonCode: "result_correction", override: { reason: "Stewards enquiry changed the result" }, status: "won", reason: "right leg" });
    expect(await back.json()).toMatchObject({ bet: { actualReturn: 35000 }, correction: 35000 });
    expect(await balanceOf(c)).toBe(start + 35000 + 31500);
    await expectLedgerBalanced(desk.t.database);
  });
});

describe("the withdrawn runner on the customer's race card and bets list", () => {
  it("stays on the card marked withdrawn (void, no longer bettable); the bet on it is marked withdrawn", async () => {
    const { e, m, sel } = await race("R4 Card");
    const c = await demoLogin(desk.t, "customer");
    const onGone = await bet(c, sel(7), 1000);
    await withdraw(desk.r.trader, m.id, m.outcomes[7].id);
    tick(); // past the re-form (this test app reopens a re-formed race at once)
    const events = (await (await c.get("/api/events?status=all&limit=200")).json()) as { id: string; markets: { id: string; status: string; outcomes: { id: string; withdrawn?: boolean; result?: string }[] }[] }[];
    const card = events.find((x) => x.id === e.id)!.markets.find((x) => x.id === m.id)!;
    expect(card.status).toBe("open");
    expect(card.outcomes).toHaveLength(8);
    expect(card.outcomes[7]).toMatchObject({ id: m.outcomes[7].id, withdrawn: true, result: "void" });
    expect(card.outcomes.slice(0, 7).every((o) => o.withdrawn === undefined && o.result === undefined)).toBe(true);
    const mine = ((await (await c.get("/api/bets")).json()) as { id: string; status: string; legs: { withdrawn?: boolean }[] }[]).find((b) => b.id === onGone)!;
    expect(mine.legs[0].withdrawn).toBe(true);
    expect(mine.status).toBe("void");
  });
});

describe("refusals write nothing", () => {
  const state = async () => ({
    withdrawals: await countRows(desk.t.database, "SELECT COUNT(*) AS n FROM runner_withdrawals"),
    audit: await countRows(desk.t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'runner.withdraw'"),
    decided: await countRows(desk.t.database, "SELECT COUNT(*) AS n FROM outcomes WHERE result IS NOT NULL"),
  });

  it("twice, a non-racing market, a settled market, a withdrawn winner, a customer", async () => {
    const { m } = await race("R4 Refuse");
    const settled = await race("R4 Refuse Settled");
    await withdraw(desk.r.trader, m.id, m.outcomes[7].id);
    tick();
    expect((await desk.r.admin.post(`/api/admin/markets/${settled.m.id}/settle`, { winningOutcomeId: settled.m.outcomes[0].id, override })).status).toBe(200);
    const soccer = desk.pool.next((x) => x.sport === "soccer");
    const sm = soccer.markets[0];
    const before = await state();
    const path = (mid: string, oid: string) => `/api/admin/markets/${mid}/outcomes/${oid}/withdraw`;
    await expectError(await desk.r.trader.post(path(m.id, m.outcomes[7].id), {}), 409, "MARKET.RUNNER_ALREADY_WITHDRAWN");
    await expectError(await desk.r.trader.post(path(sm.id, sm.outcomes[0].id), {}), 422, "MARKET.NOT_RACING");
    await expectError(await desk.r.trader.post(path(settled.m.id, settled.m.outcomes[3].id), {}), 409, "MARKET.ALREADY_SETTLED");
    await expectError(await desk.r.trader.post(path(m.id, "no-such-runner"), {}), 404, "MARKET.OUTCOME_NOT_FOUND");
    await expectError(await desk.r.trader.post(path(m.id, m.outcomes[2].id), { odds: "cheap" }), 400, "REQUEST.INVALID");
    const customer = await demoLogin(desk.t, "customer");
    expect((await customer.post(path(m.id, m.outcomes[2].id), {})).status).toBe(403);
    // The withdrawn runner cannot be the winner.
    await expectError(await desk.r.admin.post(`/api/admin/markets/${m.id}/settle`, { winningOutcomeId: m.outcomes[7].id, override }), 422, "MARKET.RESULT_INVALID");
    expect(await countRows(desk.t.database, "SELECT COUNT(*) AS n FROM markets WHERE id = ? AND result_kind IS NOT NULL", [m.id])).toBe(0);
    expect(await state()).toEqual(before);
  });
});
