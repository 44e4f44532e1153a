import { describe, expect, it } from "vitest";
import type { Event } from "../../../api/schemas/events.ts";
import type { SlipSelection } from "../../../domain/betting/slip.ts";
import { parseStoredSlip, revalidateStoredSlip, serializeSlip, SLIP_MAX_AGE_MS } from "./stored-slip.ts";

const sel = (id: string, oddsMilli = 2100, eventId = "e1", marketId = "m1"): SlipSelection => ({
  id, eventId, marketId, outcomeId: id, eventName: "A vs B", marketName: "Result", selectionName: `Pick ${id}`, oddsMilli,
});

const event = (markets: Event["markets"], id = "e1"): Event => ({
  id, sport: "afl", sportName: "AFL", league: "AFL", homeTeam: "A", awayTeam: "B", name: "A vs B", description: "",
  startTime: "2026-11-26T10:00:00.000Z", status: "upcoming", minute: null, homeScore: null, awayScore: null, featured: false,
  clock: null, suspended: false, inPlayDelaySeconds: 0, markets,
});
const market = (status: "open" | "suspended" | "closed", outcomes: { id: string; odds: string; result?: "won" | "lost" | "void" }[], id = "m1") => ({
  id, type: "full_time_result" as const, name: "Result", status, line: null, outcomes: outcomes.map((o) => ({ name: o.id, ...o })),
});

const NOW = 1_800_000_000_000;

describe("stored slip: serialize and parse", () => {
  it("round-trips selections, stake and bet type", () => {
    const raw = serializeSlip({ selections: [sel("a"), sel("b", 1500, "e2")], betType: "multiple" }, "12.50", NOW);
    expect(parseStoredSlip(raw, NOW + 1000)).toEqual({
      v: 1, savedAt: NOW, betType: "multiple", stake: "12.50", selections: [sel("a"), sel("b", 1500, "e2")],
    });
  });

  it("ignores nothing stored, bad JSON, another version, an empty slip and a slip older than a day", () => {
    expect(parseStoredSlip(null, NOW)).toBeNull();
    expect(parseStoredSlip("{not json", NOW)).toBeNull();
    expect(parseStoredSlip(JSON.stringify({ v: 2, savedAt: NOW, selections: [sel("a")] }), NOW)).toBeNull();
    expect(parseStoredSlip(serializeSlip({ selections: [], betType: "single" }, "5", NOW), NOW)).toBeNull();
    const old = serializeSlip({ selections: [sel("a")], betType: "single" }, "5", NOW);
    expect(parseStoredSlip(old, NOW + SLIP_MAX_AGE_MS)).not.toBeNull();
    expect(parseStoredSlip(old, NOW + SLIP_MAX_AGE_MS + 1)).toBeNull();
  });

  it("drops malformed selections and duplicates, and defaults an unknown bet type and stake", () => {
    const raw = JSON.stringify({
      v: 1, savedAt: NOW, betType: "accumulator", stake: 5,
      selections: [sel("a"), sel("a"), { ...sel("b"), oddsMilli: "2.10" }, { ...sel("c"), oddsMilli: 1000 }, { ...sel("d"), eventId: "" }, null],
    });
    expect(parseStoredSlip(raw, NOW)).toEqual({ v: 1, savedAt: NOW, betType: "single", stake: "", selections: [sel("a")] });
  });
});

describe("stored slip: re-validated against the open events", () => {
  it("keeps selections at an unchanged price with nothing marked", () => {
    const r = revalidateStoredSlip([sel("a")], [event([market("open", [{ id: "a", odds: "2.10" }])])]);
    expect(r).toEqual({ selections: [sel("a")], changed: {}, removedNames: [] });
  });

  it("takes a moved price and remembers the stored one as changed", () => {
    const r = revalidateStoredSlip([sel("a", 2100)], [event([market("open", [{ id: "a", odds: "2.30" }])])]);
    expect(r.selections).toEqual([sel("a", 2300)]);
    expect(r.changed).toEqual({ a: 2100 });
    expect(r.removedNames).toEqual([]);
  });

  it("keeps a suspended market's selection (the slip waits for it to reopen)", () => {
    const r = revalidateStoredSlip([sel("a")], [event([market("suspended", [{ id: "a", odds: "2.10" }])])]);
    expect(r.selections).toHaveLength(1);
  });

  it("removes and names selections whose event, market or outcome is gone, or whose market closed or outcome was decided", () => {
    const stored = [sel("gone-event", 2100, "e9"), sel("gone-market", 2100, "e1", "m9"), sel("gone-outcome"), sel("closed", 2100, "e2"), sel("decided", 2100, "e3"), sel("a")];
    const events = [
      event([market("open", [{ id: "a", odds: "2.10" }])]),
      event([market("closed", [{ id: "closed", odds: "2.10" }])], "e2"),
      event([market("open", [{ id: "decided", odds: "2.10", result: "lost" }])], "e3"),
    ];
    const r = revalidateStoredSlip(stored, events);
    expect(r.selections.map((s) => s.id)).toEqual(["a"]);
    expect(r.removedNames).toEqual(["Pick gone-event", "Pick gone-market", "Pick gone-outcome", "Pick closed", "Pick decided"]);
  });
});
