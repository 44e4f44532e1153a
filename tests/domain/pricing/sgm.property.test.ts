/**
 * Property tests of the bet builder's price (domain/pricing/sgm.ts, sgm-margin.ts), with fast-check
 * over match models, states and combinations of legs: an offered same game multi is never above the
 * product of its legs; its implied probability is at least p x (1 + the legs' margin); every subset
 * price stored for re-grading a void leg is at most the whole bet's price.
 */
import { describe, it } from "vitest";
import fc from "fast-check";
import { combinedOddsMilli } from "../../../domain/shared/odds.ts";
import type { MarketType, MatchModel, MatchState } from "../../../domain/shared/types.ts";
import { priceMarket } from "../../../domain/pricing/price.ts";
import { priceSgm, struckSubsetPrices, subsetKey, subsetPrices, type SgmLegSpec } from "../../../domain/pricing/sgm.ts";
import { sgmMargin, sgmPriceFromProbability } from "../../../domain/pricing/sgm-margin.ts";

const pre = (): MatchState => ({ sport: "soccer", phase: "pre", clock: 0, length: 5400, period: 1, home: 0, away: 0 });
const model = (homeRate: number, awayRate: number): MatchModel => ({ sport: "soccer", homeRate, awayRate, drawPossible: true });

const MARKETS: Record<string, { type: MarketType; line: number | null; codes: string[] }> = {
  result: { type: "full_time_result", line: null, codes: ["home", "draw", "away"] },
  ou25: { type: "over_under", line: 2.5, codes: ["over", "under"] },
  ou35: { type: "over_under", line: 3.5, codes: ["over", "under"] },
  btts: { type: "both_teams_score", line: null, codes: ["yes", "no"] },
  hcp: { type: "handicap", line: -1.5, codes: ["home", "away"] },
};

/** A leg on one of MARKETS, offered at its margined single-market price at `state`. */
function leg(market: keyof typeof MARKETS, code: string, state: MatchState, m: MatchModel): SgmLegSpec {
  const spec = MARKETS[market];
  const prices = priceMarket(spec, state, m);
  const offered = prices[spec.codes.indexOf(code)] ?? 1010;
  return { key: `${market}:${code}`, marketId: market, type: spec.type, line: spec.line, code, marketCodes: spec.codes, offeredMilli: offered };
}

describe("the SGM price from a joint probability", () => {
  it("property: at most the product, implied probability at least p x (1 + margin), on the ladder", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-4, max: 1, noNaN: true }), fc.integer({ min: 2, max: 4 }), fc.integer({ min: 1010, max: 1_000_000 }), (p, n, product) => {
        const price = sgmPriceFromProbability(p, n, product);
        if (price === null) return Math.min(1000 / (p * (1 + sgmMargin(n))), product) < 1010;
        return price <= product && price >= 1010 && 1000 / price >= p * (1 + sgmMargin(n)) - 1e-12;
      }),
      { numRuns: 2000 },
    );
  });
});

describe("same game multi prices (fast-check over models, states and combinations)", () => {
  const POOL: [keyof typeof MARKETS, string][] = [
    ["result", "home"], ["result", "away"], ["result", "draw"], ["ou25", "over"], ["ou25", "under"], ["ou35", "over"], ["ou35", "under"],
    ["btts", "yes"], ["btts", "no"], ["hcp", "home"], ["hcp", "away"],
  ];
  const arbitraryCase = fc.record({
    home: fc.double({ min: 0.2, max: 3.5, noNaN: true }),
    away: fc.double({ min: 0.2, max: 3.5, noNaN: true }),
    clock: fc.oneof(fc.constant(0), fc.integer({ min: 60, max: 5300 })),
    score: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })),
    picks: fc.shuffledSubarray(POOL, { minLength: 2, maxLength: 4 }),
  });
  type Case = { home: number; away: number; clock: number; score: [number, number]; picks: [keyof typeof MARKETS, string][] };
  const build = (c: Case) => {
    const m = model(c.home, c.away);
    const s: MatchState = c.clock === 0 ? pre() : { ...pre(), phase: "live", clock: c.clock, period: c.clock > 2700 ? 2 : 1, home: c.score[0], away: c.score[1] };
    const seen = new Set<string>();
    const legs = c.picks.filter(([mk]) => !seen.has(mk) && !!seen.add(mk)).map(([mk, code]) => leg(mk, code, s, m));
    return { m, s, legs };
  };

  it("property: an offered SGM is never above the product of its legs", () => {
    fc.assert(
      fc.property(arbitraryCase, (c) => {
        const { m, s, legs } = build(c);
        const q = priceSgm(legs, s, m);
        return !q.ok || q.oddsMilli <= combinedOddsMilli(legs.map((l) => l.offeredMilli));
      }),
      { numRuns: 400 },
    );
  });

  it("property: every stored subset price is at most the full price, and the full set is the full price", () => {
    fc.assert(
      fc.property(arbitraryCase, (c) => {
        const { m, s, legs } = build(c);
        const q = priceSgm(legs, s, m);
        if (!q.ok) return true;
        const table = subsetPrices(legs, s, m, q.oddsMilli);
        return table[subsetKey(legs.map((l) => l.key))] === q.oddsMilli && Object.values(table).every((v) => v >= 1010 && v <= q.oddsMilli);
      }),
      { numRuns: 400 },
    );
  });

  it("property: a bet struck before tables were stored gets subsets at most its struck price", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1010, max: 50_000 }), { minLength: 2, maxLength: 4 }), fc.double({ min: 0.3, max: 1, noNaN: true }), (odds, f) => {
        const legs = odds.map((oddsMilli, i) => ({ id: `b-${i + 1}`, oddsMilli }));
        const struck = Math.max(1010, Math.floor(combinedOddsMilli(odds) * f));
        const table = struckSubsetPrices(legs, struck);
        return table[subsetKey(legs.map((l) => l.id))] === struck && Object.values(table).every((v) => v >= 1010 && v <= struck);
      }),
      { numRuns: 500 },
    );
  });

});
