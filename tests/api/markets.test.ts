/**
 * Markets and events for operators: POST /api/admin/create-market, POST /api/admin/events,
 * GET /api/admin/markets/{id}, PUT .../limit, POST .../suspend and .../reopen, GET .../bets.
 * Success, every refusal, authorization for anonymous, customer, trader and admin, audit records.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import {
  countRows, currentUserId, expectError, expectInvalidFields, expectLedgerBalanced, expectUnknownKey, listEvents, placeOk,
  upcomingPool, type ApiEvent,
} from "../fixtures/builders.ts";
import { auditRows, createMarketOk, expectRefusedFor, put, rolesOf, twoWayMarket, type Roles } from "../fixtures/trading-desk.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
let finished: ApiEvent;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
  finished = (await listEvents(new Session(t), "status=finished&limit=10"))[0];
});
afterAll(() => t.close());

describe("POST /api/admin/create-market", () => {
  it("creates a market with priced outcomes that customers can bet on; audited; 201", async () => {
    const e = pool.next();
    const adminId = await currentUserId(r.admin);
    const m = await createMarketOk(r.admin, {
      eventId: e.id,
      marketType: "over_under",
      name: "Total Corners Over/Under 9.5",
      description: "Corners in normal time",
      outcomes: [{ name: "Over 9.5", odds: "1.90" }, { name: "Under 9.5", odds: "1.95" }],
    });
    expect(m).toMatchObject({
      eventId: e.id,
      eventName: e.name,
      type: "over_under",
      name: "Total Corners Over/Under 9.5",
      description: "Corners in normal time",
      status: "open",
      liabilityLimit: 200_000_000,
      result: null,
      outcomes: [{ name: "Over 9.5", odds: "1.90", result: null }, { name: "Under 9.5", odds: "1.95", result: null }],
    });
    const listed = (await listEvents(new Session(t))).find((x) => x.id === e.id)!;
    expect(listed.markets.map((x) => x.id)).toContain(m.id);
    const bet = await placeOk(r.customer, [{ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: "1.90" }], 1000);
    expect(bet.bet.potentialReturn).toBe(1900);
    const [a] = await auditRows(t, m.id, "market.create");
    expect(a).toMatchObject({ actorId: adminId, actorRole: "admin", entityType: "market", before: null });
    expect(a.after).toMatchObject({ eventId: e.id, name: "Total Corners Over/Under 9.5", outcomes: [{ odds: "1.90" }, { odds: "1.95" }] });
  });

  it("a trader may create markets too", async () => {
    const m = await createMarketOk(r.trader, twoWayMarket(pool.next().id, "Trader Market"));
    expect((await auditRows(t, m.id, "market.create"))[0].actorRole).toBe("trader");
  });

  it("refuses anonymous (401) and customers (403), writing nothing", async () => {
    const e = pool.next();
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM markets");
    await expectRefusedFor(t, r, ["customer"], (s) => s.post("/api/admin/create-market", twoWayMarket(e.id, "Nope")));
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM markets")).toBe(before);
  });

  it("validates the body: required fields, 2..20 outcomes, odds, market type, unknown keys (400)", async () => {
    const e = pool.next();
    const ok = twoWayMarket(e.id, "Valid");
    await expectInvalidFields(await r.admin.post("/api/admin/create-market", { ...ok, name: "  " }), "name");
    await expectInvalidFields(await r.admin.post("/api/admin/create-market", { ...ok, eventId: "" }), "eventId");
    await expectInvalidFields(await r.admin.post("/api/admin/create-market", { ...ok, marketType: "player_props" }), "marketType");
    await expectInvalidFields(await r.admin.post("/api/admin/create-market", { ...ok, outcomes: [{ name: "Only", odds: "2.00" }] }), "outcomes");
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `O${i}`, odds: "5.00" }));
    await expectInvalidFields(await r.admin.post("/api/admin/create-market", { ...ok, outcomes: many }), "outcomes");
    await expectInvalidFields(
      await r.admin.post("/api/admin/create-market", { ...ok, outcomes: [{ name: "A", odds: "1.00" }, { name: "B", odds: "2.00" }] }),
      "outcomes.0.odds",
    );
    await expectInvalidFields(
      await r.admin.post("/api/admin/create-market", { ...ok, outcomes: [{ name: "A", odds: "abc" }, { name: "B", odds: "2.00" }] }),
      "outcomes.0.odds",
    );
    await expectInvalidFields(await r.admin.post("/api/admin/create-market", { ...ok, outcomes: [{ name: "", odds: "2.00" }, { name: "B", odds: "2.00" }] }), "outcomes.0.name");
    await expectUnknownKey(await r.admin.post("/api/admin/create-market", { ...ok, status: "open" }), "status");
    await expectError(await r.admin.post("/api/admin/create-market", "{nope"), 400, "REQUEST.INVALID_JSON");
  });

  it("refuses duplicate outcome names (400), an unknown event (404), a finished event (409) and a name the event has (409)", async () => {
    const e = pool.next();
    const dup = await r.admin.post("/api/admin/create-market", {
      ...twoWayMarket(e.id, "Dup"),
      outcomes: [{ name: "Home", odds: "2.00" }, { name: " home ", odds: "2.00" }],
    });
    await expectError(dup, 400, "MARKET.DUPLICATE_OUTCOME");
    await expectError(await r.admin.post("/api/admin/create-market", twoWayMarket("evt_nope", "X")), 404, "EVENT.NOT_FOUND");
    await expectError(await r.admin.post("/api/admin/create-market", twoWayMarket(finished.id, "Late")), 409, "MARKET.EVENT_FINISHED");
    const existing = e.markets[0].name;
    await expectError(await r.admin.post("/api/admin/create-market", twoWayMarket(e.id, existing.toUpperCase())), 409, "MARKET.DUPLICATE_NAME");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM markets WHERE event_id = ? AND name IN ('Dup', 'Late')", [e.id])).toBe(0);
  });
});

describe("POST /api/admin/events", () => {
  const future = () => new Date(Date.now() + 48 * 3_600_000).toISOString();

  it("creates an upcoming event with its match-winner market (draw for soccer); audited; 201", async () => {
    const res = await r.admin.post("/api/admin/events", {
      sport: "soccer",
      league: "La Liga",
      homeTeam: "Real Madrid",
      awayTeam: "Barcelona",
      startTime: future(),
      featured: true,
      prices: { home: "2.40", draw: "3.40", away: "2.90" },
    });
    expect(res.status).toBe(201);
    const { event } = (await res.json()) as { event: ApiEvent & { featured: boolean; league: string } };
    expect(event).toMatchObject({ sport: "soccer", league: "La Liga", name: "Real Madrid vs Barcelona", status: "upcoming", featured: true });
    expect(event.markets).toHaveLength(1);
    expect(event.markets[0]).toMatchObject({ type: "full_time_result", name: "Match Result", status: "open" });
    expect(event.markets[0].outcomes.map((o) => [o.name, o.odds])).toEqual([["Real Madrid", "2.40"], ["Draw", "3.40"], ["Barcelona", "2.90"]]);
    const bet = await placeOk(r.customer, [{ eventId: event.id, marketId: event.markets[0].id, outcomeId: event.markets[0].outcomes[1].id, odds: "3.40" }], 500);
    expect(bet.bet.potentialReturn).toBe(1700);
    const [a] = await auditRows(t, event.id, "event.create");
    expect(a).toMatchObject({ actorRole: "admin", entityType: "event" });
  });

  it("a two-way sport has no draw", async () => {
    const res = await r.admin.post("/api/admin/events", {
      sport: "basketball", league: "NBA", homeTeam: "Miami Heat", awayTeam: "Chicago Bulls", startTime: future(),
      prices: { home: "1.70", away: "2.20" },
    });
    expect(res.status).toBe(201);
    const { event } = (await res.json()) as { event: ApiEvent };
    expect(event.markets[0].name).toBe("Head to Head");
    expect(event.markets[0].outcomes.map((o) => o.name)).toEqual(["Miami Heat", "Chicago Bulls"]);
  });

  it("refuses a missing or extra draw price, racing, the same side twice, a past start, bad fields (400 EVENT.INVALID / REQUEST.INVALID)", async () => {
    const base = { sport: "soccer", league: "L", homeTeam: "A", awayTeam: "B", startTime: future(), prices: { home: "2.00", draw: "3.00", away: "3.00" } };
    const invalid = async (body: unknown, field: string) => {
      const err = await expectError(await r.admin.post("/api/admin/events", body), 400, "EVENT.INVALID");
      expect(err.error.details).toMatchObject({ field });
    };
    await invalid({ ...base, prices: { home: "2.00", away: "3.00" } }, "prices.draw");
    await invalid({ ...base, sport: "tennis" }, "prices.draw");
    await invalid({ ...base, sport: "racing" }, "sport");
    await invalid({ ...base, awayTeam: " a " }, "awayTeam");
    await invalid({ ...base, startTime: new Date(Date.now() - 60_000).toISOString() }, "startTime");
    await expectInvalidFields(await r.admin.post("/api/admin/events", { ...base, startTime: "tomorrow" }), "startTime");
    await expectInvalidFields(await r.admin.post("/api/admin/events", { ...base, sport: "darts" }), "sport");
    await expectInvalidFields(await r.admin.post("/api/admin/events", { ...base, homeTeam: "" }), "homeTeam");
    await expectInvalidFields(await r.admin.post("/api/admin/events", { ...base, prices: { home: "0.5", draw: "3.00", away: "3.00" } }), "prices.home");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM events WHERE league = 'L'")).toBe(0);
  });

  it("is admin only: anonymous 401, customer and trader 403", async () => {
    const body = { sport: "tennis", league: "ATP", homeTeam: "X", awayTeam: "Y", startTime: future(), prices: { home: "1.50", away: "2.50" } };
    await expectRefusedFor(t, r, ["customer", "trader"], (s) => s.post("/api/admin/events", body));
  });
});

describe("market limit, suspend and reopen, bets", () => {
  it("PUT limit sets the liability limit (admin and trader); audited with before and after", async () => {
    const m = pool.next().markets[0];
    const res = await put(r.trader, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 5_000_000 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { market: { liabilityLimit: number } }).market.liabilityLimit).toBe(5_000_000);
    const res2 = await put(r.admin, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 6_000_000 });
    expect(res2.status).toBe(200);
    const rows = await auditRows(t, m.id, "market.limit");
    expect(rows.map((a) => [a.actorRole, a.before, a.after])).toEqual([
      ["trader", { liabilityLimit: 200_000_000 }, { liabilityLimit: 5_000_000 }],
      ["admin", { liabilityLimit: 5_000_000 }, { liabilityLimit: 6_000_000 }],
    ]);
    // The same limit again changes nothing and writes no audit record.
    expect((await put(r.admin, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 6_000_000 })).status).toBe(200);
    expect(await auditRows(t, m.id, "market.limit")).toHaveLength(2);
  });

  it("PUT limit refusals: invalid amounts 400, unknown market 404, anonymous 401, customer 403", async () => {
    const m = pool.next().markets[0];
    await expectInvalidFields(await put(r.admin, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 0 }), "liabilityLimit");
    await expectInvalidFields(await put(r.admin, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 10.5 }), "liabilityLimit");
    await expectInvalidFields(await put(r.admin, `/api/admin/markets/${m.id}/limit`, {}), "liabilityLimit");
    await expectError(await put(r.admin, "/api/admin/markets/nope/limit", { liabilityLimit: 100_000 }), 404, "MARKET.NOT_FOUND");
    await expectRefusedFor(t, r, ["customer"], (s) => put(s, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 100_000 }));
  });

  it("a suspended market takes no bets until it is reopened (admin and trader); audited", async () => {
    const e = pool.forMutation();
    const m = e.markets[0];
    const sel = { eventId: e.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: m.outcomes[0].odds };
    const s = await r.trader.post(`/api/admin/markets/${m.id}/suspend`);
    expect(s.status).toBe(200);
    expect(((await s.json()) as { market: { status: string } }).market.status).toBe("suspended");
    const refused = await r.customer.post("/api/bets", { selections: [sel], stake: 1000, betType: "single" });
    await expectError(refused, 409, "BET.MARKET_CLOSED");
    await expectError(await r.admin.post(`/api/admin/markets/${m.id}/suspend`), 409, "MARKET.INVALID_TRANSITION");
    const o = await r.admin.post(`/api/admin/markets/${m.id}/reopen`);
    expect(o.status).toBe(200);
    expect(((await o.json()) as { market: { status: string } }).market.status).toBe("open");
    await expectError(await r.admin.post(`/api/admin/markets/${m.id}/reopen`), 409, "MARKET.INVALID_TRANSITION");
    await placeOk(r.customer, [sel], 1000);
    expect((await auditRows(t, m.id)).map((a) => [a.action, a.actorRole, a.before, a.after])).toEqual([
      ["market.suspend", "trader", { status: "open" }, { status: "suspended" }],
      ["market.reopen", "admin", { status: "suspended" }, { status: "open" }],
    ]);
  });

  it("suspend and reopen refusals: closed markets 409, unknown 404, anonymous 401, customer 403", async () => {
    const closed = finished.markets[0];
    await expectError(await r.admin.post(`/api/admin/markets/${closed.id}/suspend`), 409, "MARKET.INVALID_TRANSITION");
    await expectError(await r.admin.post(`/api/admin/markets/${closed.id}/reopen`), 409, "MARKET.INVALID_TRANSITION");
    await expectError(await r.admin.post("/api/admin/markets/nope/suspend"), 404, "MARKET.NOT_FOUND");
    await expectError(await r.admin.post("/api/admin/markets/nope/reopen"), 404, "MARKET.NOT_FOUND");
    const m = pool.next().markets[0];
    await expectRefusedFor(t, r, ["customer"], (s) => s.post(`/api/admin/markets/${m.id}/suspend`));
    await expectRefusedFor(t, r, ["customer"], (s) => s.post(`/api/admin/markets/${m.id}/reopen`));
    const rs = await t.database.client.execute({ sql: "SELECT status FROM markets WHERE id = ?", args: [m.id] });
    expect(rs.rows[0].status).toBe("open");
  });

  it("the database never reopens a closed market", async () => {
    await expect(
      t.database.client.execute({ sql: "UPDATE markets SET status = 'open' WHERE id = ?", args: [finished.markets[0].id] }),
    ).rejects.toThrow(/MARKET.CLOSED/);
  });

  it("GET bets lists every bet with a leg on the market (admin, trader); GET market shows it", async () => {
    const e = pool.next();
    const m = await createMarketOk(r.admin, twoWayMarket(e.id, "Bets Listing Market"));
    const b1 = await placeOk(r.customer, [{ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: "2.00" }], 700);
    const other = pool.next((x) => x.id !== e.id);
    const b2 = await placeOk(r.customer, [
      { eventId: e.id, marketId: m.id, outcomeId: m.outcomes[1].id, odds: "1.80" },
      { eventId: other.id, marketId: other.markets[0].id, outcomeId: other.markets[0].outcomes[0].id, odds: other.markets[0].outcomes[0].odds },
    ], 300);
    // Its leg second in a multiple; and a bet on another market of the same event, not listed.
    const b3 = await placeOk(r.customer, [
      { eventId: other.id, marketId: other.markets[0].id, outcomeId: other.markets[0].outcomes[1].id, odds: other.markets[0].outcomes[1].odds },
      { eventId: e.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: "2.00" },
    ], 200);
    await placeOk(r.customer, [{ eventId: e.id, marketId: e.markets[0].id, outcomeId: e.markets[0].outcomes[0].id, odds: e.markets[0].outcomes[0].odds }], 100);
    for (const s of [r.admin, r.trader]) {
      const res = await s.get(`/api/admin/markets/${m.id}/bets`);
      expect(res.status).toBe(200);
      const bets = (await res.json()) as { id: string; amount: number; betType: string; customerEmail: string }[];
      expect(bets.map((b) => b.id).sort()).toEqual([b1.bet.id, b2.bet.id, b3.bet.id].sort());
      expect(bets.find((b) => b.id === b2.bet.id)!.betType).toBe("multiple");
    }
    const one = await r.trader.get(`/api/admin/markets/${m.id}`);
    expect(one.status).toBe(200);
    expect(((await one.json()) as { market: { name: string } }).market.name).toBe("Bets Listing Market");
    await expectError(await r.admin.get("/api/admin/markets/nope/bets"), 404, "MARKET.NOT_FOUND");
    await expectError(await r.admin.get("/api/admin/markets/nope"), 404, "MARKET.NOT_FOUND");
    await expectInvalidFields(await r.admin.get(`/api/admin/markets/${m.id}/bets?limit=0`), "limit");
    await expectRefusedFor(t, r, ["customer"], (s) => s.get(`/api/admin/markets/${m.id}/bets`));
    await expectRefusedFor(t, r, ["customer"], (s) => s.get(`/api/admin/markets/${m.id}`));
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
