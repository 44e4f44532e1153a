/**
 * Property tests of domain/trading/race-reform.ts (fast-check lives out of domain/, see
 * tests/architecture): whatever the field and its prices, a race re-formed after a non-runner is
 * priced at or above the race's target book, on the ladder, each runner's share of the book kept in
 * order; the each-way terms for new bets follow the field; and the most an each-way bet can return
 * never falls when the field shrinks (before Rule 4).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { eachWayMostNow, reformRace, termsForNewBets } from "../../../domain/trading/race-reform.ts";
import { targetOverround } from "../../../domain/pricing/index.ts";
import { ladderDown } from "../../../domain/pricing/margin.ts";
import { defaultPlaceTerms } from "../../../domain/settlement/each-way.ts";

const TARGET = targetOverround({ type: "full_time_result", line: null, codes: ["r1", "r2"] }, "racing");
/** A price on the ladder between 1.01 and 1000 (thousandths). */
const price = fc.integer({ min: 1010, max: 1_000_000 }).map((p) => ladderDown(p));
const book = (prices: readonly number[]) => prices.reduce((s, p) => s + 1000 / p, 0);

describe("a re-formed race", () => {
  it("property: every re-formed book is at or above the target, every price on the ladder in [1.01, 1000], longer before stays longer after", () => {
    fc.assert(
      fc.property(fc.array(price, { minLength: 3, maxLength: 24 }), fc.nat(), (field, pick) => {
        const gone = pick % field.length;
        const remaining = field.map((p, i) => ({ outcomeId: `r${i + 1}`, priceMilli: p })).filter((_, i) => i !== gone);
        const r = reformRace(remaining, defaultPlaceTerms(field.length), field.length);
        expect(r.runners).toBe(field.length - 1);
        expect(r.reopens).toBe(true);
        const prices = r.prices.map((p) => p.priceMilli);
        expect(r.prices.map((p) => p.outcomeId)).toEqual(remaining.map((x) => x.outcomeId));
        expect(book(prices)).toBeGreaterThanOrEqual(TARGET);
        expect(r.book).toBeCloseTo(book(prices), 12);
        for (const p of prices) {
          expect(p).toBeGreaterThanOrEqual(1010);
          expect(p).toBeLessThanOrEqual(1_000_000);
          expect(ladderDown(p)).toBe(p);
        }
        // A runner that was longer than another is never shorter after (ties may come from the ladder).
        for (let i = 0; i < remaining.length; i++)
          for (let j = 0; j < remaining.length; j++)
            if (remaining[i].priceMilli < remaining[j].priceMilli) expect(prices[i]).toBeLessThanOrEqual(prices[j]);
        // The closed market's prices are the ones the runners had, with their Rule 4 deductions.
        expect(r.closedPrices.map((c) => c.priceMilli)).toEqual(remaining.map((x) => x.priceMilli));
      }),
      { numRuns: 500 },
    );
  });

  it("property: the each-way terms for new bets are the new field's band, never more places than before, none in a field of 2-4", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 30 }), fc.integer({ min: 1, max: 10 }), (before, gone) => {
        const after = Math.max(1, before - gone);
        const current = defaultPlaceTerms(before);
        const t = termsForNewBets(current, before, after);
        if (!current || after < 5) {
          expect(t).toBeNull();
          return;
        }
        expect(t).not.toBeNull();
        expect(t!.places).toBeLessThan(after);
        expect(t!.places).toBeLessThanOrEqual(current.places);
        expect(t).toEqual(defaultPlaceTerms(after));
      }),
    );
  });

  it("property: an each-way bet's most possible return never falls as its field shrinks (no Rule 4), and never passes stake x odds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000 }), price, fc.integer({ min: 5, max: 30 }), fc.integer({ min: 0, max: 28 }), (unit, odds, atStrike, gone) => {
        const struck = defaultPlaceTerms(atStrike)!;
        const bet = { stake: unit * 2, eachWay: struck, oddsMilli: odds };
        const atOff = Math.max(2, atStrike - gone);
        const before = eachWayMostNow(bet, { atStrike, atOff: atStrike }, 0);
        const now = eachWayMostNow(bet, { atStrike, atOff }, 0);
        expect(now).toBeGreaterThanOrEqual(before);
        expect(now).toBeLessThanOrEqual(Math.floor((unit * 2 * odds) / 1000));
      }),
    );
  });
});

describe("re-forming a field whose favourite is withdrawn", () => {
  it("the 1.46 favourite of ten withdrawn: the nine left were a 50% book; re-formed they are at least 118%", () => {
    const field = [1460, 7500, 10000, 13000, 17000, 21000, 29000, 34000, 51000, 67000];
    const r = reformRace(field.slice(1).map((p, i) => ({ outcomeId: `r${i + 2}`, priceMilli: p })), { fractionNum: 1, fractionDen: 5, places: 3 }, 10);
    expect(book(field.slice(1))).toBeLessThan(0.52);
    expect(book(r.prices.map((p) => p.priceMilli))).toBeGreaterThanOrEqual(1.18);
    expect(r.eachWay).toEqual({ fractionNum: 1, fractionDen: 5, places: 3 }); // nine runners: the band of 8 or more
  });

  it("fewer than two runners left: no book, the market stays suspended for a trader", () => {
    const r = reformRace([{ outcomeId: "r2", priceMilli: 2000 }], { fractionNum: 1, fractionDen: 4, places: 2 }, 2);
    expect(r).toMatchObject({ prices: [], reopens: false, eachWay: null, runners: 1, book: 0 });
  });
});
