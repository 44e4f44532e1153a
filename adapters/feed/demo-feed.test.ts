import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DemoFeed, marketWrites } from "./demo-feed.ts";
import { RACE_SECONDS } from "../../domain/pricing/params.ts";
import { demoLogin, makeTestApp, type TestApp } from "../../tests/fixtures/test-app.ts";
import { mulberry32 } from "../../domain/shared/prng.ts";
import type { MatchState } from "../../domain/shared/types.ts";

let t: TestApp;
let seededAt: number;
beforeAll(async () => {
  t = await makeTestApp();
  seededAt = Number((await t.database.client.execute("SELECT MAX(state_at) AS at FROM events")).rows[0].at);
});
afterAll(() => t.close());

const q = async (sql: string, args: (string | number)[] = []) => (await t.database.client.execute({ sql, args })).rows;
const eventRow = async (id: string) => (await q("SELECT * FROM events WHERE id = ?", [id]))[0];
const stateOf = async (id: string) => JSON.parse(String((await eventRow(id)).state)) as MatchState;
const outcomesOf = async (eventId: string) =>
  q(
    `SELECT o.id, o.code, o.result, o.price_milli, m.id AS market_id, m.type, m.status, m.line FROM outcomes o JOIN markets m ON m.id = o.market_id
     WHERE m.event_id = ? ORDER BY m.sort_order, o.sort_order`,
    [eventId],
  );

/** A feed on its own clock: each tick is `step` ms of real time later. */
function feedAt(start: number, opts: { speed?: number; seed?: number } = {}) {
  let now = start;
  const feed = new DemoFeed(t.database.client, {
    intervalMs: 1000,
    clockSpeed: opts.speed ?? 1,
    scoreSuspendMs: 5000,
    random: mulberry32(opts.seed ?? 7),
    now: () => new Date(now),
  });
  return { feed, tickAfter: async (ms: number) => ((now += ms), feed.tick()), at: () => now };
}

describe("the demo feed plays matches with the engine", () => {
  it("advances every live event's clock by the real time since the last tick x the clock speed", async () => {
    const before = await stateOf("evt_001");
    const { tickAfter } = feedAt(seededAt, { speed: 2 });
    await tickAfter(30_000);
    const after = await stateOf("evt_001");
    if (after.phase === "live" && before.phase === "live") expect(after.clock - before.clock).toBeCloseTo(60, 0);
    expect(after.home).toBeGreaterThanOrEqual(before.home);
    expect(after.away).toBeGreaterThanOrEqual(before.away);
    expect(Number((await eventRow("evt_001")).state_at)).toBe(seededAt + 30_000);
  });

  it("a goal suspends the event's markets for a few seconds; bets are refused inside the write until they reopen", async () => {
    const id = "evt_001";
    const e = await eventRow(id);
    const at = Number(e.state_at);
    // Simulate a goal as the feed would write it: a new score and the suspension.
    await t.database.client.execute({ sql: "UPDATE events SET suspended_until = ? WHERE id = ?", args: [at + 5000, id] });
    const s = await demoLogin(t, "customer");
    const [o] = (await outcomesOf(id)).filter((r) => r.code === "home" && r.result === null);
    const body = {
      selections: [{ eventId: id, marketId: String(o.market_id), outcomeId: String(o.id), odds: String(Number(o.price_milli) / 1000) }],
      stake: 1000,
      betType: "single",
    };
    t.clock.set(new Date(at + 2000));
    const refused = await s.post("/api/bets", body);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe("BET.MARKET_SUSPENDED");
    // The feed's next tick after the suspension lifts clears it (so the reopening is pushed as a change).
    const { tickAfter } = feedAt(at, { seed: 11 });
    await tickAfter(6000);
    const after = await eventRow(id);
    if (Number(after.home_score) === Number(e.home_score) && Number(after.away_score) === Number(e.away_score)) {
      expect(after.suspended_until).toBeNull();
    }
  });

  it("a state that decides a market closes it with its results at once: Over 2.5 at the third goal, impossible correct scores", async () => {
    const id = "evt_001";
    const state = await stateOf(id);
    const at = Number((await eventRow(id)).state_at);
    await t.database.client.execute({
      sql: "UPDATE events SET state = ?, home_score = 2, away_score = 1 WHERE id = ?",
      args: [JSON.stringify({ ...state, home: 2, away: 1, phase: "live" }), id],
    });
    const { tickAfter } = feedAt(at, { seed: 5 });
    await tickAfter(1000);
    const rows = await outcomesOf(id);
    const ou = rows.filter((r) => r.type === "over_under");
    expect(ou.find((r) => r.code === "over")!.result).toBe("won");
    expect(ou.find((r) => r.code === "under")!.result).toBe("lost");
    expect(ou[0].status).toBe("closed");
    const cs = rows.filter((r) => r.type === "correct_score");
    for (const dead of ["0-0", "1-0", "0-1", "2-0", "0-2", "1-1"]) expect(cs.find((r) => r.code === dead)!.result).toBe("lost");
    expect(cs.find((r) => r.code === "2-1")!.result).toBeNull();
    expect(cs[0].status).toBe("open");
    // The customer no longer sees the correct scores that cannot happen.
    t.clock.set(new Date(at + 1000 + 10_000));
    const s = await demoLogin(t, "customer");
    const live = (await (await s.get("/api/events?status=live&limit=200")).json()) as { id: string; markets: { type: string; status: string; outcomes: { name: string }[] }[] }[];
    const names = live.find((e) => e.id === id)!.markets.find((m) => m.type === "correct_score")!.outcomes.map((o) => o.name);
    expect(names).not.toContain("0-0");
    expect(names).toContain("2-1");
  });
  it("a race is run without its non-runners: a withdrawn runner never wins, and its outcome stays void through the jump and the finish", async () => {
    const [race] = await q("SELECT id, start_time FROM events WHERE status = 'upcoming' AND sport = 'racing' ORDER BY start_time LIMIT 1");
    const id = String(race.id);
    const start = Number(race.start_time);
    const win = (await outcomesOf(id)).filter((r) => r.type === "full_time_result");
    expect(win.length).toBeGreaterThan(2);
    // Every runner but the last withdrawn, as a withdrawal leaves its outcome (void). The model
    // drawn before still gives them their chances: only the race that is run leaves them out.
    const stays = win[win.length - 1];
    for (const o of win.slice(0, -1)) await q("UPDATE outcomes SET result = 'void' WHERE id = ?", [String(o.id)]);
    const { tickAfter } = feedAt(start, { seed: 3 });
    await tickAfter(1000);
    expect((await eventRow(id)).status).toBe("live");
    const running = (await outcomesOf(id)).filter((r) => r.type === "full_time_result");
    expect(running.map((r) => r.result)).toEqual([...win.slice(0, -1).map(() => "void"), null]);
    await tickAfter((RACE_SECONDS + 5) * 1000);
    expect((await eventRow(id)).status).toBe("finished");
    expect((await stateOf(id)).racing!.order).toEqual([Number(/^r(\d+)$/.exec(String(stays.code))![1])]);
    const graded = (await outcomesOf(id)).filter((r) => r.type === "full_time_result");
    expect(graded.map((r) => r.result)).toEqual([...win.slice(0, -1).map(() => "void"), "won"]);
  });
  // Last: its tick plays every live event hours forward.
  it("an upcoming event kicks off at its start and is priced in play; a past-post bet before that is refused", async () => {
    const [due] = await q("SELECT id, start_time FROM events WHERE status = 'upcoming' AND sport = 'soccer' ORDER BY start_time LIMIT 1");
    const id = String(due.id);
    const start = Number(due.start_time);
    // Past its start, before the feed has turned it live: the pre-match price is not bettable.
    t.clock.set(new Date(start + 1000));
    const s = await demoLogin(t, "customer");
    const [o] = (await outcomesOf(id)).filter((r) => r.code === "home");
    const res = await s.post("/api/bets", {
      selections: [{ eventId: id, marketId: String(o.market_id), outcomeId: String(o.id), odds: (Number(o.price_milli) / 1000).toFixed(2) }],
      stake: 1000,
      betType: "single",
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe("BET.EVENT_STARTED");
    const events = (await (await s.get("/api/events?status=all&limit=200")).json()) as { id: string; suspended: boolean; markets: { status: string }[] }[];
    const shown = events.find((e) => e.id === id)!;
    expect(shown.suspended).toBe(true);
    expect(shown.markets.every((m) => m.status === "suspended")).toBe(true);

    const { tickAfter } = feedAt(start, { seed: 3 });
    await tickAfter(1000);
    expect(String((await eventRow(id)).status)).toBe("live");
    expect((await stateOf(id)).phase).toBe("live");
    t.clock.set(new Date(start + 1500));
    const live = (await (await s.get("/api/events?status=live&limit=200")).json()) as { id: string; suspended: boolean; clock: string }[];
    const ev = live.find((e) => e.id === id)!;
    expect(ev.clock).toMatch(/'/);
  });

});

describe("marketWrites: a market too short to offer is taken down, and comes back only well clear of the edge", () => {
  const model = { sport: "soccer", homeRate: 1.5, awayRate: 1.2, drawPossible: true } as const;
  const at = (home: number, away: number, minute: number): MatchState => ({ sport: "soccer", phase: "live", clock: minute * 60, length: 5400, period: minute >= 45 ? 2 : 1, home, away });
  const market = (status: string, suspendedReason: string | null) => ({
    id: "m1",
    type: "full_time_result" as const,
    line: null,
    status,
    suspendedReason,
    settled: false,
    outcomes: ["home", "draw", "away"].map((code, i) => ({ id: `o${i}`, code, priceMilli: [1200, 6000, 12_000][i], result: null })),
  });
  const sqlOf = (w: { statements: unknown[] }) => w.statements.map((x) => (x as { sql: string }).sql);

  it("open, then too short (2-0 at 70'): suspended with its reason, and no price written", () => {
    const w = marketWrites(market("open", null), at(2, 0, 70), model, 1, false);
    expect(sqlOf(w)).toEqual(["UPDATE markets SET status = 'suspended', suspended_reason = 'price_too_short', updated_at = ? WHERE id = ? AND status = 'open'"]);
  });
  it("held down while the favourite is still under 1.05 (2-0 at 55': 1.04), reopened at fresh prices from 1.05 (2-0 at 50')", () => {
    expect(sqlOf(marketWrites(market("suspended", "price_too_short"), at(2, 0, 55), model, 1, false))).toEqual([]);
    const back = sqlOf(marketWrites(market("suspended", "price_too_short"), at(2, 0, 50), model, 1, false));
    expect(back[0]).toMatch(/SET status = 'open'.*suspended_reason = 'price_too_short'/);
    expect(back.filter((x) => x.startsWith("UPDATE outcomes SET price_milli")).length).toBe(3);
  });
  it("a market a trader suspended is repriced but never reopened by the feed", () => {
    const w = sqlOf(marketWrites(market("suspended", null), at(0, 0, 10), model, 1, true));
    expect(w.some((x) => x.includes("status = 'open'"))).toBe(false);
    expect(w.some((x) => x.startsWith("UPDATE outcomes SET price_milli"))).toBe(true);
  });
});

describe("demo feed with several instances on one database", () => {
  it("only the lease holder ticks; the other stands by and takes over when the holder stops", async () => {
    const { DatabaseLease } = await import("../libsql/lease.ts");
    let now = Date.parse("2026-11-21T12:00:00Z");
    const clock = () => now;
    const feedFor = (holder: string) =>
      new DemoFeed(t.database.client, {
        intervalMs: 1000,
        random: mulberry32(holder.length),
        now: () => new Date(seededAt + 60_000),
        leadership: new DatabaseLease(t.database.client, { name: "feed-test", holder, ttlMs: 3000, now: clock }),
      });
    const a = feedFor("a");
    const b = feedFor("bb");
    expect(await a.tick()).toBeGreaterThan(0);
    expect(await b.tick()).toBe(0);
    expect([a.status().leader, b.status().leader]).toEqual([true, false]);
    now += 3000; // a stopped renewing (crashed): its lease lapses
    expect(await b.tick()).toBeGreaterThan(0);
    expect(await a.tick()).toBe(0);
    expect([a.status().leader, b.status().leader]).toEqual([false, true]);
  });
});
