/**
 * The money model's bet commands (tests/api/money-model.test.ts): singles and multiples placed
 * (cash first, then bonus), settled whole or leg by leg, settled again (refused), resettled, and
 * cashed out.
 */
import { expect } from "vitest";
import { expectedReturn, selectionOf, type ApiEvent, type Selection } from "../../fixtures/builders.ts";
import { EARLY } from "../../fixtures/settle.ts";
import { command, expectOutcome, hit, json, pay, pick, type ModelBet } from "../../fixtures/money-model.ts";

const returnOf = (b: ModelBet, status: "won" | "lost" | "void") => (status === "won" ? b.potentialReturn : status === "void" ? b.stake : 0);
const isSettled = (b: ModelBet) => b.status === "won" || b.status === "lost" || b.status === "void";

/** Selections on distinct upcoming events, each on an open market. */
function selectionsFor(events: ApiEvent[], picks: { event: number; outcome: number }[]): Selection[] {
  const chosen: Selection[] = [];
  const used = new Set<string>();
  for (const p of picks) {
    let k = p.event % events.length;
    while (used.has(events[k].id)) k = (k + 1) % events.length;
    used.add(events[k].id);
    const e = events[k];
    const mi = e.markets.findIndex((x) => x.status === "open");
    chosen.push(selectionOf(e, mi, p.outcome % e.markets[mi].outcomes.length));
  }
  return chosen;
}

export const place = (w: number, picks: { event: number; outcome: number }[], stake: number) =>
  command(`place(c${w}, ${picks.length} legs, ${stake})`, () => true, async (m, r) => {
    const selections = selectionsFor(r.world.events, picks);
    const res = await json(await r.customers[w].s.post("/api/bets", { selections, stake, betType: selections.length > 1 ? "multiple" : "single" }));
    const cash = m.balances[w];
    const bo = m.bonuses[w];
    // Placement limits are checked before funds.
    if (res.status === 400 && ["BET.STAKE_TOO_HIGH", "BET.MAX_PAYOUT", "BET.LIABILITY_LIMIT"].includes(res.body?.error?.code)) {
      expect(res.body.error.details.maxStake).toBeLessThan(stake);
      return void hit(r, "limit refused");
    }
    if (stake > cash + bo.balance) return expectOutcome(res, 409, "BET.INSUFFICIENT_FUNDS");
    expectOutcome(res, 201);
    // Cash first, then bonus.
    const bonusStake = stake <= cash ? 0 : stake - cash;
    m.balances[w] -= stake - bonusStake;
    bo.balance -= bonusStake;
    if (bonusStake > 0) hit(r, "placed with bonus");
    const potentialReturn = expectedReturn(stake, selections.map((s) => s.odds));
    expect(res.body).toMatchObject({ bet: { stake, potentialReturn, status: "pending" }, balance: m.balances[w] });
    hit(r, selections.length > 1 ? "multiple placed" : "single placed");
    m.bets.push({
      id: res.body.bet.id, owner: w, stake, bonusStake, placedAt: r.world.now, totalOddsMilli: Math.round(Number(res.body.bet.totalOdds) * 1000), potentialReturn, legs: selections.length, odds: selections.map((x) => x.odds), status: "pending", paid: 0, uniform: true,
      sel: selections.map((x) => ({ marketId: x.marketId, outcomeId: x.outcomeId })), legResults: selections.map(() => "pending" as const),
    });
    if (m.bets.some((o) => o.owner === w && o.id !== res.body.bet.id && o.sel.some((x) => selections.some((y) => y.marketId === x.marketId && y.outcomeId !== x.outcomeId))))
      hit(r, "hedged pair placed");
  });

export const settle = (i: number, result: "won" | "lost" | "void") =>
  command(`settle(#${i}, ${result})`, (m) => m.bets.some((b) => b.status === "pending"), async (m, r) => {
    const b = pick(m.bets.filter((x) => x.status === "pending"), i);
    const actualReturn = returnOf(b, result);
    // A wrong figure is refused and changes nothing.
    const why = result === "void" ? { reasonCode: "void_by_rule" } : {};
    expectOutcome(await json(await r.admin.post(`/api/admin/settle-bet/${b.id}`, { override: EARLY, status: result, actualReturn: actualReturn + 1, ...why })), 422, "BET.RETURN_MISMATCH");
    const res = await json(await r.admin.post(`/api/admin/settle-bet/${b.id}`, { override: EARLY, status: result, actualReturn, ...why }));
    expectOutcome(res, 200);
    expect(res.body.bet).toMatchObject({ id: b.id, status: result, actualReturn });
    b.status = result;
    b.legResults = b.sel.map(() => result);
    b.paid = actualReturn;
    pay(m, b, actualReturn);
    r.log.push(`  ${b.id}: ${b.legs} legs, stake ${b.stake} -> ${result} ${actualReturn}`);
  });

/** A multiple graded leg by leg: a lost leg loses it, void legs count as 1.00, all void returns the stake. */
export const settleLegs = (i: number, results: ("won" | "lost" | "void")[]) =>
  command(`settleLegs(#${i}, ${results.join("/")})`, (m) => m.bets.some((b) => b.status === "pending" && b.legs > 1), async (m, r) => {
    const b = pick(m.bets.filter((x) => x.status === "pending" && x.legs > 1), i);
    const legResults = results.slice(0, b.legs);
    const mine = await json(await r.customers[b.owner].s.get("/api/bets"));
    expect(mine.status).toBe(200);
    const legs = (mine.body as { id: string; legs: { id: string; odds: string }[] }[]).find((x) => x.id === b.id)!.legs;
    expect(legs.map((l) => l.odds)).toEqual(b.odds);
    const status = legResults.includes("lost") ? "lost" : legResults.every((x) => x === "void") ? "void" : "won";
    const actualReturn =
      status === "lost" ? 0 : status === "void" ? b.stake : expectedReturn(b.stake, b.odds.filter((_, k) => legResults[k] === "won"));
    const body = { override: EARLY, status, actualReturn, legResults: legs.map((l, k) => ({ legId: l.id, result: legResults[k] })), ...(status === "void" ? { reasonCode: "void_by_rule" } : {}) };
    // Leg results that grade to another status are refused.
    if (status !== "lost")
      expectOutcome(await json(await r.admin.post(`/api/admin/settle-bet/${b.id}`, { ...body, status: "lost", actualReturn: 0 })), 422, "BET.LEG_RESULTS_INVALID");
    const res = await json(await r.admin.post(`/api/admin/settle-bet/${b.id}`, body));
    expectOutcome(res, 200);
    expect(res.body.bet).toMatchObject({ id: b.id, status, actualReturn });
    b.status = status;
    b.legResults = [...legResults];
    b.paid = actualReturn;
    b.uniform = legResults.every((x) => x === status);
    pay(m, b, actualReturn);
    r.log.push(`  ${b.id}: legs ${legResults.join("/")} -> ${status} ${actualReturn}`);
  });

export const settleAgain = (i: number, result: "won" | "lost" | "void") =>
  command(`settleAgain(#${i}, ${result})`, (m) => m.bets.some((b) => b.status !== "pending"), async (m, r) => {
    const b = pick(m.bets.filter((x) => x.status !== "pending"), i);
    const res = await json(await r.admin.post(`/api/admin/settle-bet/${b.id}`, { override: EARLY, status: result, actualReturn: returnOf(b, result), reasonCode: "void_by_rule" }));
    expectOutcome(res, 409, "BET.NOT_PENDING");
  });

export const resettle = (i: number, result: "won" | "lost" | "void") =>
  command(`resettle(#${i}, ${result})`, (m) => m.bets.some(isSettled), async (m, r) => {
    const b = pick(m.bets.filter(isSettled), i);
    const res = await json(await r.admin.post(`/api/admin/bets/${b.id}/resettle`, { status: result, reasonCode: "result_correction", reason: "model" }));
    const next = returnOf(b, result);
    const correction = next - b.paid;
    if (b.status === result && b.uniform) return expectOutcome(res, 409, "BET.RESETTLE_NO_CHANGE");
    if (m.balances[b.owner] + correction < 0) return expectOutcome(res, 409, "BET.RESETTLE_INSUFFICIENT_FUNDS");
    expectOutcome(res, 200);
    expect(res.body).toMatchObject({ bet: { id: b.id, status: result, actualReturn: next, previousStatus: b.status, previousReturn: b.paid }, correction });
    r.log.push(`  ${b.id}: resettled ${b.status} -> ${result}, correction ${correction}`);
    b.status = result;
    b.legResults = b.sel.map(() => result);
    b.uniform = true;
    b.paid = next;
    pay(m, b, correction);
    hit(r, "resettled");
  });

export const resettleCashedOut = (i: number, result: "won" | "lost" | "void") =>
  command(`resettleCashedOut(#${i}, ${result})`, (m) => m.bets.some((b) => b.status === "cashed_out"), async (m, r) => {
    const b = pick(m.bets.filter((x) => x.status === "cashed_out"), i);
    expectOutcome(await json(await r.admin.post(`/api/admin/bets/${b.id}/resettle`, { status: result, reasonCode: "result_correction" })), 409, "BET.NOT_SETTLED");
  });

export const cashOut = (i: number) =>
  command(`cashOut(#${i})`, (m) => m.bets.some((b) => b.status === "pending"), async (m, r) => {
    const b = pick(m.bets.filter((x) => x.status === "pending"), i);
    const owner = r.customers[b.owner];
    const q = await json(await owner.s.post(`/api/bets/${b.id}/cash-out/quote`));
    expectOutcome(q, 200);
    // Prices never move in the test app: stake x placed / current x 0.95 = floor(stake x 0.95).
    const amount = Math.floor((b.stake * 95) / 100);
    expect(q.body.amount).toBe(amount);
    // Another customer cannot take it.
    const other = r.customers[(b.owner + 1) % r.customers.length];
    expectOutcome(await json(await other.s.post(`/api/bets/${b.id}/cash-out`, { quoteId: q.body.quoteId })), 404, "BET.NOT_FOUND");
    const res = await json(await owner.s.post(`/api/bets/${b.id}/cash-out`, { quoteId: q.body.quoteId }));
    expectOutcome(res, 200);
    pay(m, b, amount);
    expect(res.body).toMatchObject({ amount, balance: m.balances[b.owner], bet: { id: b.id, status: "cashed_out", actualReturn: amount } });
    b.status = "cashed_out";
    b.paid = amount;
    // The same quote again pays nothing.
    expectOutcome(await json(await owner.s.post(`/api/bets/${b.id}/cash-out`, { quoteId: q.body.quoteId })), 409, "BET.NOT_PENDING");
  });
