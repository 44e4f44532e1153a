import { describe, expect, it } from "vitest";
import { eachWayFigures, eachWayLabel, eachWayTermsFor } from "./each-way.ts";
import type { Event } from "../../../../api/schemas/events.ts";

const events = [{ id: "e1", markets: [{ id: "m1", eachWay: { fractionNum: 1, fractionDen: 5, places: 3 } }, { id: "m2" }] }] as unknown as Event[];

describe("the slip's each-way option", () => {
  it("offered only where the market has terms", () => {
    expect(eachWayTermsFor(events, { eventId: "e1", marketId: "m1" })).toEqual({ fractionNum: 1, fractionDen: 5, places: 3 });
    expect(eachWayTermsFor(events, { eventId: "e1", marketId: "m2" })).toBeNull();
    expect(eachWayTermsFor(undefined, { eventId: "e1", marketId: "m1" })).toBeNull();
    expect(eachWayLabel({ fractionNum: 1, fractionDen: 5, places: 3 })).toBe("Each way (E/W 1/5 1-2-3)");
  });

  it("5.00 e/w at 9.00, 1/5 three places: costs 10.00, may return 58.00", () => {
    expect(eachWayFigures(500, 9000, { fractionNum: 1, fractionDen: 5, places: 3 })).toEqual({ totalStake: 1000, potentialReturn: 5800, profit: 4800 });
  });
});
