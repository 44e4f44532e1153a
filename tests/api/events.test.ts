/**
 * GET /api/events (filters, defaults, bounds), GET /api/live-odds (shape, ETag / 304, volume),
 * and PATCH /api/admin/events/{id} (forward-only transitions, audit, finishing closes markets).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import {
  expectError,
  expectInvalidFields,
  expectLedgerBalanced,
  expectUnknownKey,
  listEvents,
  placeOk,
  selectionOf,
  type ApiEvent,
} from "../fixtures/builders.ts";

let t: TestApp;
let anon: Session;
let admin: Session;
let all: ApiEvent[];
beforeAll(async () => {
  t = await makeTestApp();
  anon = new Session(t);
  admin = await demoLogin(t, "admin");
  all = await listEvents(anon, "status=all&limit=200");
});
afterAll(() => t.close());

const ODDS = /^\d{1,4}\.\d{2,3}$/;
const ids = (events: ApiEvent[]) => events.map((e) => e.id);
const byStart = (a: ApiEvent, b: ApiEvent) => Date.parse(a.startTime) - Date.parse(b.startTime) || (a.id < b.id ? -1 : 1);

describe("GET /api/events", () => {
  it("the seed has live, upcoming and finished events", () => {
    const count = (s: string) => all.filter((e) => e.status === s).length;
    expect(count("live")).toBeGreaterThan(0);
    expect(count("upcoming")).toBeGreaterThan(0);
    expect(count("finished")).toBeGreaterThan(0);
    expect(all.length).toBe(count("live") + count("upcoming") + count("finished"));
  });

  it("defaults to upcoming events, soonest first, at most 50", async () => {
    const res = await anon.get("/api/events");
    expect(res.status).toBe(200);
    const events = (await res.json()) as ApiEvent[];
    const upcoming = all.filter((e) => e.status === "upcoming").sort(byStart);
    expect(ids(events)).toEqual(ids(upcoming).slice(0, 50));
    expect(events.every((e) => e.status === "upcoming")).toBe(true);
  });

  it("returns each event with its markets and decimal-string prices", async () => {
    const [e] = await listEvents(anon, "limit=1");
    expect(e).toMatchObject({
      id: expect.any(String),
      sport: expect.any(String),
      homeTeam: expect.any(String),
      awayTeam: expect.any(String),
      name: expect.any(String),
      description: expect.any(String),
      status: "upcoming",
    });
    expect(new Date(e.startTime).toISOString()).toBe(e.startTime);
    expect(e.markets.length).toBeGreaterThan(0);
    for (const m of e.markets) {
      expect(m.status).toBe("open");
      for (const o of m.outcomes) expect(o.odds).toMatch(ODDS);
    }
  });

  it.each(["live", "finished", "upcoming"] as const)("status=%s returns exactly the %s events", async (status) => {
    const events = await listEvents(anon, `status=${status}&limit=200`);
    const expected = all.filter((e) => e.status === status);
    expect(new Set(ids(events))).toEqual(new Set(ids(expected)));
    expect(events.length).toBe(expected.length);
  });

  it("status=open returns live then upcoming events, and no finished ones", async () => {
    const events = await listEvents(anon, "status=open&limit=200");
    const live = all.filter((e) => e.status === "live");
    const upcoming = all.filter((e) => e.status === "upcoming");
    expect(events.length).toBe(live.length + upcoming.length);
    expect(events.slice(0, live.length).every((e) => e.status === "live")).toBe(true);
    expect(events.slice(live.length).every((e) => e.status === "upcoming")).toBe(true);
  });

  it("status=all returns every event, live first then upcoming then finished", async () => {
    const order = all.map((e) => e.status);
    const rank = { live: 0, upcoming: 1, finished: 2 } as const;
    expect(order.map((s) => rank[s])).toEqual([...order.map((s) => rank[s])].sort((a, b) => a - b));
  });

  it("honours limit within 1..200", async () => {
    expect((await listEvents(anon, "status=all&limit=1")).length).toBe(1);
    expect(ids(await listEvents(anon, "status=all&limit=5"))).toEqual(ids(all).slice(0, 5));
    expect((await listEvents(anon, "status=all&limit=200")).length).toBe(all.length);
  });

  it.each(["0", "201", "-1", "1.5", "abc", ""])("refuses limit=%s with 400 naming limit", async (limit) => {
    await expectInvalidFields(await anon.get(`/api/events?limit=${limit}`), "limit");
  });

  it("refuses an unknown status with 400 naming status", async () => {
    await expectInvalidFields(await anon.get("/api/events?status=cancelled"), "status");
  });

  it("filters by sport", async () => {
    const soccer = all.filter((e) => e.sport === "soccer" && e.status === "upcoming");
    expect(soccer.length).toBeGreaterThan(0);
    const events = await listEvents(anon, "sport=soccer");
    expect(new Set(ids(events))).toEqual(new Set(ids(soccer)));
    const allSoccer = await listEvents(anon, "status=all&sport=soccer&limit=200");
    expect(allSoccer.length).toBe(all.filter((e) => e.sport === "soccer").length);
    expect(allSoccer.every((e) => e.sport === "soccer")).toBe(true);
  });

  it("refuses an unknown sport with 400 naming sport", async () => {
    await expectInvalidFields(await anon.get("/api/events?sport=curling"), "sport");
  });
});

describe("GET /api/live-odds", () => {
  it("lists the live events with home/draw/away prices as decimal strings", async () => {
    const res = await anon.get("/api/live-odds");
    expect(res.status).toBe(200);
    const items = (await res.json()) as {
      id: string;
      homeTeam: string;
      awayTeam: string;
      startTime: string;
      status: string;
      volume: number;
      lastUpdate: string;
      marketId: string;
      odds: { home: string; draw: string | null; away: string };
      outcomes: { id: string; name: string; odds: string }[];
    }[];
    const live = all.filter((e) => e.status === "live");
    expect(new Set(items.map((i) => i.id))).toEqual(new Set(ids(live)));
    for (const item of items) {
      const event = live.find((e) => e.id === item.id)!;
      const market = event.markets.find((m) => m.type === "full_time_result")!;
      expect(item.status).toBe("live");
      expect(item.homeTeam).toBe(event.homeTeam);
      expect(item.awayTeam).toBe(event.awayTeam);
      expect(item.marketId).toBe(market.id);
      expect(item.outcomes).toEqual(market.outcomes);
      expect(item.odds.home).toBe(market.outcomes[0].odds);
      expect(item.odds.away).toBe(market.outcomes[market.outcomes.length - 1].odds);
      expect(item.odds.draw).toBe(market.outcomes.length === 3 ? market.outcomes[1].odds : null);
      expect(item.odds.home).toMatch(ODDS);
      expect(Number.isInteger(item.volume)).toBe(true);
      expect(new Date(item.lastUpdate).toISOString()).toBe(item.lastUpdate);
    }
    // At least one three-way and one two-way market in the seed.
    expect(items.some((i) => i.odds.draw !== null)).toBe(true);
    expect(items.some((i) => i.odds.draw === null)).toBe(true);
  });

  it("sends an ETag and answers 304 to a matching If-None-Match", async () => {
    const first = await anon.get("/api/live-odds");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    const again = await anon.get("/api/live-odds", { "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await anon.get("/api/live-odds", { "if-none-match": '"something-else"' });
    expect(other.status).toBe(200);
  });

  it("counts stakes into volume, and a new ETag follows the change", async () => {
    const before = await anon.get("/api/live-odds");
    const etag = before.headers.get("etag")!;
    const items = (await before.json()) as { id: string; volume: number; marketId: string; outcomes: { id: string; odds: string }[] }[];
    const target = items[0];
    const customer = await demoLogin(t, "customer");
    await placeOk(
      customer,
      [{ eventId: target.id, marketId: target.marketId, outcomeId: target.outcomes[0].id, odds: target.outcomes[0].odds }],
      2500,
    );
    const after = await anon.get("/api/live-odds", { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    const updated = ((await after.json()) as { id: string; volume: number }[]).find((i) => i.id === target.id)!;
    expect(updated.volume).toBe(target.volume + 2500);
  });
});

const ABANDONED = { reason: "Match abandoned before kick-off" };

describe("PATCH /api/admin/events/{id}", () => {
  it("moves upcoming -> live -> finished, returning the event, and finishing closes its markets", async () => {
    const event = all.find((e) => e.status === "upcoming" && e.sport === "soccer")!;
    const live = await admin.patch(`/api/admin/events/${event.id}`, { status: "live" });
    expect(live.status).toBe(200);
    const liveBody = (await live.json()) as ApiEvent;
    expect(liveBody).toMatchObject({ id: event.id, status: "live", minute: 0, homeScore: 0, awayScore: 0 });
    expect(liveBody.markets.every((m) => m.status === "open")).toBe(true);
    // It shows up in the live lists.
    expect(ids(await listEvents(anon, "status=live&limit=200"))).toContain(event.id);
    const liveOdds = (await (await anon.get("/api/live-odds")).json()) as { id: string }[];
    expect(liveOdds.map((i) => i.id)).toContain(event.id);

    // Its start time is still ahead: finishing it now is a result before the start, owned with a reason.
    const finished = await admin.patch(`/api/admin/events/${event.id}`, { status: "finished", override: ABANDONED });
    expect(finished.status).toBe(200);
    const finishedBody = (await finished.json()) as ApiEvent;
    expect(finishedBody).toMatchObject({ id: event.id, status: "finished" });
    expect(finishedBody.markets.length).toBe(event.markets.length);
    expect(finishedBody.markets.every((m) => m.status === "closed")).toBe(true);
    expect(ids(await listEvents(anon, "status=finished&limit=200"))).toContain(event.id);
    const liveOddsAfter = (await (await anon.get("/api/live-odds")).json()) as { id: string }[];
    expect(liveOddsAfter.map((i) => i.id)).not.toContain(event.id);

    // Finished is final: back to live, or finished again, is a 409.
    await expectError(await admin.patch(`/api/admin/events/${event.id}`, { status: "live" }), 409, "EVENT.INVALID_TRANSITION");
    await expectError(await admin.patch(`/api/admin/events/${event.id}`, { status: "finished" }), 409, "EVENT.INVALID_TRANSITION");
    await expectError(await admin.patch(`/api/admin/events/${event.id}`, { status: "upcoming" }), 409, "EVENT.INVALID_TRANSITION");

    // Each accepted change wrote one audit row with before/after; refusals wrote none.
    const audit = await t.database.client.execute({
      sql: "SELECT actor_id, actor_role, action, entity_type, before, after FROM audit_log WHERE entity_id = ? ORDER BY created_at, rowid",
      args: [event.id],
    });
    const adminId = ((await (await admin.get("/api/auth/user")).json()) as { id: string }).id;
    expect(
      audit.rows.map((r) => ({
        actor: r.actor_id,
        role: r.actor_role,
        action: r.action,
        type: r.entity_type,
        before: JSON.parse(String(r.before)),
        after: JSON.parse(String(r.after)),
      })),
    ).toEqual([
      { actor: adminId, role: "admin", action: "event.status", type: "event", before: { status: "upcoming" }, after: { status: "live" } },
      { actor: adminId, role: "admin", action: "event.status", type: "event", before: { status: "live" }, after: { status: "finished", override: ABANDONED } },
    ]);
  });

  it("moves upcoming -> finished (abandoned before the start), with an override's reason", async () => {
    const event = all.find((e) => e.status === "upcoming" && e.sport === "tennis")!;
    await expectError(await admin.patch(`/api/admin/events/${event.id}`, { status: "finished" }), 409, "SETTLE.EVENT_NOT_FINISHED");
    const res = await admin.patch(`/api/admin/events/${event.id}`, { status: "finished", override: ABANDONED });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ApiEvent).status).toBe("finished");
  });

  it("refuses setting the same status again with 409 and changes nothing", async () => {
    const event = all.find((e) => e.status === "live")!;
    const auditBefore = await t.database.client.execute({ sql: "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", args: [event.id] });
    await expectError(await admin.patch(`/api/admin/events/${event.id}`, { status: "live" }), 409, "EVENT.INVALID_TRANSITION");
    await expectError(await admin.patch(`/api/admin/events/${event.id}`, { status: "upcoming" }), 409, "EVENT.INVALID_TRANSITION");
    const upcoming = all.find((e) => e.status === "upcoming" && e.sport === "nfl")!;
    await expectError(await admin.patch(`/api/admin/events/${upcoming.id}`, { status: "upcoming" }), 409, "EVENT.INVALID_TRANSITION");
    const auditAfter = await t.database.client.execute({ sql: "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", args: [event.id] });
    expect(auditAfter.rows[0].n).toBe(auditBefore.rows[0].n);
    const still = (await listEvents(anon, "status=all&limit=200")).find((e) => e.id === event.id)!;
    expect(still.status).toBe("live");
  });

  it("lets only one of several racing admins change the status", async () => {
    const event = all.find((e) => e.status === "upcoming" && e.sport === "basketball")!;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => admin.patch(`/api/admin/events/${event.id}`, { status: "live" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const audit = await t.database.client.execute({ sql: "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", args: [event.id] });
    expect(Number(audit.rows[0].n)).toBe(1);
  });

  it("answers 404 EVENT.NOT_FOUND for an unknown id", async () => {
    await expectError(await admin.patch("/api/admin/events/evt_nope", { status: "live" }), 404, "EVENT.NOT_FOUND");
  });

  it("refuses a bad body or id with 400 naming the field", async () => {
    const event = all.find((e) => e.status === "upcoming")!;
    await expectInvalidFields(await admin.patch(`/api/admin/events/${event.id}`, { status: "bogus" }), "status");
    await expectInvalidFields(await admin.patch(`/api/admin/events/${event.id}`, {}), "status");
    await expectUnknownKey(await admin.patch(`/api/admin/events/${event.id}`, { status: "live", minute: 3 }), "minute");
    await expectInvalidFields(await admin.patch(`/api/admin/events/${event.id}`, { status: "live", homeScore: 3 }), "awayScore");
    await expectInvalidFields(await admin.patch(`/api/admin/events/${event.id}`, { homeScore: -1, awayScore: 0 }), "homeScore");
    await expectInvalidFields(await admin.patch(`/api/admin/events/${event.id}`, { startTime: "tomorrow" }), "startTime");
    await expectInvalidFields(await admin.patch(`/api/admin/events/${"x".repeat(65)}`, { status: "live" }), "id");
    // None of those changed the event.
    const still = (await listEvents(anon, "status=all&limit=200")).find((e) => e.id === event.id)!;
    expect(still.status).toBe("upcoming");
  });

  it("a finished event refuses bets: 409 BET.EVENT_CLOSED with the market closed", async () => {
    const event = all.find((e) => e.status === "upcoming" && e.sport === "mlb")!;
    const customer = await demoLogin(t, "customer");
    const sel = selectionOf(event);
    expect((await admin.patch(`/api/admin/events/${event.id}`, { status: "finished", override: ABANDONED })).status).toBe(200);
    const res = await customer.post("/api/bets", { selections: [sel], stake: 1000, betType: "single" });
    const body = await expectError(res, 409, "BET.EVENT_CLOSED");
    expect(body.error.details).toMatchObject({ eventId: event.id, prices: [{ outcomeId: sel.outcomeId, odds: null }] });
    expect(((await (await customer.get("/api/customer/balance")).json()) as { balance: number }).balance).toBe(100000);
    expect(((await (await customer.get("/api/bets")).json()) as unknown[]).length).toBe(0);
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
