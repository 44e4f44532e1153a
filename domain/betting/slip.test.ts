import { describe, expect, it } from "vitest";
import {
  addSelection, asSameGameMulti, canBeSameGameMulti, emptySlip, potentialProfit, potentialReturn, removeSelection,
  repriceSelections, totalOddsMilli, validateSlip, type SlipSelection,
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

  describe("same game multi", () => {
    const leg = (id: string, market: string, oddsMilli: number): SlipSelection => ({
      ...sel(id, "e1", oddsMilli), marketId: `e1-${market}`,
    });
    const a = leg("o1", "m1", 2000);
    const b = leg("o2", "m2", 1800);
    const c = leg("o3", "m3", 1500);

    it("is chosen explicitly for 2-4 legs of one event from different markets, and stays one while it can", () => {
      expect(canBeSameGameMulti([a, b])).toBe(true);
      expect(canBeSameGameMulti([a])).toBe(false);
      expect(canBeSameGameMulti([a, leg("o9", "m1", 3000)])).toBe(false);
      expect(canBeSameGameMulti([a, sel("x", "e2", 2000)])).toBe(false);
      let s = asSameGameMulti(addSelection(addSelection(emptySlip, a), b));
      expect(s.betType).toBe("same_game_multi");
      s = addSelection(s, c);
      expect(s.betType).toBe("same_game_multi");
      // Another event's selection turns it back into a plain multiple; one left is a single.
      expect(addSelection(s, sel("x", "e2", 2000)).betType).toBe("multiple");
      expect(removeSelection(removeSelection(s, "o3"), "o2").betType).toBe("single");
      expect(asSameGameMulti(addSelection(emptySlip, a)).betType).toBe("single");
    });

    it("is priced at the server's quote, never from the legs' own prices, and returns stake x that price", () => {
      const s = asSameGameMulti(addSelection(addSelection(addSelection(emptySlip, a), b), c));
      // Before the quote is known the slip has no price (the legs multiplied would be 5.40).
      expect(totalOddsMilli(s)).toBe(0);
      expect(potentialReturn(s, 1000)).toBe(0);
      expect(totalOddsMilli(s, 4630)).toBe(4630);
      expect(potentialReturn(s, 1000, 4630)).toBe(4630);
      // 3.33 x 3.49 = 11.6217 -> 11.62
      expect(potentialReturn(s, 333, 3490)).toBe(1162);
      expect(potentialProfit(s, 333, 3490)).toBe(829);
    });

    it("validation: leg count, one event, one selection per market (the price floor is the pricer's, not the slip's)", () => {
      const v = (selections: Parameters<typeof validateSlip>[0]["selections"]) =>
        validateSlip({ selections, stakeCents: 100, betType: "same_game_multi" })?.code ?? null;
      expect(v([a])).toBe("BET.SGM_LEG_COUNT");
      expect(v([a, b, c, leg("o4", "m4", 1200), leg("o5", "m5", 1200)])).toBe("BET.SGM_LEG_COUNT");
      expect(v([a, sel("x", "e2", 2000)])).toBe("BET.SGM_ONE_EVENT");
      expect(v([a, leg("o9", "m1", 3000)])).toBe("BET.SGM_SAME_MARKET");
      expect(v([a, a])).toBe("BET.DUPLICATE_SELECTION");
      expect(v([leg("l1", "m1", 1050), leg("l2", "m2", 1050)])).toBeNull();
      expect(v([a, b, c])).toBeNull();
    });
  });
});
