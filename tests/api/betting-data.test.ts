/**
 * The betting page's read models: racing next-to-go from the real racing events, recent boosts
 * from the price history (rises on open markets in the last hour), and recent activity from real
 * bets with customers shown only by initials.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, realCustomerLogin, Session, type TestApp } from "../fixtures/test-app.ts";
import { expectError, expectInvalidFields, listEvents, placeOk, selectionOf, type ApiEvent } from "../fixtures/builders.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());
afterEach(() => t.clock.set(null as unknown as Date));

const getJson = async (path: string) => {
  const res = await t.app.request(path);
  expect(res.status, path).toBe(200);
  return res.json();
};

describe("GET /api/racing/next-to-go", () => {
  it("lists the upcoming races soonest first, with the Race Winner runners at their current prices", async () => {
    const races = (await listEvents(new Session(t), "status=upcoming&sport=racing&limit=200")) as ApiEvent[];
    expect(races.length).toBeGreaterThanOrEqual(5);
    const body = await getJson("/api/racing/next-to-go");
    expect(body.races).toHaveLength(5);
    const bySoonest = [...races].sort((a, b) => a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id));
    expect(body.races.map((r: { eventId: string }) => r.eventId)).toEqual(bySoonest.slice(0, 5).map((e) => e.id));
    for (const race of body.races) {
      const e = races.find((x) => x.id === race.eventId)!;
      const winner = e.markets.find((m) => m.type === "full_time_result")!;
      expect(race).toEqual({
        eventId: e.id,
        meeting: e.homeTeam,
        race: e.awayTeam,
        description: expect.stringContaining(e.awayTeam),
        startTime: e.startTime,
        marketId: winner.id,
        marketName: "Race Winner",
        marketStatus: "open",
        runners: winner.outcomes.map((o) => ({ outcomeId: o.id, name: o.name, odds: o.odds })),
      });
      expect(race.runners.length).toBeGreaterThanOrEqual(8);
    }
  });

  it("honours limit, refuses a bad one with 400, and leaves out a race once it is off", async () => {
    const two = await getJson("/api/racing/next-to-go?limit=2");
    expect(two.races).toHaveLength(2);
    for (const q of ["limit=0", "limit=21", "limit=abc"]) await expectInvalidFields(await t.app.request(`/api/racing/next-to-go?${q}`), "limit");
    const admin = await demoLogin(t, "admin");
    const first = two.races[0].eventId;
    expect((await admin.patch(`/api/admin/events/${first}`, { status: "live" })).status).toBe(200);
    const after = await getJson("/api/racing/next-to-go?limit=20");
    expect(after.races.map((r: { eventId: string }) => r.eventId)).not.toContain(first);
    expect(after.races.every((r: { eventId: string }) => r.eventId.startsWith("evt_"))).toBe(true);
  });
});

describe("GET /api/betting/boosts", () => {
  const priceOf = async (outcomeId: string) =>
    Number((await t.database.client.execute({ sql: "SELECT price_milli FROM outcomes WHERE id = ?", args: [outcomeId] })).rows[0].price_milli);
  const setPrice = (outcomeId: string, milli: number, at = Date.now()) =>
    t.database.client.execute({ sql: "UPDATE outcomes SET price_milli = ?, updated_at = ? WHERE id = ?", args: [milli, at, outcomeId] });
  const fmt = (milli: number) => {
    const s = (milli / 1000).toFixed(3);
    return s.endsWith("0") ? s.slice(0, -1) : s;
  };

  it("is empty while no price has moved", async () => {
    expect(await getJson("/api/betting/boosts")).toEqual({ boosts: [] });
  });

  it("lists the largest recent rises on open markets, from the price before the first move to the price now", async () => {
    const a = "evt_003-m1-o1"; // upcoming
    const b = "evt_004-m1-o1"; // upcoming
    const a0 = await priceOf(a);
    const b0 = await priceOf(b);
    await setPrice(a, Math.round((a0 * 1.5) / 10) * 10);
    await setPrice(b, Math.round((b0 * 1.1) / 10) * 10);
    await setPrice(b, Math.round((b0 * 1.2) / 10) * 10);
    // Not boosts: a fall, a rise that fell back below where it started, a suspended market,
    // a closed market (finished event), a rise older than an hour.
    await setPrice("evt_005-m1-o1", (await priceOf("evt_005-m1-o1")) - 100);
    const c0 = await priceOf("evt_008-m1-o1");
    await setPrice("evt_008-m1-o1", c0 + 500);
    await setPrice("evt_008-m1-o1", c0 - 50);
    await t.database.client.execute("UPDATE markets SET status = 'suspended' WHERE id = 'evt_009-m1'");
    await setPrice("evt_009-m1-o1", (await priceOf("evt_009-m1-o1")) * 2);
    await setPrice("evt_006-m1-o1", (await priceOf("evt_006-m1-o1")) * 2);
    await setPrice("evt_012-m1-o1", (await priceOf("evt_012-m1-o1")) * 3, Date.now() - 2 * 3_600_000);

    const { boosts } = await getJson("/api/betting/boosts?limit=10");
    expect(boosts).toEqual([
      {
        outcomeId: a,
        marketId: "evt_003-m1",
        marketName: "Match Result",
        eventId: "evt_003",
        eventName: "Tottenham Hotspur vs Newcastle United",
        selectionName: "Tottenham Hotspur",
        oldOdds: fmt(a0),
        newOdds: fmt(await priceOf(a)),
        changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      expect.objectContaining({ outcomeId: b, oldOdds: fmt(b0), newOdds: fmt(await priceOf(b)), eventId: "evt_004" }),
    ]);
    expect((await getJson("/api/betting/boosts?limit=1")).boosts.map((x: { outcomeId: string }) => x.outcomeId)).toEqual([a]);

    // An hour later the window is empty again.
    t.clock.set(new Date(Date.now() + 61 * 60_000));
    expect(await getJson("/api/betting/boosts")).toEqual({ boosts: [] });
  });

  it("refuses a bad limit with 400", async () => {
    for (const q of ["limit=0", "limit=21", "limit=-1"]) await expectInvalidFields(await t.app.request(`/api/betting/boosts?${q}`), "limit");
  });
});

describe("GET /api/betting/activity", () => {
  it("lists real bets newest first, with the customer as initials and nothing that identifies them", async () => {
    const body = await getJson("/api/betting/activity?limit=50");
    expect(body.items.length).toBeGreaterThanOrEqual(10);
    const times = body.items.map((i: { placedAt: string }) => i.placedAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const i of body.items) {
      expect(Object.keys(i).sort()).toEqual(["betType", "eventName", "id", "legs", "placedAt", "selectionName", "stake", "totalOdds", "who"]);
      expect(i.who).toMatch(/^\p{Lu}\. \p{Lu}\.$/u);
      expect(i.id).toMatch(/^act_[0-9a-f]{16}$/);
    }
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/@example\.com|Thompson|Nguyen|usr_|bet_/);
    const seeded = new Set(body.items.map((i: { who: string }) => i.who));
    expect([...seeded].some((w) => ["J. T.", "O. N.", "L. O.", "C. W.", "N. P."].includes(w as string))).toBe(true);
  });

  it("shows a bet just placed first", async () => {
    const demo = await realCustomerLogin(t);
    const events = await listEvents(demo, "status=upcoming&limit=200");
    const e = events.find((x) => x.sport === "nfl")!;
    const sel = selectionOf(e, 0, 0);
    await placeOk(demo, [sel], 2500);
    const { items } = await getJson("/api/betting/activity?limit=3");
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({
      who: "D. C.",
      betType: "single",
      legs: 1,
      eventName: e.name,
      selectionName: e.markets[0].outcomes[0].name,
      stake: 2500,
      totalOdds: sel.odds,
    });
  });

  it("refuses a bad limit with 400", async () => {
    for (const q of ["limit=0", "limit=51", "limit=x"]) await expectInvalidFields(await t.app.request(`/api/betting/activity?${q}`), "limit");
    await expectError(await t.app.request("/api/betting/activity?limit=0"), 400, "REQUEST.INVALID");
  });
});

describe("the OpenAPI document", () => {
  it("describes every route of the accounts work", async () => {
    const doc = (await getJson("/api/openapi.json")) as { paths: Record<string, Record<string, unknown>> };
    const described = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`)));
    const expected = [
      "post /api/auth/register", "post /api/auth/login", "post /api/logout", "post /api/auth/logout", "get /api/login",
      "get /api/account", "patch /api/account/details", "post /api/account/password", "get /api/account/settings",
      "put /api/account/settings", "post /api/account/verification/basic", "post /api/account/verification/document",
      "get /api/account/follows", "post /api/account/follows", "delete /api/account/follows/{team}", "get /api/account/rewards",
      "get /api/live-odds/stream", "get /api/racing/next-to-go", "get /api/betting/boosts", "get /api/betting/activity",
    ];
    expect(expected.filter((r) => !described.has(r))).toEqual([]);
  });
});
