/**
 * The operator's reach: GET /api/admin/events and GET /api/admin/bets a page at a
 * time (page sizes, totals, cursors that stay stable while rows arrive, every filter checked
 * against the database), who may read them, and the live bet ticker
 * (GET /api/admin/bet-ticker/stream): admin only, a placed bet arrives with its flags, and the
 * "large stakes only" / "sharp customers only" filters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, realCustomerLogin, Session, type TestApp } from "../fixtures/test-app.ts";
import { currentUserId, expectError, expectInvalidFields, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { put } from "../fixtures/accounts.ts";
import { callers, type Callers } from "../fixtures/roles.ts";
import type { AdminBetsPage, AdminEventsPage, TickerItem } from "../../api/schemas/admin-lists.ts";

let t: TestApp;
let who: Callers;
let admin: Session;
let pool: Awaited<ReturnType<typeof upcomingPool>>;

beforeAll(async () => {
  t = await makeTestApp({ liveStream: { pingMs: 60_000 } });
  who = await callers(t);
  admin = who.admin;
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
async function column(sql: string, args: (string | number)[] = []): Promise<string[]> {
  const rs = await t.database.client.execute({ sql, args });
  return rs.rows.map((r) => String(r.id));
}
async function eventsPage(query: string, s: Session = admin): Promise<AdminEventsPage> {
  const res = await s.get(`/api/admin/events?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AdminEventsPage;
}
async function betsPage(query: string): Promise<AdminBetsPage> {
  const res = await admin.get(`/api/admin/bets?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AdminBetsPage;
}
/** Every page of a list, following nextCursor. */
async function allPages<P extends { items: { id: string }[]; total: number; nextCursor: string | null }>(
  get: (q: string) => Promise<P>,
  query: string,
): Promise<{ pages: P[]; ids: string[] }> {
  const pages: P[] = [];
  let cursor: string | null = null;
  do {
    const p = await get(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    pages.push(p);
    cursor = p.nextCursor;
  } while (cursor && pages.length < 100);
  return { pages, ids: pages.flatMap((p) => ids(p.items)) };
}

const EVENT_ORDER = "ORDER BY start_time ASC, id ASC";

describe("GET /api/admin/events", () => {
  it("pages every event by start time: pages of 25, a total, the last page without a cursor", async () => {
    const expected = await column(`SELECT id FROM events ${EVENT_ORDER}`);
    expect(expected.length).toBeGreaterThan(25);
    const { pages, ids: got } = await allPages(eventsPage, "limit=25");
    expect(pages[0].items).toHaveLength(25);
    expect(pages.every((p) => p.total === expected.length)).toBe(true);
    expect(pages[pages.length - 1].nextCursor).toBeNull();
    expect(got).toEqual(expected);
    // Other page sizes give the same sequence.
    expect((await allPages(eventsPage, "limit=7")).ids).toEqual(expected);
    expect((await eventsPage("")).items).toHaveLength(25);
    const one = await eventsPage("limit=1");
    expect(one.items[0]).toMatchObject({ id: expected[0], marketCount: expect.any(Number), sportName: expect.any(String) });
  });

  it("every upcoming event is reachable (the 5-row table left most of them out)", async () => {
    const upcoming = await column(`SELECT id FROM events WHERE status = 'upcoming' ${EVENT_ORDER}`);
    expect((await allPages(eventsPage, "status=upcoming&limit=25")).ids).toEqual(upcoming);
  });

  it("a cursor is stable: an event added before it does not shift or repeat the next page", async () => {
    const first = await eventsPage("status=upcoming&limit=5");
    const second = await eventsPage(`status=upcoming&limit=5&cursor=${encodeURIComponent(first.nextCursor!)}`);
    const earliest = new Date(Date.now() + 60_000).toISOString();
    const created = await admin.post("/api/admin/events", {
      sport: "basketball", league: "Cursor League", homeTeam: "Early Birds", awayTeam: "Night Owls", startTime: earliest,
      prices: { home: "1.90", away: "1.90" },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const newId = ((await created.json()) as { event: { id: string } }).event.id;
    const again = await eventsPage(`status=upcoming&limit=5&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(ids(again.items)).toEqual(ids(second.items));
    expect(again.total).toBe(second.total + 1);
    expect(ids((await eventsPage("status=upcoming&limit=5")).items)[0]).toBe(newId);
  });

  it("filters by text (name, teams, league; any case), sport, status and start-time range", async () => {
    const [{ home_team: team }] = (await t.database.client.execute("SELECT home_team FROM events WHERE sport = 'soccer' LIMIT 1")).rows as unknown as { home_team: string }[];
    const like = `%${team.toLowerCase()}%`;
    const byText = await column(
      `SELECT id FROM events WHERE lower(name) LIKE ? OR lower(home_team) LIKE ? OR lower(away_team) LIKE ? OR lower(league) LIKE ? ${EVENT_ORDER}`,
      [like, like, like, like],
    );
    expect(byText.length).toBeGreaterThan(0);
    expect((await allPages(eventsPage, `q=${encodeURIComponent(team.toUpperCase())}`)).ids).toEqual(byText);
    const league = String((await t.database.client.execute("SELECT league FROM events WHERE sport = 'tennis' LIMIT 1")).rows[0].league);
    expect((await allPages(eventsPage, `q=${encodeURIComponent(league)}`)).ids).toEqual(
      await column(`SELECT id FROM events WHERE league LIKE ? OR name LIKE ? OR home_team LIKE ? OR away_team LIKE ? ${EVENT_ORDER}`, [
        `%${league}%`, `%${league}%`, `%${league}%`, `%${league}%`,
      ]),
    );
    // LIKE wildcards are literal: nothing is named with a %.
    expect((await eventsPage("q=%25")).total).toBe(0);

    for (const sport of ["soccer", "tennis", "racing"]) {
      const expected = await column(`SELECT id FROM events WHERE sport = ? ${EVENT_ORDER}`, [sport]);
      expect(expected.length, sport).toBeGreaterThan(0);
      expect((await allPages(eventsPage, `sport=${sport}`)).ids).toEqual(expected);
    }
    for (const status of ["upcoming", "live", "finished"]) {
      const expected = await column(`SELECT id FROM events WHERE status = ? ${EVENT_ORDER}`, [status]);
      expect((await allPages(eventsPage, `status=${status}`)).ids, status).toEqual(expected);
    }
    expect((await allPages(eventsPage, "status=open")).ids).toEqual(await column(`SELECT id FROM events WHERE status IN ('upcoming','live') ${EVENT_ORDER}`));

    const times = (await t.database.client.execute(`SELECT start_time FROM events ${EVENT_ORDER}`)).rows.map((r) => Number(r.start_time));
    const from = times[5];
    const to = times[15];
    const inRange = await column(`SELECT id FROM events WHERE start_time >= ? AND start_time < ? ${EVENT_ORDER}`, [from, to]);
    expect(inRange.length).toBeGreaterThan(0);
    const got = await allPages(eventsPage, `from=${encodeURIComponent(new Date(from).toISOString())}&to=${encodeURIComponent(new Date(to).toISOString())}&limit=3`);
    expect(got.ids).toEqual(inRange);
    expect(got.pages[0].total).toBe(inRange.length);
  });

  it("refuses bad input with a 400 naming the field", async () => {
    await expectInvalidFields(await admin.get("/api/admin/events?limit=0"), "limit");
    await expectInvalidFields(await admin.get("/api/admin/events?limit=101"), "limit");
    await expectInvalidFields(await admin.get("/api/admin/events?cursor=not-a-cursor"), "cursor");
    await expectInvalidFields(await admin.get("/api/admin/events?status=soon"), "status");
    await expectInvalidFields(await admin.get("/api/admin/events?sport=chess"), "sport");
    await expectInvalidFields(await admin.get("/api/admin/events?from=yesterday"), "from");
  });

  it("is for staff: anonymous 401, customer 403, trader and admin 200", async () => {
    await expectError(await who.anonymous.get("/api/admin/events"), 401, "AUTH.REQUIRED");
    await expectError(await who.customer.get("/api/admin/events"), 403, "AUTH.FORBIDDEN");
    expect((await eventsPage("limit=2", who.trader)).items).toHaveLength(2);
  });
});

const BET_ORDER = "ORDER BY b.placed_at DESC, b.id DESC";

describe("GET /api/admin/bets", () => {
  let alice: { s: Session; id: string; email: string; name: string };
  let multipleId: string;
  let bigId: string;
  beforeAll(async () => {
    const s = await realCustomerLogin(t);
    const me = (await (await s.get("/api/auth/user")).json()) as { id: string; email: string; firstName: string; lastName: string };
    alice = { s, id: me.id, email: me.email, name: `${me.firstName} ${me.lastName}` };
    await placeOk(s, [selectionOf(pool.next())], 1_000);
    multipleId = (await placeOk(s, [selectionOf(pool.next()), selectionOf(pool.next())], 2_000)).bet.id;
    bigId = (await placeOk(s, [selectionOf(pool.next((e) => e.sport === "tennis"))], 45_000)).bet.id;
  });

  it("pages every bet newest first with a total", async () => {
    const expected = await column(`SELECT b.id FROM bets b ${BET_ORDER}`);
    expect(expected.length).toBeGreaterThan(25);
    const { pages, ids: got } = await allPages(betsPage, "limit=25");
    expect(pages[0].items).toHaveLength(25);
    expect(pages.every((p) => p.total === expected.length)).toBe(true);
    expect(got).toEqual(expected);
    expect((await allPages(betsPage, "limit=100")).ids).toEqual(expected);
    const first = (await betsPage("limit=1")).items[0];
    expect(first).toMatchObject({ id: expected[0], customerEmail: expect.any(String), legs: expect.any(Array), riskProfile: { riskLevel: expect.any(String), riskScore: expect.any(Number) } });
  });

  it("a cursor is stable: bets placed meanwhile do not shift or repeat the next page", async () => {
    const first = await betsPage("limit=5");
    const second = await betsPage(`limit=5&cursor=${encodeURIComponent(first.nextCursor!)}`);
    const placed = await placeOk(alice.s, [selectionOf(pool.next())], 500);
    const again = await betsPage(`limit=5&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(ids(again.items)).toEqual(ids(second.items));
    expect(again.total).toBe(second.total + 1);
    expect((await betsPage("limit=5")).items[0].id).toBe(placed.bet.id);
  });

  it("finds a bet by id, or by the beginning of it", async () => {
    expect(ids((await betsPage(`betId=${multipleId}`)).items)).toEqual([multipleId]);
    const prefix = multipleId.slice(0, multipleId.length - 2);
    const expected = await column(`SELECT b.id FROM bets b WHERE b.id LIKE ? ${BET_ORDER}`, [`${prefix}%`]);
    expect(ids((await betsPage(`betId=${prefix}&limit=100`)).items)).toEqual(expected);
    expect((await betsPage("betId=no_such_bet")).total).toBe(0);
  });

  it("filters by customer name or email (any case)", async () => {
    const mine = await column(`SELECT b.id FROM bets b WHERE b.user_id = ? ${BET_ORDER}`, [alice.id]);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect((await allPages(betsPage, `customer=${encodeURIComponent(alice.email.toUpperCase())}`)).ids).toEqual(mine);
    const byName = await column(
      `SELECT b.id FROM bets b JOIN users u ON u.id = b.user_id WHERE (u.first_name || ' ' || u.last_name) LIKE ? OR u.email LIKE ? OR u.first_name LIKE ? OR u.last_name LIKE ? ${BET_ORDER}`,
      [`%${alice.name}%`, `%${alice.name}%`, `%${alice.name}%`, `%${alice.name}%`],
    );
    expect(byName).toEqual(expect.arrayContaining(mine));
    expect((await allPages(betsPage, `customer=${encodeURIComponent(alice.name)}`)).ids).toEqual(byName);
  });

  it("filters by event (id or name of any leg's event), sport, status, bet type and stake range", async () => {
    const bet = (await betsPage(`betId=${multipleId}`)).items[0];
    const leg = bet.legs[1];
    const byEventId = await column(`SELECT b.id FROM bets b WHERE EXISTS (SELECT 1 FROM bet_legs l WHERE l.bet_id = b.id AND l.event_id = ?) ${BET_ORDER}`, [leg.eventId]);
    expect(byEventId).toContain(multipleId);
    expect((await allPages(betsPage, `event=${leg.eventId}`)).ids).toEqual(byEventId);
    const byEventName = await column(`SELECT b.id FROM bets b WHERE EXISTS (SELECT 1 FROM bet_legs l WHERE l.bet_id = b.id AND l.event_name LIKE ?) ${BET_ORDER}`, [`%${leg.eventName}%`]);
    expect((await allPages(betsPage, `event=${encodeURIComponent(leg.eventName.toLowerCase())}`)).ids).toEqual(byEventName);

    const tennis = await column(
      `SELECT b.id FROM bets b WHERE EXISTS (SELECT 1 FROM bet_legs l JOIN events e ON e.id = l.event_id WHERE l.bet_id = b.id AND e.sport = 'tennis') ${BET_ORDER}`,
    );
    expect(tennis).toContain(bigId);
    expect((await allPages(betsPage, "sport=tennis")).ids).toEqual(tennis);

    for (const status of ["pending", "won", "lost", "void"]) {
      const expected = await column(`SELECT b.id FROM bets b WHERE b.status = ? ${BET_ORDER}`, [status]);
      expect((await allPages(betsPage, `status=${status}&limit=100`)).ids, status).toEqual(expected);
    }
    const settled = await column(`SELECT b.id FROM bets b WHERE b.status <> 'pending' ${BET_ORDER}`);
    expect(settled.length).toBeGreaterThan(0);
    expect((await allPages(betsPage, "status=settled&limit=100")).ids).toEqual(settled);

    const multiples = await column(`SELECT b.id FROM bets b WHERE b.bet_type = 'multiple' ${BET_ORDER}`);
    expect(multiples).toContain(multipleId);
    expect((await allPages(betsPage, "betType=multiple&limit=100")).ids).toEqual(multiples);

    const range = await column(`SELECT b.id FROM bets b WHERE b.stake BETWEEN 2000 AND 45000 ${BET_ORDER}`);
    expect(range).toEqual(expect.arrayContaining([multipleId, bigId]));
    expect((await allPages(betsPage, "minStake=2000&maxStake=45000&limit=100")).ids).toEqual(range);
    expect((await allPages(betsPage, "minStake=45001&limit=100")).ids).toEqual(await column(`SELECT b.id FROM bets b WHERE b.stake >= 45001 ${BET_ORDER}`));

    // Filters combine.
    expect(ids((await betsPage(`customer=${encodeURIComponent(alice.email)}&sport=tennis&minStake=45000`)).items)).toEqual([bigId]);
  });

  it("refuses bad input with a 400 naming the field", async () => {
    await expectInvalidFields(await admin.get("/api/admin/bets?limit=0"), "limit");
    await expectInvalidFields(await admin.get("/api/admin/bets?limit=101"), "limit");
    await expectInvalidFields(await admin.get("/api/admin/bets?cursor=%7B%7D"), "cursor");
    await expectInvalidFields(await admin.get("/api/admin/bets?status=open"), "status");
    await expectInvalidFields(await admin.get("/api/admin/bets?betType=parlay"), "betType");
    await expectInvalidFields(await admin.get("/api/admin/bets?minStake=-1"), "minStake");
    await expectInvalidFields(await admin.get("/api/admin/bets?maxStake=1.5"), "maxStake");
  });

  it("is for staff: anonymous 401, customer 403; a trader reads it (settling stays with admins)", async () => {
    await expectError(await who.anonymous.get("/api/admin/bets"), 401, "AUTH.REQUIRED");
    await expectError(await who.customer.get("/api/admin/bets"), 403, "AUTH.FORBIDDEN");
    expect((await who.trader.get("/api/admin/bets")).status).toBe(200);
    expect((await who.trader.get("/api/admin/all-bets")).status).toBe(200);
  });

  it("leaves GET /api/admin/all-bets answering the plain array with its limit and status", async () => {
    const res = await admin.get("/api/admin/all-bets?status=pending&limit=3");
    expect(res.status).toBe(200);
    const list = (await res.json()) as { status: string }[];
    expect(list).toHaveLength(3);
    expect(list.every((b) => b.status === "pending")).toBe(true);
  });
});

// ---- The ticker ----

type SseMessage = { event: string; data: string };

async function openTicker(s: Session, query = "") {
  const res = await s.get(`/api/admin/bet-ticker/stream${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  function parse(): SseMessage | null {
    const end = buffer.indexOf("\n\n");
    if (end < 0) return null;
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const msg: SseMessage = { event: "message", data: "" };
    for (const line of block.split("\n")) {
      if (line.startsWith("event: ")) msg.event = line.slice(7);
      else if (line.startsWith("data: ")) msg.data += line.slice(6);
    }
    return msg;
  }
  /** The next message; a stream that sends nothing for 5 s fails the test (no data is lost to the timeout). */
  async function next(ms = 5000): Promise<SseMessage> {
    const deadline = Date.now() + ms;
    for (;;) {
      const msg = parse();
      if (msg) return msg;
      pending ??= reader.read();
      const left = Math.max(1, deadline - Date.now());
      const r = await Promise.race([pending, new Promise<"timeout">((ok) => setTimeout(() => ok("timeout"), left))]);
      if (r === "timeout") throw new Error("no message on the ticker in time");
      pending = null;
      if (r.done) throw new Error("the ticker stream ended");
      buffer += decoder.decode(r.value, { stream: true });
    }
  }
  async function nextBet(): Promise<TickerItem> {
    for (;;) {
      const m = await next();
      if (m.event === "bet") return JSON.parse(m.data) as TickerItem;
    }
  }
  return { next, nextBet, close: () => reader.cancel() };
}

describe("GET /api/admin/bet-ticker/stream", () => {
  it("is for staff: anonymous 401, customer 403 (JSON, not a stream); a trader watches it", async () => {
    await expectError(await who.anonymous.get("/api/admin/bet-ticker/stream"), 401, "AUTH.REQUIRED");
    await expectError(await who.customer.get("/api/admin/bet-ticker/stream"), 403, "AUTH.FORBIDDEN");
    await expectInvalidFields(await admin.get("/api/admin/bet-ticker/stream?large=yes"), "large");
    const traderTicker = await openTicker(who.trader);
    try {
      expect((await traderTicker.next()).event).toBe("ping");
    } finally {
      await traderTicker.close();
    }
  });

  it("pushes a placed bet with time, customer, selections, stake, price, potential return and flags", async () => {
    const ticker = await openTicker(admin);
    try {
      expect((await ticker.next()).event).toBe("ping");
      const s = await realCustomerLogin(t);
      const me = (await (await s.get("/api/auth/user")).json()) as { id: string; email: string; firstName: string; lastName: string };
      const event = pool.next();
      const sel = selectionOf(event);
      const placed = await placeOk(s, [sel], 60_000);
      const item = await ticker.nextBet();
      expect(item).toEqual({
        betId: placed.bet.id,
        placedAt: placed.bet.placedAt,
        customerId: me.id,
        customerName: `${me.firstName} ${me.lastName}`,
        customerEmail: me.email,
        betType: "single",
        selections: [{ eventId: event.id, eventName: event.name, marketName: event.markets[0].name, selectionName: event.markets[0].outcomes[0].name, odds: sel.odds }],
        stake: 60_000,
        odds: placed.bet.totalOdds,
        potentialReturn: placed.bet.potentialReturn,
        flags: { largeStake: true, sharp: false },
        demo: false,
        customerKind: "sample",
      });
      // 500.00 is not over the threshold; a customer a trader has limited is sharp.
      const sharp = await realCustomerLogin(t);
      const sharpId = await currentUserId(sharp);
      expect((await put(who.trader, `/api/trading/customers/${sharpId}/stake-factor`, { factor: 0.1 })).status).toBe(200);
      const small = await placeOk(sharp, [selectionOf(pool.next())], 50_000);
      const next = await ticker.nextBet();
      expect(next).toMatchObject({ betId: small.bet.id, customerId: sharpId, stake: 50_000, flags: { largeStake: false, sharp: true } });
    } finally {
      await ticker.close();
    }
  });

  it("filters: large stakes only, sharp customers only", async () => {
    const large = await openTicker(admin, "?large=1");
    const sharpOnly = await openTicker(admin, "?sharp=1");
    try {
      await large.next();
      await sharpOnly.next();
      const plain = await realCustomerLogin(t);
      const sharp = await realCustomerLogin(t);
      expect((await put(who.trader, `/api/trading/customers/${await currentUserId(sharp)}/stake-factor`, { factor: 0.5 })).status).toBe(200);
      await placeOk(plain, [selectionOf(pool.next())], 1_000); // neither
      const sharpSmall = await placeOk(sharp, [selectionOf(pool.next())], 1_000); // sharp only
      const plainLarge = await placeOk(plain, [selectionOf(pool.next())], 70_000); // large only
      expect((await large.nextBet()).betId).toBe(plainLarge.bet.id);
      expect((await sharpOnly.nextBet()).betId).toBe(sharpSmall.bet.id);
    } finally {
      await large.close();
      await sharpOnly.close();
    }
  });
});
