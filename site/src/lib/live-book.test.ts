import { describe, expect, it } from "vitest";
import type { Event } from "../../../api/schemas/events.ts";
import { inPlayDelay, legStates, liveLabel, secondsLeft, type SlipLeg } from "./live-book.ts";

const event = (over: Partial<Event> = {}): Event => ({
  id: "evt_1", sport: "soccer", sportName: "Soccer", league: "EPL", homeTeam: "A", awayTeam: "B", name: "A vs B",
  description: "", startTime: "2026-01-01T10:00:00.000Z", status: "live", minute: 60, homeScore: 1, awayScore: 0,
  featured: false, clock: "60'", suspended: false, inPlayDelaySeconds: 5,
  markets: [
    { id: "m1", type: "full_time_result", name: "Match Result", status: "open", line: null, outcomes: [{ id: "o1", name: "A", odds: "1.50" }, { id: "o2", name: "Draw", odds: "3.60" }, { id: "o3", name: "B", odds: "6.00" }] },
    { id: "m2", type: "correct_score", name: "Correct Score", status: "open", line: null, outcomes: [{ id: "cs10", name: "1-0", odds: "3.00" }] },
  ],
  ...over,
});

const leg = (outcomeId: string, marketId = "m1", eventId = "evt_1"): SlipLeg => ({
  id: outcomeId, eventId, marketId, outcomeId, selectionName: `Pick ${outcomeId}`, marketName: `Market ${marketId}`, eventName: "A vs B",
});

describe("liveLabel", () => {
  it("shows the feed's clock, else the minute, else LIVE alone", () => {
    expect(liveLabel({ clock: "HT", minute: 45 })).toBe("LIVE HT");
    expect(liveLabel({ clock: "Q3 04:12", minute: null })).toBe("LIVE Q3 04:12");
    expect(liveLabel({ clock: null, minute: 67 })).toBe("LIVE 67'");
    expect(liveLabel({ minute: null })).toBe("LIVE");
  });
});

describe("legStates", () => {
  it("an offered outcome of an open market on a running event is open", () => {
    expect(legStates([leg("o1")], [event()])).toEqual({ o1: { kind: "open" } });
  });

  it("a suspended event or market suspends its legs, which stay on the slip", () => {
    expect(legStates([leg("o1")], [event({ suspended: true })]).o1.kind).toBe("suspended");
    const m = event().markets;
    expect(legStates([leg("o1")], [event({ markets: [{ ...m[0], status: "suspended" }, m[1]] })]).o1.kind).toBe("suspended");
  });

  it("an outcome that left its market (decided) is gone, and says so", () => {
    const m = event().markets;
    const states = legStates([leg("cs00", "m2"), leg("o1")], [event({ markets: m })]);
    expect(states.cs00).toEqual({ kind: "gone", reason: "Pick cs00 is already decided and no longer offered" });
    expect(states.o1.kind).toBe("open");
  });

  it("a decided outcome wins over a suspension: it will not reopen", () => {
    expect(legStates([leg("cs00", "m2")], [event({ suspended: true })]).cs00.kind).toBe("gone");
  });

  it("a closed or missing market and a finished event are gone", () => {
    const m = event().markets;
    expect(legStates([leg("o1")], [event({ markets: [{ ...m[0], status: "closed" }] })]).o1.kind).toBe("gone");
    expect(legStates([leg("o1", "m9")], [event()]).o1.kind).toBe("gone");
    expect(legStates([leg("o1")], [event({ status: "finished" })]).o1).toEqual({ kind: "gone", reason: "A vs B has finished: no more bets" });
  });

  it("an event the list never held is left to the server; a live one that left the list is over", () => {
    expect(legStates([leg("o1")], [])).toEqual({ o1: { kind: "open" } });
    expect(legStates([leg("o1")], undefined)).toEqual({ o1: { kind: "open" } });
    expect(legStates([leg("o1")], [], new Set(["evt_1"])).o1.kind).toBe("gone");
  });

  it("a race that is off has closed for good: running, or past its start before the feed says so", () => {
    const off = { kind: "gone", reason: "A vs B is off: betting on this race has closed" };
    expect(legStates([leg("o1")], [event({ sport: "racing", status: "live", suspended: true })]).o1).toEqual(off);
    const start = Date.parse("2026-01-01T10:00:00.000Z");
    const upcoming = event({ sport: "racing", status: "upcoming" });
    expect(legStates([leg("o1")], [upcoming], new Set(), start).o1).toEqual(off);
    expect(legStates([leg("o1")], [upcoming], new Set(), start - 1).o1.kind).toBe("open");
    // A match past its start is only waiting to be priced in play: not gone.
    expect(legStates([leg("o1")], [event({ status: "upcoming" })], new Set(), start).o1.kind).toBe("open");
  });
});

describe("inPlayDelay", () => {
  it("is the longest wait of the legs' live events, and none for pre-match legs", () => {
    const events = [event(), event({ id: "evt_2", inPlayDelaySeconds: 8 }), event({ id: "evt_3", status: "upcoming", inPlayDelaySeconds: 30 })];
    expect(inPlayDelay([{ eventId: "evt_1" }], events)).toBe(5);
    expect(inPlayDelay([{ eventId: "evt_1" }, { eventId: "evt_2" }], events)).toBe(8);
    expect(inPlayDelay([{ eventId: "evt_3" }], events)).toBe(0);
    expect(inPlayDelay([{ eventId: "evt_1" }], undefined)).toBe(0);
  });
});

describe("secondsLeft", () => {
  it("counts whole seconds down to zero and stays there", () => {
    expect(secondsLeft(1_000, 5, 1_000)).toBe(5);
    expect(secondsLeft(1_000, 5, 2_001)).toBe(4);
    expect(secondsLeft(1_000, 5, 5_999)).toBe(1);
    expect(secondsLeft(1_000, 5, 6_000)).toBe(0);
    expect(secondsLeft(1_000, 5, 60_000)).toBe(0);
  });
});
