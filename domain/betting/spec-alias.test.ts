import { describe, expect, it } from "vitest";
import { centsOfDollars, dollarsOf, isSpecSelection, specSelectionTarget } from "./spec-alias.ts";
import type { EventView } from "../shared/types.ts";

describe("centsOfDollars", () => {
  it("converts whole and decimal dollar strings to cents exactly", () => {
    expect(centsOfDollars("10")).toBe(1000);
    expect(centsOfDollars("2.50")).toBe(250);
    expect(centsOfDollars("2.5")).toBe(250);
    expect(centsOfDollars("0.07")).toBe(7);
    expect(centsOfDollars("19.99")).toBe(1999); // 19.99 * 100 is 1998.9999... in floating point
    expect(centsOfDollars("0")).toBe(0);
  });
  it("refuses more than 2 decimals, signs, exponents and text", () => {
    for (const bad of ["2.505", "-1", "+1", "1e3", "abc", "", " 10", "10.", ".5", "1,000"]) expect(centsOfDollars(bad)).toBeNull();
  });
});

describe("dollarsOf", () => {
  it("prints cents as dollars with two decimals", () => {
    expect(dollarsOf(2150)).toBe("21.50");
    expect(dollarsOf(5)).toBe("0.05");
    expect(dollarsOf(0)).toBe("0.00");
    expect(dollarsOf(-250)).toBe("-2.50");
    expect(dollarsOf(123456789)).toBe("1234567.89");
  });
});

const event = (sport: "soccer" | "tennis", withDraw: boolean): EventView => ({
  id: "ev1", sport, sportName: sport, league: "L", homeTeam: "A", awayTeam: "B", name: "A vs B", description: "",
  startTime: new Date(0), status: "upcoming", minute: null, homeScore: null, awayScore: null, featured: false, updatedAt: new Date(0),
  markets: [
    { id: "ev1-m2", eventId: "ev1", type: "over_under", name: "Total", status: "open", outcomes: [
      { id: "ev1-m2-o1", name: "Over 2.5", priceMilli: 1900, updatedAt: new Date(0), code: "over" },
      { id: "ev1-m2-o2", name: "Under 2.5", priceMilli: 1900, updatedAt: new Date(0), code: "under" },
    ] },
    { id: "ev1-m1", eventId: "ev1", type: "full_time_result", name: "Match Result", status: "open", outcomes: [
      { id: "ev1-m1-o1", name: "A", priceMilli: 2100, updatedAt: new Date(0), code: "home" },
      ...(withDraw ? [{ id: "ev1-m1-o2", name: "Draw", priceMilli: 3300, updatedAt: new Date(0), code: "draw" }] : []),
      { id: "ev1-m1-o3", name: "B", priceMilli: 3500, updatedAt: new Date(0), code: "away" },
    ] },
  ],
});

describe("specSelectionTarget", () => {
  it("maps home/draw/away to the outcomes of the event's match-result market", () => {
    const e = event("soccer", true);
    expect(specSelectionTarget(e, "ev1", "home")).toEqual({ ok: true, value: { eventId: "ev1", marketId: "ev1-m1", outcomeId: "ev1-m1-o1" } });
    expect(specSelectionTarget(e, "ev1", "draw")).toEqual({ ok: true, value: { eventId: "ev1", marketId: "ev1-m1", outcomeId: "ev1-m1-o2" } });
    expect(specSelectionTarget(e, "ev1", "away")).toEqual({ ok: true, value: { eventId: "ev1", marketId: "ev1-m1", outcomeId: "ev1-m1-o3" } });
  });
  it("refuses an unknown event, and a draw where the sport has none", () => {
    const none = specSelectionTarget(null, "nope", "home");
    expect(none.ok || none.error.code).toBe("BET.SELECTION_NOT_FOUND");
    const draw = specSelectionTarget(event("tennis", false), "ev1", "draw");
    expect(draw.ok || draw.error.code).toBe("BET.SELECTION_NOT_FOUND");
  });
  it("recognises the spec's selection by its market id", () => {
    expect(isSpecSelection({ marketId: "match-winner" })).toBe(true);
    expect(isSpecSelection({ marketId: "evt_001-m1" })).toBe(false);
  });
});
