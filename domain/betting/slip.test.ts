import { describe, expect, it } from "vitest";
import {
  addSelection, emptySlip, potentialProfit, potentialReturn, removeSelection, repriceSelections, totalOddsMilli, validateSlip,
  type SlipSelection,
} from "./slip.ts";

const sel = (id: string, eventId: string, oddsMilli: number): SlipSelection => ({
  id, eventId, marketId: `${eventId}-m1`, outcomeId: id, eventName: eventId, marketName: "Match Result", selectionName: id, oddsMilli,
});

describe("bet slip", () => {
  it("ignores a selection already on the slip", () => {
    const a = addSelection(emptySlip, sel("o1", "e1", 2000));
    expect(addSelection(a, sel("o1", "e1", 2000))).toBe(a);
    expect(a.selections).toHaveLength(1);
  });
  it("is a single with one selection and a multiple with more, also after removal", () => {
    let s = addSelection(emptySlip, sel("o1", "e1", 2000));
    expect(s.betType).toBe("single");
    s = addSelection(s, sel("o2", "e2", 1500));
    expect(s.betType).toBe("multiple");
    s = removeSelection(s, "o1");
    expect(s.betType).toBe("single");
    expect(s.selections.map((x) => x.id)).toEqual(["o2"]);
  });
  it("total odds: the first selection's for a single, the product for a multiple", () => {
    const single = addSelection(emptySlip, sel("o1", "e1", 2150));
    expect(totalOddsMilli(single)).toBe(2150);
    const multi = addSelection(single, sel("o2", "e2", 2000));
    expect(totalOddsMilli(multi)).toBe(4300);
    expect(totalOddsMilli(emptySlip)).toBe(0);
  });
  it("potential return = stake x total odds; profit = return - stake; nothing without stake", () => {
    const multi = addSelection(addSelection(emptySlip, sel("o1", "e1", 2150)), sel("o2", "e2", 2000));
    expect(potentialReturn(multi, 1000)).toBe(4300);
    expect(potentialProfit(multi, 1000)).toBe(3300);
    expect(potentialReturn(multi, 0)).toBe(0);
  });
  it("reprices moved selections and leaves the rest", () => {
    const s = addSelection(addSelection(emptySlip, sel("o1", "e1", 2150)), sel("o2", "e2", 2000));
    const r = repriceSelections(s, new Map([["o2", 1900]]));
    expect(r.selections.map((x) => x.oddsMilli)).toEqual([2150, 1900]);
    expect(r.selections[0]).toBe(s.selections[0]);
  });
  describe("validation", () => {
    const one = [{ eventId: "e1", outcomeId: "o1" }];
    const two = [{ eventId: "e1", outcomeId: "o1" }, { eventId: "e2", outcomeId: "o2" }];
    it("needs a selection", () =>
      expect(validateSlip({ selections: [], stakeCents: 100, betType: "single" })?.code).toBe("BET.NO_SELECTIONS"));
    it("needs a stake above 0, at least 1.00, whole cents", () => {
      expect(validateSlip({ selections: one, stakeCents: null, betType: "single" })?.code).toBe("BET.INVALID_STAKE");
      expect(validateSlip({ selections: one, stakeCents: 0, betType: "single" })?.code).toBe("BET.INVALID_STAKE");
      expect(validateSlip({ selections: one, stakeCents: -5, betType: "single" })?.code).toBe("BET.INVALID_STAKE");
      expect(validateSlip({ selections: one, stakeCents: 10.5, betType: "single" })?.code).toBe("BET.INVALID_STAKE");
      expect(validateSlip({ selections: one, stakeCents: 99, betType: "single" })?.code).toBe("BET.STAKE_TOO_LOW");
      expect(validateSlip({ selections: one, stakeCents: 100, betType: "single" })).toBeNull();
      expect(validateSlip({ selections: one, stakeCents: 10_000_001, betType: "single" })?.code).toBe("BET.STAKE_TOO_HIGH");
    });
    it("bet type must match the count", () => {
      expect(validateSlip({ selections: one, stakeCents: 100, betType: "multiple" })?.code).toBe("BET.TYPE_MISMATCH");
      expect(validateSlip({ selections: two, stakeCents: 100, betType: "single" })?.code).toBe("BET.TYPE_MISMATCH");
      expect(validateSlip({ selections: two, stakeCents: 100, betType: "multiple" })).toBeNull();
    });
    it("a multiple may not hold two selections of one event, nor the same selection twice", () => {
      const sameEvent = [{ eventId: "e1", outcomeId: "o1" }, { eventId: "e1", outcomeId: "o3" }];
      const p = validateSlip({ selections: sameEvent, stakeCents: 100, betType: "multiple" });
      expect(p?.code).toBe("BET.SAME_EVENT_IN_MULTIPLE");
      expect(p && "eventIds" in p ? p.eventIds : []).toEqual(["e1"]);
      const dup = [{ eventId: "e1", outcomeId: "o1" }, { eventId: "e2", outcomeId: "o1" }];
      expect(validateSlip({ selections: dup, stakeCents: 100, betType: "multiple" })?.code).toBe("BET.DUPLICATE_SELECTION");
    });
  });
});
