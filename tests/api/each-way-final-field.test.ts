/**
 * Each-way terms after withdrawals (docs/money.md "Each-way terms after withdrawals"): an
 * each-way bet is settled on the terms of the final field when withdrawals after it was struck move
 * the field into a lower band (8+ -> 5-7: 1/4 two places; 5-7 -> 2-4: win only), Rule 4 still taken
 * from both parts; a bet struck after the withdrawals keeps its terms. By market, by bet and on
 * resettlement; every figure by hand, with the customer's balance and the ledger rows. Bets struck after a
 * withdrawal are struck in the re-formed race (docs/trading.md "Non-runners re-form the race"): EIGHT without
 * runner 8 is 6.30, 3.69, 4.35, 5.66, 7.57, 8.82, 10.00 at 1/4 two places; FIVE without runner 5 is 2.21,
 * 3.45, 4.05, 5.21 with no each way (the racing margin of 118% by the power method).
 */
import { describe, expect, it } from "vitest";
import { demoLogin, Session } from "../fixtures/test-app.ts";
import { balanceOf, expectError, expectLedgerBalanced } from "../fixtures/builders.ts";
import { useRaceDesk } from "../fixtures/race-desk.ts";


/** Eight runners (default 1/5 the odds, three places); runner 8 at 4.00 (3/1: Rule 4 25p). */
const EIGHT = ["9.00", "5.00", "6.00", "8.00", "11.00", "13.00", "15.00", "4.00"];
/** Five runners (default 1/4 the odds, two places); runner 5 at 4.00 (25p). */
const FIVE = ["3.00", "5.00", "6.00", "8.00", "4.00"];
const override = { reason: "race run early in the test" };

const desk = useRaceDesk();
const { tick, race, row, walletMoves } = desk;
const ew = (c: Session, selection: unknown, unit: number) => desk.bet(c, selection, unit, true);
/** The trader withdraws a runner at its current price. */
const withdraw = (marketId: string, outcomeId: string) => desk.withdraw(desk.r.trader, marketId, outcomeId);




async function post(s: Session, path: string, body: Record<string, unknown>) {
  tick();
  const res = await s.post(path, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
}

type Shown = { id: string; eachWay?: { fractionNum: number; fractionDen: number; places: number; settledOn?: unknown }; rule4?: unknown };
const shown = (c: Session, id: string) => desk.shown<Shown>(c, id);

describe("8 runners (1/5 three places) down to 7 after the bet: 1/4 two places", () => {
  it("by market: 3rd pays nothing on the place part, 2nd pays 1/4 less Rule 4; a bet struck after takes the re-formed price and the field's 1/4 two places; resettled by market", async () => {
    const { m, sel, now } = await race("EWF Eight", EIGHT);
    const c = await demoLogin(desk.t, "customer");
    const third = await ew(c, sel(2), 500); // 5.00 e/w at 6.00
    const second = await ew(c, sel(1), 500); // 5.00 e/w at 5.00
    const w = await withdraw(m.id, m.outcomes[7].id); // 4.00: 25p; 7 runners left
    expect(w.reform.eachWay).toEqual({ fractionNum: 1, fractionDen: 4, places: 2 }); // for new bets
    const late = await ew(c, await now(1), 500); // struck in the field of 7 at the re-formed 3.69, 1/4 two places
    expect((await shown(c, third)).eachWay).toMatchObject({ fractionNum: 1, fractionDen: 5, places: 3, settledOn: { fractionNum: 1, fractionDen: 4, places: 2, runners: 7 } });
    expect((await shown(c, late)).eachWay).toEqual({ fractionNum: 1, fractionDen: 4, places: 2, unitStake: 500 });
    const start = await balanceOf(c);
    // Finishing order 1, 2, 3 (the placed runners in finishing order, the winner not listed).
    await post(desk.r.admin, `/api/admin/markets/${m.id}/settle`, { winningOutcomeId: m.outcomes[0].id, placed: [{ outcomeId: m.outcomes[1].id }, { outcomeId: m.outcomes[2].id }], override });
    expect(await row(third)).toEqual({ status: "lost", actual_return: 0 }); // 3rd of two places
    expect(await row(second)).toEqual({ status: "won", actual_return: 875 }); // 5.00 + 20.00 x 1/4 x 0.75
    expect(await row(late)).toEqual({ status: "won", actual_return: 836 }); // 5.00 + 13.45 x 1/4 = 8.3625, down, no Rule 4
    expect(await balanceOf(c)).toBe(start + 875 + 836);
    expect(await walletMoves(third)).toEqual([["bet_stake", -1000]]);
    expect(await walletMoves(second)).toEqual([["bet_stake", -1000], ["bet_payout", 875]]);
    expect(await walletMoves(late)).toEqual([["bet_stake", -1000], ["bet_payout", 836]]);
    // Resettled by market: runner 3 second, runner 2 third.
    await post(desk.r.admin, `/api/admin/markets/${m.id}/resettle`, {
      winningOutcomeId: m.outcomes[0].id, placed: [{ outcomeId: m.outcomes[2].id }, { outcomeId: m.outcomes[1].id }], reason: "photo finish reviewed", override,
    });
    expect(await row(third)).toEqual({ status: "won", actual_return: 968 }); // 5.00 + 25.00 x 1/4 x 0.75 = 9.6875, down
    expect(await row(second)).toEqual({ status: "lost", actual_return: 0 });
    expect(await row(late)).toEqual({ status: "lost", actual_return: 0 }); // 3rd of its two places
    expect(await balanceOf(c)).toBe(start + 968);
    expect(await walletMoves(late)).toEqual([["bet_stake", -1000], ["bet_payout", 836], ["bet_resettlement", -836]]);
    expect(await walletMoves(third)).toEqual([["bet_stake", -1000], ["bet_resettlement", 968]]);
    expect(await walletMoves(second)).toEqual([["bet_stake", -1000], ["bet_payout", 875], ["bet_resettlement", -875]]);
    await expectLedgerBalanced(desk.t.database);
  });

  it("by bet: placed pays 1/4 less Rule 4 (the struck terms' figure is refused); resettled by bet to won and back", async () => {
    const { m, sel } = await race("EWF Eight By Bet", EIGHT);
    const c = await demoLogin(desk.t, "customer");
    const b = await ew(c, sel(1), 500); // 5.00 e/w at 5.00
    await withdraw(m.id, m.outcomes[7].id);
    const start = await balanceOf(c);
    const settle = (body: Record<string, unknown>) => {
      tick();
      return desk.r.admin.post(`/api/admin/settle-bet/${b}`, { override, ...body });
    };
    await expectError(await settle({ status: "placed", actualReturn: 800 }), 422, "BET.RETURN_MISMATCH"); // 1/5 as struck
    expect(await row(b)).toEqual({ status: "pending", actual_return: null });
    expect(await walletMoves(b)).toEqual([["bet_stake", -1000]]);
    expect((await settle({ status: "placed", actualReturn: 875 })).status).toBe(200);
    expect(await row(b)).toEqual({ status: "won", actual_return: 875 });
    // won after all: win part 5.00 + 20.00 x 0.75 = 20.00, plus the 8.75
    expect(await post(desk.r.admin, `/api/admin/bets/${b}/resettle`, { reasonCode: "result_correction", override: { reason: "Stewards enquiry changed the result" }, status: "won", reason: "photo finish" })).toMatchObject({ bet: { actualReturn: 2875 }, correction: 2000 });
    expect(await post(desk.r.admin, `/api/admin/bets/${b}/resettle`, { reasonCode: "result_correction", override: { reason: "Stewards enquiry changed the result" }, status: "placed", reason: "photo finish reversed" })).toMatchObject({ bet: { actualReturn: 875 }, correction: -2000 });
    expect(await balanceOf(c)).toBe(start + 875);
    expect(await walletMoves(b)).toEqual([["bet_stake", -1000], ["bet_payout", 875], ["bet_resettlement", 2000], ["bet_resettlement", -2000]]);
    await expectLedgerBalanced(desk.t.database);
  });
});

describe("5 runners (1/4 two places) down to 4 after the bet: win only", () => {
  it("by market: the winner pays both parts at full odds less Rule 4, 2nd pays nothing; potential returns raised; no each way after it; resettled by market", async () => {
    const { m, sel, now } = await race("EWF Five", FIVE);
    const c = await demoLogin(desk.t, "customer");
    const winner = await ew(c, sel(0), 500); // 5.00 e/w at 3.00: potential 15.00 + 7.50 = 22.50
    const second = await ew(c, sel(1), 500); // 5.00 e/w at 5.00: potential 25.00 + 10.00 = 35.00
    const w = await withdraw(m.id, m.outcomes[4].id); // 4.00: 25p; 4 runners left
    // Win only now: the most each can return, 2 x (5.00 + winnings x 0.75), is its potential return.
    expect([...w.reform.raised].sort((a, b) => a.from - b.from)).toEqual([
      { betId: winner, from: 2250, to: 2500 },
      { betId: second, from: 3500, to: 4000 },
    ]);
    expect(w.reform.eachWay).toBeNull(); // no each way in a field of 4
    tick();
    await expectError(await c.post("/api/bets", { selections: [await now(1)], stake: 500, betType: "single", eachWay: true }), 422, "BET.EACH_WAY_NOT_OFFERED");
    const late = await desk.bet(c, await now(1), 1000); // a 10.00 win single at the re-formed 3.45
    expect((await shown(c, winner)).eachWay?.settledOn).toEqual({ fractionNum: 1, fractionDen: 1, places: 1, runners: 4 });
    const start = await balanceOf(c);
    // The final field of 4 has no each-way terms: every each-way bet on it is win only, so the result takes no placed runners.
    tick();
    await expectError(await desk.r.admin.post(`/api/admin/markets/${m.id}/settle`, { winningOutcomeId: m.outcomes[0].id, placed: [{ outcomeId: m.outcomes[1].id }], override }), 422, "MARKET.RESULT_INVALID");
    await post(desk.r.admin, `/api/admin/markets/${m.id}/settle`, { winningOutcomeId: m.outcomes[0].id, override });
    expect(await row(winner)).toEqual({ status: "won", actual_return: 2500 }); // 2 x (5.00 + 10.00 x 0.75)
    expect(await row(second)).toEqual({ status: "lost", actual_return: 0 });
    expect(await row(late)).toEqual({ status: "lost", actual_return: 0 });
    expect(await balanceOf(c)).toBe(start + 2500);
    expect(await walletMoves(winner)).toEqual([["bet_stake", -1000], ["bet_payout", 2500]]);
    expect(await walletMoves(second)).toEqual([["bet_stake", -1000]]);
    // Resettled by market: runner 2 won, runner 1 second.
    await post(desk.r.admin, `/api/admin/markets/${m.id}/resettle`, { winningOutcomeId: m.outcomes[1].id, reason: "photo finish reviewed", override });
    expect(await row(winner)).toEqual({ status: "lost", actual_return: 0 });
    expect(await row(second)).toEqual({ status: "won", actual_return: 4000 }); // 2 x (5.00 + 20.00 x 0.75)
    expect(await row(late)).toEqual({ status: "won", actual_return: 3450 }); // 10.00 x 3.45, no Rule 4
    expect(await balanceOf(c)).toBe(start + 4000 + 3450);
    expect(await walletMoves(winner)).toEqual([["bet_stake", -1000], ["bet_payout", 2500], ["bet_resettlement", -2500]]);
    expect(await walletMoves(second)).toEqual([["bet_stake", -1000], ["bet_resettlement", 4000]]);
    await expectLedgerBalanced(desk.t.database);
  });

  it("by bet: won pays both parts at full odds less Rule 4; placed pays nothing; resettled by bet", async () => {
    const { m, sel } = await race("EWF Five By Bet", FIVE);
    const c = await demoLogin(desk.t, "customer");
    const a = await ew(c, sel(0), 500);
    const b = await ew(c, sel(1), 500);
    await withdraw(m.id, m.outcomes[4].id);
    const start = await balanceOf(c);
    await expectError(await (tick(), desk.r.admin.post(`/api/admin/settle-bet/${a}`, { status: "won", actualReturn: 2250, override })), 422, "BET.RETURN_MISMATCH");
    expect(await walletMoves(a)).toEqual([["bet_stake", -1000]]);
    await post(desk.r.admin, `/api/admin/settle-bet/${a}`, { status: "won", actualReturn: 2500, override });
    expect(await row(a)).toEqual({ status: "won", actual_return: 2500 });
    // Placed in a win-only race: nothing back, the bet is lost.
    await expectError(await (tick(), desk.r.admin.post(`/api/admin/settle-bet/${b}`, { status: "placed", actualReturn: 1000, override })), 422, "BET.RETURN_MISMATCH");
    await post(desk.r.admin, `/api/admin/settle-bet/${b}`, { status: "placed", actualReturn: 0, override });
    expect(await row(b)).toEqual({ status: "lost", actual_return: 0 });
    expect(await balanceOf(c)).toBe(start + 2500);
    // Resettled by bet: b won after all, both parts at full odds less Rule 4: 2 x (5.00 + 20.00 x 0.75) = 40.00.
    expect(await post(desk.r.admin, `/api/admin/bets/${b}/resettle`, { reasonCode: "result_correction", override: { reason: "Stewards enquiry changed the result" }, status: "won", reason: "stewards' enquiry" })).toMatchObject({ bet: { actualReturn: 4000 }, correction: 4000 });
    expect(await post(desk.r.admin, `/api/admin/bets/${a}/resettle`, { reasonCode: "result_correction", override: { reason: "Stewards enquiry changed the result" }, status: "lost", reason: "stewards' enquiry" })).toMatchObject({ bet: { actualReturn: 0 }, correction: -2500 });
    expect(await balanceOf(c)).toBe(start + 4000);
    expect(await walletMoves(b)).toEqual([["bet_stake", -1000], ["bet_resettlement", 4000]]);
    expect(await walletMoves(a)).toEqual([["bet_stake", -1000], ["bet_payout", 2500], ["bet_resettlement", -2500]]);
    await expectLedgerBalanced(desk.t.database);
  });
});

describe("the return guard (migration 0042)", () => {
  it("no bet returns more than its potential return; a withdrawal that makes an each-way bet win only raises it to what it can now return", async () => {
    const { m, sel } = await race("EWF Guard", FIVE);
    const c = await demoLogin(desk.t, "customer");
    const b = await ew(c, sel(0), 500); // 10.00 staked at 3.00: potential 22.50
    tick();
    const single = await c.post("/api/bets", { selections: [sel(0)], stake: 1000, betType: "single" }); // potential 30.00
    expect(single.status).toBe(201);
    const s = ((await single.json()) as { bet: { id: string } }).bet.id;
    const set = (id: string, column: string, cents: number) => desk.t.database.client.execute({ sql: `UPDATE bets SET ${column} = ? WHERE id = ?`, args: [cents, id] });
    const potential = async (id: string) => Number((await desk.t.database.client.execute({ sql: "SELECT potential_return FROM bets WHERE id = ?", args: [id] })).rows[0].potential_return);
    await expect(set(b, "actual_return", 2251)).rejects.toThrow(/BET.RETURN_ABOVE_POTENTIAL/);
    await withdraw(m.id, m.outcomes[4].id); // 4.00: 25p; 4 runners: win only, 2 x (5.00 + 10.00 x 0.75) = 25.00
    expect(await potential(b)).toBe(2500);
    await expect(set(b, "actual_return", 2501)).rejects.toThrow(/BET.RETURN_ABOVE_POTENTIAL/);
    await expect(set(s, "actual_return", 3001)).rejects.toThrow(/BET.RETURN_ABOVE_POTENTIAL/);
    // A potential return only ever rises, only on a pending each-way bet, and never past stake x odds.
    await expect(set(b, "potential_return", 2400)).rejects.toThrow(/BET.TERMS_IMMUTABLE/);
    await expect(set(b, "potential_return", 3001)).rejects.toThrow(/BET.TERMS_IMMUTABLE/);
    await expect(set(s, "potential_return", 3100)).rejects.toThrow(/BET.TERMS_IMMUTABLE/);
    await set(b, "actual_return", 2500);
    expect(await row(b)).toMatchObject({ actual_return: 2500 });
    expect(await row(s)).toMatchObject({ actual_return: null });
    expect(await potential(b)).toBe(2500);
    expect(await potential(s)).toBe(3000);
  });
});
