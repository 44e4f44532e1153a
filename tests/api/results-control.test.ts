/**
 * Results control: a final score, or "finished", before an event's start is a settlement and needs
 * an override with a reason (409 SETTLE.EVENT_NOT_FINISHED without it, nothing written; audited
 * with the actor when given); and an unsettled market is held under review: the results job and
 * bulk settlement leave it alone until an operator resettles or releases it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, expectError, expectInvalidFields, expectLedgerBalanced, placeOk } from "../fixtures/builders.ts";
import { auditRows, rolesOf, type Roles } from "../fixtures/trading-desk.ts";
import { expectNothingWritten } from "../fixtures/table-snapshot.ts";

let t: TestApp;
let r: Roles;
beforeAll(async () => {
  t = await makeTestApp({ jobs: true });
  r = await rolesOf(t);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const OVERRIDE = { reason: "Result confirmed by the league office" };
const REVIEW = "Customer disputes the result, video under review";

type Outcome = { id: string; name: string; odds: string };
type Market = { id: string; name: string; status: string; outcomes: Outcome[] };
type Ev = { id: string; name: string; status: string; homeScore: number | null; markets: Market[] };

let n = 0;
/** An upcoming soccer event of our own, starting `inMs` from now, with its match-result market. */
async function ownEvent(inMs = 6 * HOUR): Promise<Ev> {
  n += 1;
  const res = await r.admin.post("/api/admin/events", {
    sport: "soccer",
    league: "Control League",
    homeTeam: `Home ${n} ${Date.now()}`,
    awayTeam: `Away ${n}`,
    startTime: new Date(Date.now() + inMs).toISOString(),
    prices: { home: "2.50", draw: "3.20", away: "2.90" },
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return (JSON.parse(text) as { event: Ev }).event;
}

const marketRow = async (id: string) =>
  (await t.database.client.execute({ sql: "SELECT result_kind, winning_outcome_id, settled_by FROM markets WHERE id = ?", args: [id] })).rows[0];
const betStatus = async (id: string) =>
  String((await t.database.client.execute({ sql: "SELECT status FROM bets WHERE id = ?", args: [id] })).rows[0].status);
const sel = (e: Ev, i: number) => ({ eventId: e.id, marketId: e.markets[0].id, outcomeId: e.markets[0].outcomes[i].id, odds: e.markets[0].outcomes[i].odds });

/** Our event finished 2-1 the honest way: its start moved to a minute ago, then the final score. */
async function finishedHomeWin(): Promise<{ e: Ev; winner: Session; bet: string }> {
  const e = await ownEvent();
  const winner = await demoLogin(t, "customer");
  const { bet } = await placeOk(winner, [sel(e, 0)], 1000); // home @ 2.50
  expect((await r.admin.patch(`/api/admin/events/${e.id}`, { startTime: new Date(Date.now() - 60_000).toISOString() })).status).toBe(200);
  expect((await r.admin.patch(`/api/admin/events/${e.id}`, { status: "finished", homeScore: 2, awayScore: 1 })).status).toBe(200);
  expect(await betStatus(bet.id)).toBe("won");
  return { e, winner, bet: bet.id };
}

describe("a final result before the start needs an override", () => {
  it("a final score on an event six hours ahead: 409 SETTLE.EVENT_NOT_FINISHED, honest message, nothing written", async () => {
    const e = await ownEvent();
    const c = await demoLogin(t, "customer");
    await placeOk(c, [sel(e, 2)], 1000);
    const res = await expectNothingWritten(t, () => r.admin.patch(`/api/admin/events/${e.id}`, { status: "finished", homeScore: 0, awayScore: 2 }));
    const body = await expectError(res, 409, "SETTLE.EVENT_NOT_FINISHED");
    expect(body.error.message).toMatch(/has not started yet/);
    expect(body.error.message).toMatch(/override with a reason/);
  });

  it("finishing without a score before the start is refused too, and so is a reason under 10 characters", async () => {
    const e = await ownEvent();
    await expectError(
      await expectNothingWritten(t, () => r.admin.patch(`/api/admin/events/${e.id}`, { status: "finished" })),
      409,
      "SETTLE.EVENT_NOT_FINISHED",
    );
    await expectInvalidFields(
      await expectNothingWritten(t, () => r.admin.patch(`/api/admin/events/${e.id}`, { status: "finished", override: { reason: "  short   " } })),
      "override.reason",
    );
  });

  it("with an override the score settles every market, and the audit names the actor and the reason", async () => {
    const e = await ownEvent();
    const c = await demoLogin(t, "customer");
    const { bet } = await placeOk(c, [sel(e, 2)], 1000); // away @ 2.90
    const res = await r.admin.patch(`/api/admin/events/${e.id}`, { status: "finished", homeScore: 0, awayScore: 2, override: OVERRIDE });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await betStatus(bet.id)).toBe("won");
    expect(await balanceOf(c)).toBe(100_000 - 1000 + 2900);
    const [audit] = await auditRows(t, e.id, "event.update");
    const admin = ((await (await r.admin.get("/api/auth/user")).json()) as { id: string }).id;
    expect(audit).toMatchObject({ actorId: admin, actorRole: "admin", after: { status: "finished", homeScore: 0, awayScore: 2, override: OVERRIDE } });
    await expectLedgerBalanced(t.database);
  });

  it("after the start time no override is asked for", async () => {
    await finishedHomeWin();
  });

  it("settling a market of an event finished early says so, not that it has not started", async () => {
    const e = await ownEvent();
    expect((await r.admin.patch(`/api/admin/events/${e.id}`, { status: "finished", override: OVERRIDE })).status).toBe(200);
    const res = await r.admin.post(`/api/admin/markets/${e.markets[0].id}/settle`, { winningOutcomeId: e.markets[0].outcomes[0].id });
    const body = await expectError(res, 409, "SETTLE.EVENT_NOT_FINISHED");
    expect(body.error.message).toMatch(/marked finished before its scheduled start/);
    expect(body.error.message).not.toMatch(/not started/);
  });
});

describe("an unsettled market is held under review", () => {
  it("the results job and bulk settlement leave it alone; release settles it again from the stored result", async () => {
    const { e, winner, bet } = await finishedHomeWin();
    const m = e.markets[0];
    expect(await balanceOf(winner)).toBe(100_000 - 1000 + 2500);
    const unsettled = await r.admin.post(`/api/admin/markets/${m.id}/unsettle`, { reason: REVIEW });
    expect(unsettled.status, await unsettled.clone().text()).toBe(200);
    expect(((await unsettled.json()) as { market: { underReview: unknown } }).market.underReview).toMatchObject({ reason: REVIEW });
    expect(await betStatus(bet)).toBe("pending");
    expect(await balanceOf(winner)).toBe(100_000 - 1000);

    // The results job passes by: the outcomes still carry their results, yet nothing is settled.
    await t.jobs!.settleDecided();
    expect(await marketRow(m.id)).toMatchObject({ result_kind: null });
    expect(await betStatus(bet)).toBe("pending");

    // Bulk settlement lists the bet as needing review and settles nothing.
    const op = await r.admin.post("/api/admin/bulk-operations", { type: "settlement", params: { settlementType: "completed_events", sport: "all" } });
    expect(op.status).toBe(202);
    const { id } = ((await op.json()) as { operation: { id: string } }).operation;
    await t.jobs!.idle();
    const csv = await (await r.admin.get(`/api/admin/bulk-operations/${id}/result.csv`)).text();
    expect(csv.split("\n").find((l) => l.includes(bet))).toMatch(/needs_review.*under review/);
    expect(await betStatus(bet)).toBe("pending");

    // The Settlement screen lists it.
    const list = (await (await r.admin.get("/api/admin/market-reviews")).json()) as { items: { marketId: string; pendingBets: number; reason: string; decided: boolean }[] };
    expect(list.items.find((x) => x.marketId === m.id)).toMatchObject({ pendingBets: 1, reason: REVIEW, decided: true });

    // Released: back to automatic settlement, settled at once from the decided outcomes; audited.
    const released = await r.admin.post(`/api/admin/markets/${m.id}/release`, { reason: "Video checked, the result stands" });
    expect(released.status, await released.clone().text()).toBe(200);
    expect(await released.json()).toMatchObject({ settled: true, market: { underReview: null } });
    expect(await marketRow(m.id)).toMatchObject({ result_kind: "winner", winning_outcome_id: m.outcomes[0].id, settled_by: "system" });
    expect(await betStatus(bet)).toBe("won");
    expect(await balanceOf(winner)).toBe(100_000 - 1000 + 2500);
    expect((await auditRows(t, m.id, "market.release"))[0]).toMatchObject({ actorRole: "admin", after: { reason: "Video checked, the result stands" } });
    const again = (await (await r.admin.get("/api/admin/market-reviews")).json()) as { items: { marketId: string }[] };
    expect(again.items.some((x) => x.marketId === m.id)).toBe(false);
    await expectLedgerBalanced(t.database);
  });

  it("an operator's resettlement ends the review with the new result", async () => {
    const { e, winner, bet } = await finishedHomeWin();
    const m = e.markets[0];
    expect((await r.admin.post(`/api/admin/markets/${m.id}/unsettle`, { reason: REVIEW })).status).toBe(200);
    const res = await r.admin.post(`/api/admin/markets/${m.id}/resettle`, { winningOutcomeId: m.outcomes[1].id, reason: "Goal ruled out on review" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { market: { underReview: unknown } }).market.underReview).toBeNull();
    expect(await betStatus(bet)).toBe("lost");
    expect(await balanceOf(winner)).toBe(100_000 - 1000);
    await t.jobs!.settleDecided();
    expect(await marketRow(m.id)).toMatchObject({ result_kind: "winner", winning_outcome_id: m.outcomes[1].id });
    await expectLedgerBalanced(t.database);
  });

  it("the database refuses the system settler on a market under review, whatever it read", async () => {
    const { e } = await finishedHomeWin();
    const m = e.markets[0];
    expect((await r.admin.post(`/api/admin/markets/${m.id}/unsettle`, { reason: REVIEW })).status).toBe(200);
    await expect(
      t.database.client.execute({ sql: "UPDATE markets SET result_kind = 'void', settled_by = 'system', result_revision = result_revision + 1 WHERE id = ?", args: [m.id] }),
    ).rejects.toThrow(/MARKET.UNDER_REVIEW/);
  });

  it("release is refused for a market not under review, and for traders", async () => {
    const e = await ownEvent();
    await expectError(
      await expectNothingWritten(t, () => r.admin.post(`/api/admin/markets/${e.markets[0].id}/release`, { reason: "Nothing to release here" })),
      409,
      "MARKET.NOT_UNDER_REVIEW",
    );
    await expectError(await r.trader.post(`/api/admin/markets/${e.markets[0].id}/release`, { reason: "Nothing to release here" }), 403, "AUTH.FORBIDDEN");
    await expectError(await r.trader.get("/api/admin/market-reviews"), 403, "AUTH.FORBIDDEN");
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
