import { describe, expect, it } from "vitest";
import { settledOnText } from "./settled-terms.ts";

describe("the terms a bet is settled on after withdrawals", () => {
  it("reads as the customer sees it, pending and settled, win only", () => {
    expect(settledOnText({ fractionNum: 1, fractionDen: 4, places: 2, runners: 7 }, true)).toBe("E/W terms now 1/4 1-2: 7 runners");
    expect(settledOnText({ fractionNum: 1, fractionDen: 4, places: 2, runners: 7 }, false)).toBe("Settled on E/W 1/4 1-2: 7 runners");
    expect(settledOnText({ fractionNum: 1, fractionDen: 1, places: 1, runners: 4 }, true)).toBe("E/W terms now win only: 4 runners");
  });
});
