/**
 * The Events port: event views with markets and outcomes in sort order, listings by status in
 * their orders, priced outcomes, stake volumes, counts, and a forward-only status change written
 * with its audit record in one write (finishing closes the markets).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Ports } from "../../domain/ports/index.ts";
import type { EventStatus } from "../../domain/shared/types.ts";
import { adaptersUnderTest, type AdapterUnderTest, type Harness } from "./harness.ts";
import { aCustomer, anAudit, anEvent, aPlan, aSettlement, at, SPORTS, standardCatalog } from "./fixtures.ts";

export function eventsContract(adapter: AdapterUnderTest) {
  let h: Harness;
  let p: Ports;
  beforeEach(async () => {
    h = await adapter.factory();
    p = h.ports;
    await h.addCatalog(standardCatalog());
  });
  afterEach(() => h.close());

  const ids = (events: { id: string }[]) => events.map((e) => e.id);

  describe("findById", () => {
    it("the event with its sport's name, clock, score and markets with their outcomes", async () => {
      expect(await p.events.findById("ev_live_s")).toEqual({
        id: "ev_live_s",
        sport: "soccer",
        sportName: "Soccer",
        league: "Test League",
        homeTeam: "ev_live_s Home",
        awayTeam: "ev_live_s Away",
        name: "ev_live_s Home vs ev_live_s Away",
        description: "Test League: ev_live_s Home v ev_live_s Away",
        startTime: at(-30),
        status: "live",
        minute: 30,
        homeScore: 1,
        awayScore: 0,
        featured: false,
        updatedAt: at(-30),
        suspendedUntil: null,
        state: null,
        markets: [
          {
            id: "ev_live_s-m1",
            eventId: "ev_live_s",
            type: "full_time_result",
            name: "Match Result",
            status: "open",
            line: null,
            settled: false,
            eachWay: null,
            reformedAt: null,
            outcomes: [
              { id: "ev_live_s-m1-o1", name: "Home", priceMilli: 2100, updatedAt: at(-30), code: null, result: null },
              { id: "ev_live_s-m1-o2", name: "Draw", priceMilli: 3400, updatedAt: at(-30), code: null, result: null },
              { id: "ev_live_s-m1-o3", name: "Away", priceMilli: 3600, updatedAt: at(-30), code: null, result: null },
            ],
          },
          {
            id: "ev_live_s-m2",
            eventId: "ev_live_s",
            type: "over_under",
            name: "Total Goals Over/Under 2.5",
            status: "open",
            line: null,
            settled: false,
            eachWay: null,
            reformedAt: null,
            outcomes: [
              { id: "ev_live_s-m2-o1", name: "Over 2.5", priceMilli: 1850, updatedAt: at(-30), code: null, result: null },
              { id: "ev_live_s-m2-o2", name: "Under 2.5", priceMilli: 1950, updatedAt: at(-30), code: null, result: null },
            ],
          },
        ],
      });
      expect((await p.events.findById("ev_up_b"))?.featured).toBe(true);
      expect((await p.events.findById("ev_up_t"))?.sportName).toBe("Tennis");
    });

    it("markets by their sort order and outcomes by theirs, whatever order they were stored in", async () => {
      await h.addCatalog({
        events: [{
          id: "ev_sorted",
          sport: "soccer",
          homeTeam: "H",
          awayTeam: "A",
          startTime: at(30),
          markets: [
            { id: "mk_z", name: "Third", sortOrder: 2, outcomes: [{ id: "oc_z1", name: "z1", priceMilli: 2000 }] },
            {
              id: "mk_y", name: "First", sortOrder: 0,
              outcomes: [
                { id: "oc_y3", name: "y3", priceMilli: 3000, sortOrder: 2 },
                { id: "oc_y1", name: "y1", priceMilli: 1500, sortOrder: 0 },
                { id: "oc_y2", name: "y2", priceMilli: 2500, sortOrder: 1 },
              ],
            },
            { id: "mk_x", name: "Second", sortOrder: 1, outcomes: [{ id: "oc_x1", name: "x1", priceMilli: 1900 }] },
          ],
        }],
      });
      const e = await p.events.findById("ev_sorted");
      expect(e?.markets.map((m) => [m.id, m.outcomes.map((o) => o.id)])).toEqual([
        ["mk_y", ["oc_y1", "oc_y2", "oc_y3"]],
        ["mk_x", ["oc_x1"]],
        ["mk_z", ["oc_z1"]],
      ]);
    });

    it("null for an unknown event", async () => {
      expect(await p.events.findById("nope")).toBeNull();
    });
  });

  describe("list", () => {
    it("upcoming and live: by start time, ties by id", async () => {
      expect(ids(await p.events.list({ status: "upcoming", limit: 50 }))).toEqual(["ev_up_t", "ev_up_a", "ev_up_b"]);
      expect(ids(await p.events.list({ status: "live", limit: 50 }))).toEqual(["ev_live_k", "ev_live_s"]);
    });

    it("finished: latest start first", async () => {
      expect(ids(await p.events.list({ status: "finished", limit: 50 }))).toEqual(["ev_fin_s", "ev_fin_t"]);
    });

    it("open: live first, then upcoming, each by start time", async () => {
      expect(ids(await p.events.list({ status: "open", limit: 50 }))).toEqual(["ev_live_k", "ev_live_s", "ev_up_t", "ev_up_a", "ev_up_b"]);
    });

    it("all: live, upcoming, then finished, each by start time", async () => {
      expect(ids(await p.events.list({ status: "all", limit: 50 }))).toEqual([
        "ev_live_k", "ev_live_s", "ev_up_t", "ev_up_a", "ev_up_b", "ev_fin_t", "ev_fin_s",
      ]);
    });

    it("limit keeps the first rows of the order", async () => {
      expect(ids(await p.events.list({ status: "open", limit: 3 }))).toEqual(["ev_live_k", "ev_live_s", "ev_up_t"]);
      expect(ids(await p.events.list({ status: "finished", limit: 1 }))).toEqual(["ev_fin_s"]);
      expect(await p.events.list({ status: "all", limit: 0 })).toEqual([]);
    });

    it("sport narrows any status", async () => {
      expect(ids(await p.events.list({ status: "all", limit: 50, sport: "tennis" }))).toEqual(["ev_up_t", "ev_fin_t"]);
      expect(ids(await p.events.list({ status: "open", limit: 50, sport: "soccer" }))).toEqual(["ev_live_s", "ev_up_a", "ev_up_b"]);
      expect(ids(await p.events.list({ status: "live", limit: 50, sport: "basketball" }))).toEqual(["ev_live_k"]);
      expect(await p.events.list({ status: "upcoming", limit: 50, sport: "golf" })).toEqual([]);
    });

    it("each listed event is the full view findById gives", async () => {
      const listed = await p.events.list({ status: "all", limit: 50 });
      for (const e of listed) expect(e).toEqual(await p.events.findById(e.id));
    });
  });

  describe("pricedOutcomes", () => {
    it("each known outcome once, with its market and event; unknown ids are left out", async () => {
      await h.setMarketStatus("ev_fin_s-m2", "suspended");
      const found = await p.events.pricedOutcomes(["ev_up_a-m1-o2", "nope", "ev_fin_s-m2-o1", "ev_up_a-m1-o2"]);
      expect([...found].sort((a, b) => (a.outcomeId < b.outcomeId ? -1 : 1))).toEqual([
        {
          outcomeId: "ev_fin_s-m2-o1",
          outcomeName: "Over 2.5",
          priceMilli: 1850,
          marketId: "ev_fin_s-m2",
          marketName: "Total Goals Over/Under 2.5",
          marketStatus: "suspended",
          eventId: "ev_fin_s",
          eventName: "ev_fin_s Home vs ev_fin_s Away",
          eventStatus: "finished",
          sport: "soccer",
          eventStartTime: expect.any(Date),
          eventSuspendedUntil: null,
          outcomeResult: null,
          eachWay: null,
          marketReformedAt: null,
          outcomeUpdatedAt: expect.any(Date),
        },
        {
          outcomeId: "ev_up_a-m1-o2",
          outcomeName: "Draw",
          priceMilli: 3400,
          marketId: "ev_up_a-m1",
          marketName: "Match Result",
          marketStatus: "open",
          eventId: "ev_up_a",
          eventName: "ev_up_a Home vs ev_up_a Away",
          eventStatus: "upcoming",
          sport: "soccer",
          eventStartTime: expect.any(Date),
          eventSuspendedUntil: null,
          outcomeResult: null,
          eachWay: null,
          marketReformedAt: null,
          outcomeUpdatedAt: expect.any(Date),
        },
      ]);
    });

    it("the current price after a move; nothing for no ids", async () => {
      await h.setPrice("ev_up_a-m1-o1", 2250);
      expect((await p.events.pricedOutcomes(["ev_up_a-m1-o1"]))[0].priceMilli).toBe(2250);
      expect(await p.events.pricedOutcomes([])).toEqual([]);
    });
  });

  describe("volumes", () => {
    it("the stakes of every bet (pending or settled) with a leg on each event", async () => {
      await aCustomer(p, "c1", 100_000);
      await p.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }] }));
      await p.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 500, legs: [{ eventId: "ev_up_a" }, { eventId: "ev_live_s" }] }));
      await p.bets.place(aPlan({ betId: "b3", userId: "c1", stake: 200, legs: [{ eventId: "ev_up_b" }] }));
      await p.bets.settle(aSettlement({ betId: "b3", userId: "c1", status: "lost", actualReturn: 0, legResults: [{ legId: "b3-1", result: "lost" }] }));
      // A refused bet adds nothing.
      await p.bets.place(aPlan({ betId: "b4", userId: "c1", stake: 900, legs: [{ eventId: "ev_up_t", oddsMilli: 9999 }] }));

      const v = await p.events.volumes(["ev_up_a", "ev_live_s", "ev_up_b", "ev_up_t", "nope"]);
      expect(v.get("ev_up_a")).toBe(1500);
      expect(v.get("ev_live_s")).toBe(500);
      expect(v.get("ev_up_b")).toBe(200);
      expect(v.get("ev_up_t") ?? 0).toBe(0);
      expect(v.get("nope") ?? 0).toBe(0);
      expect((await p.events.volumes(["ev_live_s"])).get("ev_up_a")).toBeUndefined();
      expect((await p.events.volumes([])).size).toBe(0);
    });

    // placeBet refuses such a multiple (BET.SAME_EVENT_IN_MULTIPLE), but the port accepts it, and a
    // sum over leg rows would count the stake twice.
    it("a bet with two legs on one event counts its stake once", async () => {
      await aCustomer(p, "c1", 100_000);
      await p.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 700, legs: [{ eventId: "ev_up_a" }, { eventId: "ev_up_a", marketId: "ev_up_a-m2", oddsMilli: 1850 }] }));
      expect((await p.events.volumes(["ev_up_a"])).get("ev_up_a")).toBe(700);
    });
  });

  describe("changeStatus", () => {
    const change = (eventId: string, to: EventStatus, minute: number | null = null, homeScore: number | null = null, awayScore: number | null = null) =>
      ({ eventId, to, at: at(5), minute, homeScore, awayScore });
    const audit = (eventId: string, id = `aud_${eventId}`) =>
      anAudit(id, { action: "event.status", entityType: "event", entityId: eventId, before: { status: "x" }, after: { status: "y" }, createdAt: at(5) });

    it("upcoming -> live: status, clock, score and update time, with the audit record; markets stay open", async () => {
      expect(await p.events.changeStatus(change("ev_up_a", "live", 0, 0, 0), audit("ev_up_a"))).toBe(true);
      const e = await p.events.findById("ev_up_a");
      expect(e).toMatchObject({ status: "live", minute: 0, homeScore: 0, awayScore: 0, updatedAt: at(5) });
      expect(e?.markets.map((m) => m.status)).toEqual(["open", "open"]);
      expect((await h.rows()).audit).toEqual([{
        id: "aud_ev_up_a",
        actorId: "usr_admin",
        actorRole: "admin",
        action: "event.status",
        entityType: "event",
        entityId: "ev_up_a",
        before: { status: "x" },
        after: { status: "y" },
        createdAt: at(5).getTime(),
      }]);
    });

    it("live -> finished closes every market of the event (suspended ones too), and only that event's", async () => {
      await h.setMarketStatus("ev_live_s-m2", "suspended");
      expect(await p.events.changeStatus(change("ev_live_s", "finished", 90, 2, 1), audit("ev_live_s"))).toBe(true);
      expect(await p.events.findById("ev_live_s")).toMatchObject({ status: "finished", minute: 90, homeScore: 2, awayScore: 1 });
      const rows = await h.rows();
      expect(rows.markets.filter((m) => m.eventId === "ev_live_s").map((m) => [m.status, m.updatedAt])).toEqual([
        ["closed", at(5).getTime()],
        ["closed", at(5).getTime()],
      ]);
      expect(rows.markets.filter((m) => m.eventId !== "ev_live_s" && m.eventId !== "ev_fin_s" && m.eventId !== "ev_fin_t").every((m) => m.status === "open")).toBe(true);
    });

    it("upcoming -> finished (abandoned) closes the markets, and the event then takes no bets", async () => {
      await aCustomer(p, "c1", 10_000);
      expect(await p.events.changeStatus(change("ev_up_a", "finished"), audit("ev_up_a"))).toBe(true);
      expect((await p.events.findById("ev_up_a"))?.markets.map((m) => m.status)).toEqual(["closed", "closed"]);
      expect(await p.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 100, legs: [{ eventId: "ev_up_a" }] }))).toEqual({ kind: "odds_changed" });
    });

    const refused: [string, EventStatus, EventStatus][] = [
      ["ev_up_a", "upcoming", "upcoming"],
      ["ev_live_s", "live", "live"],
      ["ev_live_s", "live", "upcoming"],
      ["ev_fin_s", "finished", "finished"],
      ["ev_fin_s", "finished", "live"],
      ["ev_fin_s", "finished", "upcoming"],
    ];
    for (const [eventId, from, to] of refused)
      it(`${from} -> ${to} is refused: false, and nothing is written`, async () => {
        const before = await h.rows();
        expect(await p.events.changeStatus(change(eventId, to, 50, 3, 3), audit(eventId))).toBe(false);
        expect(await h.rows()).toEqual(before);
      });

    it("two moves to the same status: the second is refused", async () => {
      expect(await p.events.changeStatus(change("ev_up_b", "live", 0, 0, 0), audit("ev_up_b", "aud_1"))).toBe(true);
      expect(await p.events.changeStatus(change("ev_up_b", "live", 0, 0, 0), audit("ev_up_b", "aud_2"))).toBe(false);
      expect((await h.rows()).audit.map((a) => a.id)).toEqual(["aud_1"]);
    });

    // An UPDATE of no row fires no trigger, so the write must check that the event exists.
    it("an unknown event: false, and no audit record", async () => {
      const before = await h.rows();
      expect(await p.events.changeStatus(change("ghost", "live"), audit("ghost"))).toBe(false);
      expect(await h.rows()).toEqual(before);
    });

    it("a change whose audit record cannot be written (a used id) throws and changes nothing", async () => {
      await p.events.changeStatus(change("ev_up_b", "live", 0, 0, 0), audit("ev_up_b", "aud_same"));
      const before = await h.rows();
      await expect(p.events.changeStatus(change("ev_live_s", "finished"), audit("ev_live_s", "aud_same"))).rejects.toThrow();
      expect(await h.rows()).toEqual(before);
    });
  });

  describe("counts", () => {
    it("events per status, following status changes", async () => {
      expect(await p.events.counts()).toEqual({ upcoming: 3, live: 2, finished: 2 });
      await p.events.changeStatus({ eventId: "ev_up_a", to: "live", at: at(1), minute: 0, homeScore: 0, awayScore: 0 }, anAudit("a1"));
      await p.events.changeStatus({ eventId: "ev_live_k", to: "finished", at: at(1), minute: 48, homeScore: 99, awayScore: 98 }, anAudit("a2"));
      expect(await p.events.counts()).toEqual({ upcoming: 2, live: 2, finished: 3 });
    });

    it("zero for every status in an empty catalog", async () => {
      const empty = await adapter.factory();
      try {
        await empty.addCatalog({ sports: SPORTS, events: [] });
        expect(await empty.ports.events.counts()).toEqual({ upcoming: 0, live: 0, finished: 0 });
        expect(await empty.ports.events.list({ status: "all", limit: 10 })).toEqual([]);
      } finally {
        empty.close();
      }
    });
  });

  it("an event seeded without markets is listed with none", async () => {
    await h.addCatalog({ events: [{ ...anEvent("ev_bare", { startTime: at(10) }), markets: [] }] });
    expect((await p.events.findById("ev_bare"))?.markets).toEqual([]);
    expect(ids(await p.events.list({ status: "upcoming", limit: 1 }))).toEqual(["ev_bare"]);
  });
}

for (const adapter of adaptersUnderTest) describe(`Events contract (${adapter.name})`, () => eventsContract(adapter));
