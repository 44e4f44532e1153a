/**
 * The live book's guards and the operator's score, through the API on a real database:
 * past-post, suspension and decided outcomes are refused inside the placement write (even when the
 * use case read the event before it changed), the in-play bet delay re-checks after its wait, and a
 * score entered by an admin suspends, decides, grades and settles.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, expectError, listEvents, type ApiEvent } from "../fixtures/builders.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { placeBet } from "../../domain/betting/place-bet.ts";
import type { Ports } from "../../domain/ports/index.ts";
import type { User } from "../../domain/shared/types.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const q = async (sql: string, args: (string | number)[] = []) => (await t.database.client.execute({ sql, args })).rows;
const outcome = (e: ApiEvent, type: string, name?: string) => {
  const m = e.markets.find((x) => x.type === type)!;
  const o = name ? m.outcomes.find((x) => x.name === name)! : m.outcomes[0];
  return { eventId: e.id, marketId: m.id, outcomeId: o.id, odds: o.odds };
};
async function customerUser(): Promise<User> {
  const s = await demoLogin(t, "customer");
  const me = (await (await s.get("/api/auth/user")).json()) as { id: string };
  return (await libsqlPorts(t.database).users.findById(me.id))!;
}
const betRows = (userId: string) => countRows(t.database, "SELECT COUNT(*) AS n FROM bets WHERE user_id = ?", [userId]);

/** Ports whose event reads are stale: the use case sees the event as it was before it started or was suspended. */
function staleReads(patch: (p: Awaited<ReturnType<Ports["events"]["pricedOutcomes"]>>[number]) => object): Ports {
  const ports = libsqlPorts(t.database);
  const real = ports.events.pricedOutcomes.bind(ports.events);
  return { ...ports, events: Object.assign(Object.create(ports.events), { pricedOutcomes: async (ids: readonly string[]) => (await real(ids)).map((p) => ({ ...p, ...patch(p) })) }) };
}

describe("past-post: no pre-match bet at or after the start", () => {
  it("is refused by the API once the start has passed, and inside the write when the read was before it", async () => {
    const events = await listEvents(await demoLogin(t, "customer"), "status=upcoming&limit=200");
    const e = events.find((x) => x.sport === "soccer")!;
    const start = Date.parse(e.startTime);
    const s = await demoLogin(t, "customer");
    const before = await balanceOf(s);
    t.clock.set(new Date(start));
    await expectError(await s.post("/api/bets", { selections: [outcome(e, "full_time_result")], stake: 1000, betType: "single" }), 409, "BET.EVENT_STARTED");
    expect(await balanceOf(s)).toBe(before);

    // The race: the use case read the event a moment before its start; the write comes after it.
    const user = await customerUser();
    const ports = staleReads(() => ({ eventStartTime: new Date(start + 3_600_000) }));
    const res = await placeBet(
      { actor: { kind: "user", user, sessionId: "test" }, ports, clock: { now: () => new Date(start + 1) }, ids: randomIds },
      { selections: [outcome(e, "full_time_result")], stake: 1000, betType: "single" },
      null,
    );
    expect(res.ok).toBe(false);
    expect(await betRows(user.id)).toBe(0);
    t.clock.set(null as unknown as Date);
  });
});

describe("suspension and decided outcomes", () => {
  it("a suspended event refuses bets inside the write even when the read missed the suspension", async () => {
    const e = (await listEvents(await demoLogin(t, "customer"), "status=live&limit=200")).find((x) => x.sport === "soccer")!;
    const now = Date.now();
    await q("UPDATE events SET suspended_until = ? WHERE id = ?", [now + 60_000, e.id]);
    const s = await demoLogin(t, "customer");
    await expectError(await s.post("/api/bets", { selections: [outcome(e, "full_time_result")], stake: 1000, betType: "single" }), 409, "BET.MARKET_SUSPENDED");
    const user = await customerUser();
    const ports = staleReads(() => ({ eventSuspendedUntil: null }));
    const res = await placeBet(
      { actor: { kind: "user", user, sessionId: "test" }, ports, clock: { now: () => new Date(now) }, ids: randomIds },
      { selections: [outcome(e, "full_time_result")], stake: 1000, betType: "single" },
      null,
    );
    expect(res.ok).toBe(false);
    expect(await betRows(user.id)).toBe(0);
    await q("UPDATE events SET suspended_until = NULL WHERE id = ?", [e.id]);
  });

  it("an outcome the match has decided is refused, and left out of the market the customer sees", async () => {
    const s = await demoLogin(t, "customer");
    const e = (await listEvents(s, "status=live&limit=200")).find((x) => x.sport === "soccer")!;
    const cs = e.markets.find((m) => m.type === "correct_score")!;
    const gone = cs.outcomes[0];
    await q("UPDATE outcomes SET result = 'lost' WHERE id = ?", [gone.id]);
    await expectError(
      await s.post("/api/bets", { selections: [{ eventId: e.id, marketId: cs.id, outcomeId: gone.id, odds: gone.odds }], stake: 1000, betType: "single" }),
      409,
      "BET.SELECTION_DECIDED",
    );
    const shown = (await listEvents(s, "status=live&limit=200")).find((x) => x.id === e.id)!;
    expect(shown.markets.find((m) => m.id === cs.id)!.outcomes.map((o) => o.id)).not.toContain(gone.id);
  });
});

describe("the in-play bet delay", () => {
  it("waits, then places at a price that still holds; refuses when the price moved or the event was suspended meanwhile", async () => {
    let onWait: () => Promise<void> = async () => {};
    const waited: number[] = [];
    const app = await makeTestApp({
      inPlay: {
        scoreSuspendMs: 5000,
        reformSuspendMs: 0,
        delayMs: (sport) => (sport === "soccer" ? 5000 : 0),
        wait: async (ms) => {
          waited.push(ms);
          await onWait();
        },
      },
    });
    try {
      const s = await demoLogin(app, "customer");
      const e = (await listEvents(s, "status=live&limit=200")).find((x) => x.sport === "soccer")!;
      expect((e as ApiEvent & { inPlayDelaySeconds: number }).inPlayDelaySeconds).toBe(5);
      const sel = outcome(e, "full_time_result");
      const ok = await s.post("/api/bets", { selections: [sel], stake: 1000, betType: "single" });
      expect(ok.status).toBe(201);
      expect(waited).toEqual([5000]);

      // A goal during the wait: the feed suspends the event and moves the price.
      onWait = async () => {
        await app.database.client.execute({ sql: "UPDATE events SET suspended_until = ? WHERE id = ?", args: [Date.now() + 60_000, e.id] });
      };
      await expectError(await s.post("/api/bets", { selections: [sel], stake: 1000, betType: "single" }), 409, "BET.MARKET_SUSPENDED");
      await app.database.client.execute({ sql: "UPDATE events SET suspended_until = NULL WHERE id = ?", args: [e.id] });
      onWait = async () => {
        await app.database.client.execute({ sql: "UPDATE outcomes SET price_milli = price_milli + 50 WHERE id = ?", args: [sel.outcomeId] });
      };
      await expectError(await s.post("/api/bets", { selections: [sel], stake: 1000, betType: "single" }), 409, "BET.ODDS_CHANGED");
      // Pre-match bets do not wait.
      const up = (await listEvents(s, "status=upcoming&limit=200")).find((x) => x.sport === "soccer")!;
      waited.length = 0;
      onWait = async () => {};
      expect((await s.post("/api/bets", { selections: [outcome(up, "full_time_result")], stake: 1000, betType: "single" })).status).toBe(201);
      expect(waited).toEqual([]);
    } finally {
      app.close();
    }
  });
});

describe("PATCH /api/admin/events/{id}: the operator's score", () => {
  it("a live goal suspends the markets and decides what it decides; finishing grades and settles every market, once", async () => {
    const admin = await demoLogin(t, "admin");
    const s = await demoLogin(t, "customer");
    const e = (await listEvents(s, "status=upcoming&limit=200")).find((x) => x.sport === "soccer" && x.markets.some((m) => m.type === "correct_score"))!;
    const balance0 = await balanceOf(s);
    const bets: Record<string, string> = {};
    for (const [key, type, name] of [["over", "over_under", "Over 2.5"], ["under", "over_under", "Under 2.5"], ["btts", "both_teams_score", "Yes"], ["cs", "correct_score", "2-1"], ["home", "full_time_result", e.homeTeam]] as const) {
      const res = await s.post("/api/bets", { selections: [outcome(e, type, name)], stake: 1000, betType: "single" });
      expect(res.status, await res.clone().text()).toBe(201);
      bets[key] = ((await res.json()) as { bet: { id: string } }).bet.id;
    }
    const patch = (body: object) => admin.patch(`/api/admin/events/${e.id}`, body);
    await expectError(await patch({ homeScore: 1, awayScore: 0 }), 400, "EVENT.INVALID_SCORE");
    expect((await patch({ status: "live" })).status).toBe(200);
    const goal = await patch({ homeScore: 2, awayScore: 1 });
    expect(goal.status).toBe(200);
    const live = (await goal.json()) as { suspended: boolean; markets: { type: string; status: string; outcomes: { name: string }[] }[] };
    expect(live.suspended).toBe(true);
    // Over 2.5 is decided at the third goal and settled at once; BTTS Yes too; impossible scores are gone.
    const ou = live.markets.find((m) => m.type === "over_under")!;
    expect(ou.status).toBe("closed");
    const mine = async () => Object.fromEntries(((await (await s.get("/api/bets")).json()) as { id: string; status: string; actualReturn: number | null }[]).map((b) => [b.id, b]));
    let now = await mine();
    expect(now[bets.over].status).toBe("won");
    expect(now[bets.under].status).toBe("lost");
    expect(now[bets.btts].status).toBe("won");
    expect(now[bets.cs].status).toBe("pending");
    expect(live.markets.find((m) => m.type === "correct_score")!.outcomes.map((o) => o.name)).not.toContain("1-0");

    // The seeded event's start is still ahead of the clock: a final score now is owned with a reason.
    expect((await patch({ status: "finished", homeScore: 2, awayScore: 1, override: { reason: "Played early by agreement" } })).status).toBe(200);
    now = await mine();
    expect(now[bets.cs].status).toBe("won");
    expect(now[bets.home].status).toBe("won");
    const unsettled = await countRows(t.database, "SELECT COUNT(*) AS n FROM markets WHERE event_id = ? AND result_kind IS NULL", [e.id]);
    expect(unsettled).toBe(0);
    // Paid once each: the balance is the stakes back out plus the returns.
    const returns = Object.values(bets).reduce((sum, id) => sum + (now[id].actualReturn ?? 0), 0);
    expect(await balanceOf(s)).toBe(balance0 - 5 * 1000 + returns);
    const payouts = await countRows(
      t.database,
      `SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'bet_payout' AND reference IN (${Object.values(bets).map(() => "?").join(",")})`,
      Object.values(bets),
    );
    expect(payouts).toBe(Object.values(now).filter((b) => Object.values(bets).includes((b as { id: string }).id) && (b as { status: string }).status === "won").length);
    // Audited, naming the admin.
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ? AND action IN ('event.update','event.status')", [e.id])).toBe(3);
    await expectError(await patch({ status: "live" }), 409, "EVENT.INVALID_TRANSITION");
  });

  it("a corrected live score clears the results a wrong score decided while the market is unsettled", async () => {
    const admin = await demoLogin(t, "admin");
    const e = (await listEvents(admin, "status=upcoming&limit=200")).filter((x) => x.sport === "soccer" && x.markets.some((m) => m.type === "correct_score"))[1];
    await admin.patch(`/api/admin/events/${e.id}`, { status: "live" });
    await admin.patch(`/api/admin/events/${e.id}`, { homeScore: 1, awayScore: 0 });
    const lost = async () => (await q(`SELECT o.code FROM outcomes o JOIN markets m ON m.id = o.market_id WHERE m.event_id = ? AND m.type = 'correct_score' AND o.result = 'lost'`, [e.id])).map((r) => String(r.code));
    expect(await lost()).toContain("0-0");
    const fixed = await admin.patch(`/api/admin/events/${e.id}`, { homeScore: 0, awayScore: 0 });
    expect(fixed.status).toBe(200);
    expect(await lost()).not.toContain("0-0");
    // Only an upcoming event's start can move.
    await expectError(await admin.patch(`/api/admin/events/${e.id}`, { startTime: new Date(Date.now() + 3_600_000).toISOString() }), 409, "EVENT.INVALID_TRANSITION");
  });
});

describe("an operator finishing a race", () => {
  it("grades nothing without a finishing order: the markets close for the operator to settle", async () => {
    const admin = await demoLogin(t, "admin");
    const race = (await listEvents(admin, "status=upcoming&limit=200")).find((x) => x.sport === "racing")!;
    expect((await admin.patch(`/api/admin/events/${race.id}`, { status: "live" })).status).toBe(200);
    expect((await admin.patch(`/api/admin/events/${race.id}`, { status: "finished", override: { reason: "Race run early by the course" } })).status).toBe(200);
    const decided = await countRows(t.database, "SELECT COUNT(*) AS n FROM outcomes o JOIN markets m ON m.id = o.market_id WHERE m.event_id = ? AND o.result IS NOT NULL", [race.id]);
    expect(decided).toBe(0);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM markets WHERE event_id = ? AND status <> 'closed'", [race.id])).toBe(0);
  });
});
