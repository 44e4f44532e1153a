import { describe, expect, it } from "vitest";
import { eachWayMostNow, reformRace, termsForNewBets } from "./race-reform.ts";

const field = (prices: number[]) => prices.map((p, i) => ({ outcomeId: `r${i + 1}`, priceMilli: p }));

describe("re-forming a race without a runner", () => {
  it("eight runners less the 1.46 favourite: the other seven's 55.6% renormalised, 118% put back by the power method, rounded down the ladder", () => {
    const r = reformRace(field([6000, 8000, 11000, 15000, 21000, 29000, 41000]), { fractionNum: 1, fractionDen: 5, places: 3 }, 8);
    expect(r.prices.map((p) => p.priceMilli)).toEqual([2980, 3870, 5160, 6840, 9280, 12400, 17000]);
    expect(r.book).toBeGreaterThanOrEqual(1.18);
    expect(r).toMatchObject({ runners: 7, reopens: true, eachWay: { fractionNum: 1, fractionDen: 4, places: 2 } });
    expect(r.closedPrices[0]).toEqual({ outcomeId: "r1", priceMilli: 6000, deduction: 15 });
  });

  it("the terms for new bets: kept while the band holds, the band's below it, none in a field of 2-4, never as many places as runners", () => {
    const fifth3 = { fractionNum: 1, fractionDen: 5, places: 3 };
    expect(termsForNewBets(fifth3, 9, 8)).toEqual(fifth3);
    expect(termsForNewBets(fifth3, 8, 7)).toEqual({ fractionNum: 1, fractionDen: 4, places: 2 });
    expect(termsForNewBets({ fractionNum: 1, fractionDen: 4, places: 2 }, 5, 4)).toBeNull();
    expect(termsForNewBets(null, 9, 8)).toBeNull();
    // A trader's 1/4 four places in a field of 6 down to 5 (same band): at most 4 places with 5 runners.
    expect(termsForNewBets({ fractionNum: 1, fractionDen: 4, places: 5 }, 6, 5)).toEqual({ fractionNum: 1, fractionDen: 4, places: 4 });
  });

  it("the most an each-way bet can return: 5.00 e/w at 5.00 struck in 5 runners, now 4, 25p: win only 2 x (5.00 + 20.00 x 0.75) = 40.00", () => {
    const bet = { stake: 1000, eachWay: { fractionNum: 1, fractionDen: 4, places: 2 }, oddsMilli: 5000 };
    expect(eachWayMostNow(bet, { atStrike: 5, atOff: 5 }, 0)).toBe(3500); // as struck: 25.00 + 10.00
    expect(eachWayMostNow(bet, { atStrike: 5, atOff: 4 }, 25)).toBe(4000);
    expect(eachWayMostNow(bet, { atStrike: 5, atOff: 4 }, 0)).toBe(5000); // stake x odds
  });
});
