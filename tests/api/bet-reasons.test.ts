/**
 * A bet changed by hand says why: a resettlement carries a reason code (palpable error, result
 * correction, void by rule, goodwill, other with a text), and so does a void by hand; a resettlement
 * that contradicts its market's recorded result needs the override with a reason. Each refusal
 * writes nothing; each override is in the audit record with the actor.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, currentUserId, expectError, expectInvalidFields, expectLedgerBalanced, placeOk } from "../fixtures/builders.ts";
import { auditRows, rolesOf, type Roles } from "../fixtures/trading-desk.ts";
import { EARLY } from "../fixtures/settle.ts";
import { expectNothingWritten } from "../fixtures/table-snapshot.ts";

let t: TestApp;
let r: Roles;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
});
afterAll(() => t.close());

type Ev = { id: string; markets: { id: string; name: string; outcomes: { id: string; name: string; odds: string }[] }[] };
let n = 0;
async function ownEvent(): Promise<Ev> {
  n += 1;
  const res = await r.admin.post("/api/admin/events", {
    sport: "soccer", league: "Reasons League", homeTeam: `Home ${n} ${Date.now()}`, awayTeam: `Away ${n}`,
    startTime: new Date(Date.now() + 6 * 3_600_000).toISOString(), prices: { home: "2.50", draw: "3.20", away: "2.90" },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { event: Ev }).event;
}
const sel = (e: Ev, i: number) => ({ eventId: e.id, marketId: e.markets[0].id, outcomeId: e.markets[0].outcomes[i].id, odds: e.markets[0].outcomes[i].odds });
const resettle = (bet: string, body: object) => r.admin.post(`/api/admin/bets/${bet}/resettle`, body);

/** A 10.00 single on the draw and one on home; the market settled home won (by market, so it records the result). */
async function settledByMarket() {
  const e = await ownEvent();
  const c = await demoLogin(t, "customer");
  const draw = (await placeOk(c, [sel(e, 1)], 1000)).bet.id;
  const home = (await placeOk(c, [sel(e, 0)], 1000)).bet.id;
  expect((await r.admin.post(`/api/admin/markets/${e.markets[0].id}/settle`, { winningOutcomeId: e.markets[0].outcomes[0].id, override: EARLY })).status).toBe(200);
  return { e, c, draw, home };
}

describe("resettling a bet needs a reason code", () => {
  it("none: 400 naming reasonCode; other without text: 422 SETTLE.REASON_REQUIRED; nothing written", async () => {
    const { draw } = await settledByMarket();
    await expectInvalidFields(await expectNothingWritten(t, () => resettle(draw, { status: "void" })), "reasonCode");
    await expectInvalidFields(await expectNothingWritten(t, () => resettle(draw, { status: "void", reasonCode: "bogus" })), "reasonCode");
    await expectError(await expectNothingWritten(t, () => resettle(draw, { status: "void", reasonCode: "other" })), 422, "SETTLE.REASON_REQUIRED");
    await expectError(await expectNothingWritten(t, () => resettle(draw, { status: "void", reasonCode: "other", reason: "too short" })), 422, "SETTLE.REASON_REQUIRED");
  });

  it("a void (by rule, goodwill...) never contradicts the market: the code is audited", async () => {
    const { c, draw } = await settledByMarket();
    const res = await resettle(draw, { status: "void", reasonCode: "goodwill", reason: "Customer was misled by a price display" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await balanceOf(c)).toBe(100_000 - 2000 + 2500 + 1000);
    const [a] = await auditRows(t, draw, "bet.resettle");
    expect(a).toMatchObject({ actorId: await currentUserId(r.admin), after: { status: "void", reason: { code: "goodwill", text: "Customer was misled by a price display" } } });
    expect((a.after as Record<string, unknown>).override).toBeUndefined();
  });
});

describe("a resettlement against the market's recorded result", () => {
  it("the draw paid while the market says home won: 409 SETTLE.CONTRADICTS_MARKET, nothing written", async () => {
    const { draw, e } = await settledByMarket();
    const res = await expectNothingWritten(t, () => resettle(draw, { status: "won", reasonCode: "result_correction" }));
    const body = await expectError(res, 409, "SETTLE.CONTRADICTS_MARKET");
    expect(body.error.details).toMatchObject({ legs: [{ marketId: e.markets[0].id, requested: "won", recorded: "lost" }] });
    // An override shorter than 10 characters is refused by the schema: still nothing written.
    await expectInvalidFields(
      await expectNothingWritten(t, () => resettle(draw, { status: "won", reasonCode: "result_correction", override: { reason: "short" } })),
      "override.reason",
    );
  });

  it("with the override it pays, and the audit keeps the override, the contradiction, the code and the actor", async () => {
    const { c, draw, e } = await settledByMarket();
    const override = { reason: "Stewards confirmed a draw after the market was settled" };
    const res = await resettle(draw, { status: "won", reasonCode: "palpable_error", reason: "Trader keyed the wrong winner", override });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await balanceOf(c)).toBe(100_000 - 2000 + 2500 + 3200);
    const [a] = await auditRows(t, draw, "bet.resettle");
    expect(a).toMatchObject({
      actorId: await currentUserId(r.admin),
      actorRole: "admin",
      after: { status: "won", override, reason: { code: "palpable_error", text: "Trader keyed the wrong winner" }, contradicts: [{ marketId: e.markets[0].id, recorded: "lost" }] },
    });
    await expectLedgerBalanced(t.database);
  });

  it("agreeing with the market needs no override (a bet settled wrongly by hand, put right)", async () => {
    const e = await ownEvent();
    const c = await demoLogin(t, "customer");
    const home = (await placeOk(c, [sel(e, 0)], 1000)).bet.id;
    expect((await r.admin.post(`/api/admin/settle-bet/${home}`, { status: "lost", actualReturn: 0, override: EARLY })).status).toBe(200);
    expect((await r.admin.post(`/api/admin/markets/${e.markets[0].id}/settle`, { winningOutcomeId: e.markets[0].outcomes[0].id, override: EARLY })).status).toBe(200);
    // The settlement by market already re-graded the contradicting bet; now resettle it lost -> won again is no change.
    await expectError(await resettle(home, { status: "won", reasonCode: "result_correction" }), 409, "BET.RESETTLE_NO_CHANGE");
    // Back to lost contradicts the market, so it needs the override...
    await expectError(await resettle(home, { status: "lost", reasonCode: "result_correction" }), 409, "SETTLE.CONTRADICTS_MARKET");
    // ...and won again, agreeing with it, does not.
    expect((await resettle(home, { status: "lost", reasonCode: "result_correction", override: { reason: "Testing the reverse correction path" } })).status).toBe(200);
    expect((await resettle(home, { status: "won", reasonCode: "result_correction" })).status).toBe(200);
    expect(await balanceOf(c)).toBe(100_000 - 1000 + 2500);
  });
});

describe("voiding a bet by hand needs a reason code", () => {
  it("without one: 422 SETTLE.REASON_REQUIRED, nothing written; with one: refunded and audited", async () => {
    const e = await ownEvent();
    const c = await demoLogin(t, "customer");
    const bet = (await placeOk(c, [sel(e, 2)], 1500)).bet.id;
    await expectError(
      await expectNothingWritten(t, () => r.admin.post(`/api/admin/settle-bet/${bet}`, { status: "void", actualReturn: 1500 })),
      422,
      "SETTLE.REASON_REQUIRED",
    );
    const res = await r.admin.post(`/api/admin/settle-bet/${bet}`, { status: "void", actualReturn: 1500, reasonCode: "void_by_rule", reason: "Player did not start" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await balanceOf(c)).toBe(100_000);
    const [a] = await auditRows(t, bet, "bet.settle");
    expect(a.after).toMatchObject({ status: "void", reason: { code: "void_by_rule", text: "Player did not start" } });
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
