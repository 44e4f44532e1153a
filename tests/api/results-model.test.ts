/**
 * The results model (docs/money.md "Results and grading"): an admin settles a
 * market with per-outcome results (dead heat with a factor, no winner); bad results are refused
 * with a code and nothing written; bulk settlement grades every market type of a finished 4-7
 * match from the recorded outcome results and pays exactly the hand computation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, expectError, expectLedgerBalanced, placeOk, upcomingPool } from "../fixtures/builders.ts";
import { createMarketOk, rolesOf, type Roles } from "../fixtures/trading-desk.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { processNextBulkOperation } from "../../domain/tasks/bulk-operations.ts";
import { EARLY } from "../fixtures/settle.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp(); // no background jobs: nothing settles unless a test asks
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

type Market = Awaited<ReturnType<typeof createMarketOk>>;
const sel = (eventId: string, m: Market, i: number) => ({ eventId, marketId: m.id, outcomeId: m.outcomes[i].id, odds: m.outcomes[i].odds });
/** With the early-settlement override (tests/fixtures/settle.ts) when the body is an object. */
const early = (body: unknown) => (typeof body === "object" && body !== null && !Array.isArray(body) ? { override: EARLY, ...body } : body);
const settle = (marketId: string, body: unknown) => r.admin.post(`/api/admin/markets/${marketId}/settle`, early(body));
const betRow = async (id: string) =>
  (await t.database.client.execute({ sql: "SELECT status, actual_return FROM bets WHERE id = ?", args: [id] })).rows[0];
const legRows = async (betId: string) =>
  (await t.database.client.execute({ sql: "SELECT result, dead_heat_num, dead_heat_den FROM bet_legs WHERE bet_id = ? ORDER BY leg_no", args: [betId] })).rows.map(
    (x) => ({ result: x.result, num: x.dead_heat_num, den: x.dead_heat_den }),
  );

async function threeWay(name: string, odds = ["2.00", "3.00", "4.00"]) {
  const e = pool.forMutation((x) => x.sport !== "racing");
  const m = await createMarketOk(r.admin, {
    eventId: e.id, marketType: "full_time_result", name, outcomes: odds.map((o, i) => ({ name: ["Home", "Draw", "Away"][i], odds: o })),
  });
  return { e, m };
}

describe("settling a market with per-outcome results", () => {
  it("a dead heat divides the stake: stake x factor at full odds, the rest lost; shown per outcome", async () => {
    const { e, m } = await threeWay("Dead Heat Market");
    const c1 = await demoLogin(t, "customer");
    const c2 = await demoLogin(t, "customer");
    const c3 = await demoLogin(t, "customer");
    const a = await placeOk(c1, [sel(e.id, m, 0)], 1000); // 10.00 at 2.00
    const b = await placeOk(c2, [sel(e.id, m, 1)], 333); // 3.33 at 3.00
    const c = await placeOk(c3, [sel(e.id, m, 2)], 1000); // 10.00 at 4.00
    const res = await settle(m.id, {
      outcomes: [
        { outcomeId: m.outcomes[0].id, result: "dead_heat", deadHeat: { numerator: 1, denominator: 2 } },
        { outcomeId: m.outcomes[1].id, result: "dead_heat", deadHeat: { numerator: 1, denominator: 2 } },
        { outcomeId: m.outcomes[2].id, result: "lost" },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { market: { result: unknown; outcomes: { result: string; deadHeat?: unknown }[] }; settled: number; paid: number };
    // 10.00 x 2.00 x 1/2 = 10.00; 3.33 x 3.00 x 1/2 = 4.995 -> 4.99 (down, once); the third lost
    expect(body).toMatchObject({ settled: 3, paid: 1000 + 499 });
    expect(body.market.result).toEqual({ kind: "outcomes", winningOutcomeId: null });
    expect(body.market.outcomes.map((o) => [o.result, o.deadHeat ?? null])).toEqual([
      ["dead_heat", { numerator: 1, denominator: 2 }], ["dead_heat", { numerator: 1, denominator: 2 }], ["lost", null],
    ]);
    expect(await betRow(a.bet.id)).toMatchObject({ status: "won", actual_return: 1000 });
    expect(await betRow(b.bet.id)).toMatchObject({ status: "won", actual_return: 499 });
    expect(await betRow(c.bet.id)).toMatchObject({ status: "lost", actual_return: 0 });
    expect(await legRows(b.bet.id)).toEqual([{ result: "won", num: 1, den: 2 }]);
    expect(await balanceOf(c2)).toBe(100_000 - 333 + 499);
    // The customer's own bet list shows the divided return.
    const mine = (await (await c2.get("/api/bets")).json()) as { id: string; status: string; actualReturn: number }[];
    expect(mine.find((x) => x.id === b.bet.id)).toMatchObject({ status: "won", actualReturn: 499 });
    // The same result again (in its other spelling) pays nothing more; a different one is refused.
    const again = await settle(m.id, {
      outcomes: [
        { outcomeId: m.outcomes[0].id, result: "dead_heat", deadHeat: { numerator: 2, denominator: 4 } },
        { outcomeId: m.outcomes[1].id, result: "dead_heat", deadHeat: { numerator: 1, denominator: 2 } },
        { outcomeId: m.outcomes[2].id, result: "lost" },
      ],
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ settled: 0, paid: 0 });
    await expectError(await settle(m.id, { winningOutcomeId: m.outcomes[0].id }), 409, "MARKET.ALREADY_SETTLED");
    await expectLedgerBalanced(t.database);
  });

  it("a multiple with a dead-heat leg carries the factor to its last leg", async () => {
    const one = await threeWay("DH Multi One", ["3.00", "3.00", "3.00"]);
    const two = await threeWay("DH Multi Two", ["2.40", "3.00", "4.00"]); // a 100 % book (price sanity)
    const cust = await demoLogin(t, "customer");
    const bet = await placeOk(cust, [sel(one.e.id, one.m, 0), sel(two.e.id, two.m, 0)], 1000);
    const third = { numerator: 1, denominator: 3 };
    const first = await settle(one.m.id, { outcomes: one.m.outcomes.map((o) => ({ outcomeId: o.id, result: "dead_heat", deadHeat: third })) });
    expect(await first.json()).toMatchObject({ waiting: 1, settled: 0 });
    expect(await legRows(bet.bet.id)).toEqual([{ result: "won", num: 1, den: 3 }, { result: "pending", num: null, den: null }]);
    const last = await settle(two.m.id, { winningOutcomeId: two.m.outcomes[0].id });
    // 10.00 x 3.00 x 2.40 x 1/3 = 24.00
    expect(await last.json()).toMatchObject({ settled: 1, paid: 2400 });
    expect(await betRow(bet.bet.id)).toMatchObject({ status: "won", actual_return: 2400 });
  });

  it("no winner: every bet on the market loses (a correct score not listed, no \"Any other\")", async () => {
    const e = pool.forMutation((x) => x.sport === "soccer");
    const m = await createMarketOk(r.admin, { eventId: e.id, marketType: "correct_score", name: "CS No Other", outcomes: [{ name: "1-0", odds: "7.00" }, { name: "2-1", odds: "9.00" }] });
    await t.database.client.execute({ sql: "DELETE FROM outcomes WHERE market_id = ? AND code = 'other'", args: [m.id] });
    const cust = await demoLogin(t, "customer");
    const bet = await placeOk(cust, [sel(e.id, m, 1)], 1000);
    const res = await settle(m.id, { noWinner: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ settled: 1, paid: 0, market: { result: { kind: "no_winner" } } });
    expect(await betRow(bet.bet.id)).toMatchObject({ status: "lost", actual_return: 0 });
    expect(await balanceOf(cust)).toBe(99_000);
  });

  it("refuses bad results with a code and writes nothing", async () => {
    const { e, m } = await threeWay("Refusals Market");
    const cust = await demoLogin(t, "customer");
    const bet = await placeOk(cust, [sel(e.id, m, 0)], 1000);
    const ids = m.outcomes.map((o) => o.id);
    const dh = (numerator: number, denominator: number) => ({
      outcomes: [{ outcomeId: ids[0], result: "dead_heat", deadHeat: { numerator, denominator } }, { outcomeId: ids[1], result: "lost" }, { outcomeId: ids[2], result: "lost" }],
    });
    const audits = await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", [m.id]);
    await expectError(await settle(m.id, dh(3, 2)), 422, "MARKET.RESULT_INVALID");
    await expectError(await settle(m.id, dh(0, 2)), 400, "REQUEST.INVALID");
    await expectError(await settle(m.id, { outcomes: [{ outcomeId: ids[0], result: "dead_heat" }, { outcomeId: ids[1], result: "lost" }, { outcomeId: ids[2], result: "lost" }] }), 422, "MARKET.RESULT_INVALID");
    await expectError(await settle(m.id, { outcomes: [{ outcomeId: ids[0], result: "won" }] }), 422, "MARKET.RESULT_INVALID");
    await expectError(await settle(m.id, { outcomes: [{ outcomeId: ids[0], result: "won" }, { outcomeId: ids[0], result: "lost" }, { outcomeId: ids[1], result: "lost" }] }), 422, "MARKET.RESULT_INVALID");
    await expectError(await settle(m.id, { outcomes: [{ outcomeId: "nope", result: "won" }, { outcomeId: ids[1], result: "lost" }, { outcomeId: ids[2], result: "lost" }] }), 404, "MARKET.OUTCOME_NOT_FOUND");
    await expectError(await settle(m.id, { outcomes: [{ outcomeId: ids[0], result: "half_won" }] }), 400, "REQUEST.INVALID");
    expect(await betRow(bet.bet.id)).toMatchObject({ status: "pending", actual_return: null });
    const market = (await t.database.client.execute({ sql: "SELECT result_kind, status FROM markets WHERE id = ?", args: [m.id] })).rows[0];
    expect(market).toMatchObject({ result_kind: null, status: "open" });
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM outcomes WHERE market_id = ? AND result IS NOT NULL", [m.id])).toBe(0);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", [m.id])).toBe(audits);
    expect(await balanceOf(cust)).toBe(99_000);
  });
});

describe("bulk settlement grades every market type from the recorded results", () => {
  it("settles all 5 bets of a 4-7 match across market types, paying exactly the hand computation", async () => {
    const E = pool.forMutation((x) => x.sport === "soccer");
    const F = pool.forMutation((x) => x.sport !== "racing");
    const winner = await createMarketOk(r.admin, { eventId: E.id, marketType: "full_time_result", name: "Bulk 1X2", outcomes: [{ name: "Home", odds: "2.50" }, { name: "Draw", odds: "3.20" }, { name: "Away", odds: "2.80" }] });
    const ou = await createMarketOk(r.admin, { eventId: E.id, marketType: "over_under", name: "Bulk Goals 10.5", outcomes: [{ name: "Over 10.5", odds: "1.90" }, { name: "Under 10.5", odds: "1.90" }] });
    const btts = await createMarketOk(r.admin, { eventId: E.id, marketType: "both_teams_score", name: "Bulk BTTS", outcomes: [{ name: "Yes", odds: "1.70" }, { name: "No", odds: "2.10" }] });
    const cs = await createMarketOk(r.admin, { eventId: E.id, marketType: "correct_score", name: "Bulk CS", outcomes: [{ name: "1-0", odds: "8.00" }, { name: "2-1", odds: "9.00" }] });
    await t.database.client.execute({ sql: "DELETE FROM outcomes WHERE market_id = ? AND code = 'other'", args: [cs.id] });
    const tie = await createMarketOk(r.admin, { eventId: F.id, marketType: "full_time_result", name: "Bulk Tie", outcomes: [{ name: "Home", odds: "3.00" }, { name: "Draw", odds: "3.00" }, { name: "Away", odds: "3.00" }] });
    const cust = await demoLogin(t, "customer");
    const bets = [
      await placeOk(cust, [sel(E.id, winner, 2)], 1000), // Away 2.80 won: 28.00
      await placeOk(cust, [sel(E.id, ou, 0)], 1000), // Over 10.5 at 1.90, 11 goals: 19.00
      await placeOk(cust, [sel(E.id, btts, 1)], 1000), // BTTS No: lost
      await placeOk(cust, [sel(E.id, cs, 1)], 1000), // 2-1, not the score, no "Any other": lost
      await placeOk(cust, [sel(E.id, winner, 2), sel(F.id, tie, 0)], 1000), // 10.00 x 2.80 x 3.00 x 1/2 = 42.00
    ];
    const before = await balanceOf(cust);
    // Both events finish and their results are recorded on the outcomes (as the feed records them),
    // but nothing settled them: what bulk settlement is for.
    const record = async (m: Market, results: (string | [number, number])[]) => {
      for (const [i, res] of results.entries())
        await t.database.client.execute({
          sql: "UPDATE outcomes SET result = ?, dead_heat_num = ?, dead_heat_den = ? WHERE id = ?",
          args: typeof res === "string" ? [res, null, null, m.outcomes[i].id] : ["won", res[0], res[1], m.outcomes[i].id],
        });
    };
    for (const ev of [E, F]) {
      await t.database.client.execute({ sql: "UPDATE events SET status = 'live' WHERE id = ?", args: [ev.id] });
      // Kicked off two hours ago (settling before the start needs an override: settle-override.ts).
      await t.database.client.execute({ sql: "UPDATE events SET home_score = 4, away_score = 7, status = 'finished', start_time = ? WHERE id = ?", args: [t.clock.now().getTime() - 7_200_000, ev.id] });
    }
    await record(winner, ["lost", "lost", "won"]);
    await record(ou, ["won", "lost"]);
    await record(btts, ["won", "lost"]);
    await record(cs, ["lost", "lost"]);
    await record(tie, [[1, 2], [1, 2], "lost"]);

    const res = await r.admin.post("/api/admin/bulk-operations", { type: "settlement", params: { settlementType: "completed_events", sport: "all" } });
    expect(res.status).toBe(202);
    await processNextBulkOperation({ ports: libsqlPorts(t.database), clock: t.clock, ids: randomIds });
    const rows = await Promise.all(bets.map((b) => betRow(b.bet.id)));
    expect(rows.map((x) => [x.status, x.actual_return])).toEqual([["won", 2800], ["won", 1900], ["lost", 0], ["lost", 0], ["won", 4200]]);
    expect(await legRows(bets[4].bet.id)).toEqual([{ result: "won", num: null, den: null }, { result: "won", num: 1, den: 2 }]);
    expect(await balanceOf(cust)).toBe(before + 2800 + 1900 + 4200);
    await expectLedgerBalanced(t.database);
  });
});
