import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Event, LiveOddsItem } from "../../../api/schemas/events.ts";
import { applyLiveOdds } from "./live-stream.ts";

const item = (over: Partial<LiveOddsItem> = {}): LiveOddsItem => ({
  id: "evt_1", sport: "soccer", sportName: "Soccer", league: "EPL", homeTeam: "A", awayTeam: "B", name: "A vs B",
  startTime: "2026-01-01T10:00:00.000Z", status: "live", minute: 10, homeScore: 0, awayScore: 0, volume: 0,
  lastUpdate: "2026-01-01T10:10:00.000Z", marketId: "m1", marketName: "Match Result", marketStatus: "open", clock: "10'", suspended: false,
  odds: { home: "2.00", draw: "3.00", away: "4.00" },
  outcomes: [{ id: "o1", name: "A", odds: "2.00" }, { id: "o2", name: "Draw", odds: "3.00" }, { id: "o3", name: "B", odds: "4.00" }],
  ...over,
});

const event: Event = {
  id: "evt_1", sport: "soccer", sportName: "Soccer", league: "EPL", homeTeam: "A", awayTeam: "B", name: "A vs B",
  description: "", startTime: "2026-01-01T10:00:00.000Z", status: "upcoming", minute: null, homeScore: null, awayScore: null,
  featured: false, clock: null, suspended: false, inPlayDelaySeconds: 0,
  markets: [
    { id: "m1", type: "full_time_result", name: "Match Result", status: "open", line: null, outcomes: [{ id: "o1", name: "A", odds: "1.90" }, { id: "o2", name: "Draw", odds: "3.10" }, { id: "o3", name: "B", odds: "4.20" }] },
    { id: "m2", type: "over_under", name: "Goals", status: "open", line: 2.5, outcomes: [{ id: "o4", name: "Over", odds: "1.80" }] },
  ],
};

describe("applyLiveOdds", () => {
  it("replaces, adds and removes live items in the live-odds list", () => {
    const client = new QueryClient();
    client.setQueryData(["/api/live-odds"], [item()]);
    applyLiveOdds(client, item({ outcomes: [{ id: "o1", name: "A", odds: "2.20" }], minute: 11 }));
    expect(client.getQueryData<LiveOddsItem[]>(["/api/live-odds"])?.[0]).toMatchObject({ minute: 11, outcomes: [{ odds: "2.20" }] });
    applyLiveOdds(client, item({ id: "evt_2" }));
    expect(client.getQueryData<LiveOddsItem[]>(["/api/live-odds"])?.map((i) => i.id)).toEqual(["evt_1", "evt_2"]);
    applyLiveOdds(client, item({ status: "finished" }));
    expect(client.getQueryData<LiveOddsItem[]>(["/api/live-odds"])?.map((i) => i.id)).toEqual(["evt_2"]);
  });

  it("patches the event in every cached events list: status, score and the match-winner prices", () => {
    const client = new QueryClient();
    client.setQueryData(["/api/events", "open", 200, "all"], [event]);
    client.setQueryData(["/api/events", "upcoming", 10, "all"], [event]);
    applyLiveOdds(client, item({ homeScore: 1, marketStatus: "suspended" }));
    for (const key of [["/api/events", "open", 200, "all"], ["/api/events", "upcoming", 10, "all"]]) {
      const [e] = client.getQueryData<Event[]>(key)!;
      expect(e).toMatchObject({ status: "live", homeScore: 1, minute: 10 });
      expect(e.markets[0]).toMatchObject({ status: "suspended", outcomes: [{ odds: "2.00" }, { odds: "3.00" }, { odds: "4.00" }] });
      expect(e.markets[1]).toBe(event.markets[1]);
    }
  });

  it("keeps outcomes the item does not carry (a withdrawn runner stays on the card) and reprices the others", () => {
    const client = new QueryClient();
    const withdrawn = { id: "o3", name: "B", odds: "4.20", withdrawn: true, result: "void" as const };
    const card = { ...event, markets: [{ ...event.markets[0], outcomes: [event.markets[0].outcomes[0], event.markets[0].outcomes[1], withdrawn] }, event.markets[1]] };
    client.setQueryData(["/api/events", "open", 200, "all"], [card]);
    applyLiveOdds(client, item({ outcomes: [{ id: "o1", name: "A", odds: "2.50" }, { id: "o2", name: "Draw", odds: "2.90" }] }));
    const [e] = client.getQueryData<Event[]>(["/api/events", "open", 200, "all"])!;
    expect(e.markets[0].outcomes.map((o) => [o.id, o.odds])).toEqual([["o1", "2.50"], ["o2", "2.90"], ["o3", "4.20"]]);
    expect(e.markets[0].outcomes[2]).toBe(withdrawn);
  });

  it("drops an outcome the match has decided (missing from the item, not withdrawn)", () => {
    const client = new QueryClient();
    client.setQueryData(["/api/events", "open", 200, "all"], [event]);
    applyLiveOdds(client, item({ outcomes: [{ id: "o1", name: "A", odds: "2.50" }] }));
    const [e] = client.getQueryData<Event[]>(["/api/events", "open", 200, "all"])!;
    expect(e.markets[0].outcomes.map((o) => o.id)).toEqual(["o1"]);
  });

  it("leaves lists without the event untouched", () => {
    const client = new QueryClient();
    const list = [{ ...event, id: "evt_9" }];
    client.setQueryData(["/api/events", "open", 200, "all"], list);
    applyLiveOdds(client, item());
    expect(client.getQueryData(["/api/events", "open", 200, "all"])).toBe(list);
  });
});
