import { describe, expect, it } from "vitest";
import { combinedOddsMilli } from "../shared/odds.ts";
import type { MarketType } from "../shared/types.ts";
import { mulberry32 } from "../shared/prng.ts";
import { applyMargin } from "./margin.ts";
import { fairProbabilities, priceMarket } from "./price.ts";
import { checkSgmLegs, priceSgm, sgmJointProbability, subsetKey, subsetPrices, type SgmLegSpec } from "./sgm.ts";
import type { MatchModel, MatchState } from "./state.ts";

const pre = (sport: MatchState["sport"] = "soccer"): MatchState => ({ sport, phase: "pre", clock: 0, length: 5400, period: 1, home: 0, away: 0 });
const model = (homeRate: number, awayRate: number, sport: MatchState["sport"] = "soccer", drawPossible = true): MatchModel => ({
  sport,
  homeRate,
  awayRate,
  drawPossible,
});

const MARKETS: Record<string, { type: MarketType; line: number | null; codes: string[] }> = {
  result: { type: "full_time_result", line: null, codes: ["home", "draw", "away"] },
  ou25: { type: "over_under", line: 2.5, codes: ["over", "under"] },
  ou15: { type: "over_under", line: 1.5, codes: ["over", "under"] },
  ou35: { type: "over_under", line: 3.5, codes: ["over", "under"] },
  btts: { type: "both_teams_score", line: null, codes: ["yes", "no"] },
  hcp: { type: "handicap", line: -1.5, codes: ["home", "away"] },
  cs: { type: "correct_score", line: null, codes: ["0-0", "1-0", "2-1", "1-1", "other"] },
};

/** A leg on one of MARKETS, offered at its margined single-market price at `state`. */
function leg(market: keyof typeof MARKETS, code: string, state: MatchState, m: MatchModel): SgmLegSpec {
  const spec = MARKETS[market];
  const prices = priceMarket(spec, state, m);
  const offered = prices[spec.codes.indexOf(code)] ?? 1010;
  return { key: `${market}:${code}`, marketId: market, type: spec.type, line: spec.line, code, marketCodes: spec.codes, offeredMilli: offered };
}

/** Brute force, written independently of the pricer: the Poisson grid summed cell by cell. */
function bruteForce(state: MatchState, m: MatchModel, win: (h: number, a: number) => boolean): number {
  // A soccer rate is per 90 minutes and the 6 of stoppage expected (2 at half time, 4 at full time).
  const f = Math.max(0, (state.length - state.clock + (state.period <= 1 ? 360 : 240)) / (state.length + 360));
  const pois = (mu: number, k: number) => {
    let p = Math.exp(-mu);
    for (let i = 1; i <= k; i++) p = (p * mu) / i;
    return p;
  };
  let s = 0;
  for (let i = 0; i < 40; i++) for (let j = 0; j < 40; j++) if (win(state.home + i, state.away + j)) s += pois(m.homeRate * f, i) * pois(m.awayRate * f, j);
  return s;
}

describe("the same game multi pricer", () => {
  it("joint probability equals the brute-force sum over the score grid", () => {
    const s = pre();
    const m = model(1.6, 1.1);
    const legs = [leg("result", "home", s, m), leg("ou25", "over", s, m), leg("btts", "yes", s, m)];
    const brute = bruteForce(s, m, (h, a) => h > a && h + a > 2.5 && h >= 1 && a >= 1);
    expect(sgmJointProbability(legs, s, m)).toBeCloseTo(brute, 9);
    // in play from 1-0 at 60 minutes
    const live: MatchState = { ...s, phase: "live", clock: 3600, period: 2, home: 1, away: 0 };
    const brute2 = bruteForce(live, m, (h, a) => h > a && h + a < 2.5);
    expect(sgmJointProbability([leg("result", "home", live, m), leg("ou25", "under", live, m)], live, m)).toBeCloseTo(brute2, 9);
  });

  it("a single leg's joint probability is the single market's fair probability", () => {
    const s = pre();
    const m = model(1.4, 1.2);
    const fair = fairProbabilities(MARKETS.btts, s, m)!;
    expect(sgmJointProbability([leg("btts", "yes", s, m)], s, m)).toBeCloseTo(fair[0], 9);
  });

  it("refuses contradictory legs: joint probability 0", () => {
    const s = pre();
    const m = model(1.5, 1.2);
    for (const legs of [
      [leg("result", "draw", s, m), leg("hcp", "home", s, m)],
      [leg("result", "home", s, m), leg("ou15", "under", s, m), leg("btts", "yes", s, m)],
      [leg("cs", "0-0", s, m), leg("btts", "yes", s, m)],
    ]) {
      expect(sgmJointProbability(legs, s, m)).toBe(0);
      const r = checkSgmLegs(legs, s, m);
      expect(r.ok ? null : r.code).toBe("SGM.CONTRADICTORY_LEGS");
    }
  });

  it("refuses a correct score with any other leg, and legs that imply each other", () => {
    const s = pre();
    const m = model(1.5, 1.2);
    const cs = checkSgmLegs([leg("cs", "2-1", s, m), leg("result", "home", s, m), leg("ou25", "over", s, m), leg("btts", "yes", s, m)], s, m);
    expect(cs.ok ? null : cs.code).toBe("SGM.CORRELATED_LEGS");
    const over = checkSgmLegs([leg("ou25", "over", s, m), leg("ou15", "over", s, m)], s, m);
    expect(over.ok ? null : over.code).toBe("SGM.CORRELATED_LEGS");
    const hcp = checkSgmLegs([leg("hcp", "home", s, m), leg("result", "home", s, m)], s, m);
    expect(hcp.ok ? null : hcp.code).toBe("SGM.CORRELATED_LEGS");
    // Not implied: home win and over 2.5 (1-0 wins one only; 1-2 the other only).
    expect(checkSgmLegs([leg("result", "home", s, m), leg("ou25", "over", s, m)], s, m).ok).toBe(true);
  });

  it("refuses two legs of one market, and what no joint model covers", () => {
    const s = pre();
    const m = model(1.5, 1.2);
    const same = checkSgmLegs([leg("result", "home", s, m), { ...leg("result", "draw", s, m) }], s, m);
    expect(same.ok ? null : same.code).toBe("SGM.SAME_MARKET");
    const nba = pre("basketball");
    const b = model(110, 105, "basketball", false);
    const r = priceSgm([leg("result", "home", nba, b), leg("ou25", "over", nba, b)], nba, b);
    expect(r.ok ? null : r.code).toBe("SGM.NOT_OFFERED");
    const whole = { ...leg("ou25", "over", s, m), line: 2 };
    const w = priceSgm([leg("result", "home", s, m), whole], s, m);
    expect(w.ok ? null : w.code).toBe("SGM.NOT_OFFERED");
  });

  it("prices home win + over 2.5 from the joint probability with the margin, below the leg product", () => {
    const s = pre();
    const m = model(1.6, 1.1);
    const legs = [leg("result", "home", s, m), leg("ou25", "over", s, m)];
    const q = priceSgm(legs, s, m);
    expect(q.ok).toBe(true);
    if (!q.ok) return;
    // The line [p, 1 - p] margined at 1.06 (margin.ts), and not above the product of the offered prices
    const cap = combinedOddsMilli(legs.map((l) => l.offeredMilli));
    expect(q.oddsMilli).toBe(Math.min(applyMargin([q.probability, 1 - q.probability], 1.06)[0]!, cap));
    expect(q.oddsMilli).toBeLessThan(1000 / q.probability);
  });

  it("property: for positively correlated legs the price is never above the independent product", () => {
    const rnd = mulberry32(1818);
    const pool: [keyof typeof MARKETS, string][] = [
      ["result", "home"], ["result", "away"], ["result", "draw"], ["ou25", "over"], ["ou25", "under"],
      ["btts", "yes"], ["btts", "no"], ["hcp", "home"], ["hcp", "away"],
    ];
    let checked = 0;
    for (let n = 0; n < 1500; n++) {
      const m = model(0.3 + rnd() * 3, 0.3 + rnd() * 3, rnd() < 0.8 ? "soccer" : "hockey", true);
      m.sport === "hockey" && Object.assign(m, { drawPossible: rnd() < 0.5 });
      const clock = rnd() < 0.5 ? 0 : Math.floor(rnd() * 5000);
      const s: MatchState = { ...pre(m.sport), phase: clock ? "live" : "pre", clock, period: clock > 2700 ? 2 : 1, home: Math.floor(rnd() * 2), away: Math.floor(rnd() * 2) };
      if (m.sport === "hockey") s.length = 3600;
      const picks = [...pool].sort(() => rnd() - 0.5);
      const chosen: [keyof typeof MARKETS, string][] = [];
      for (const p of picks) if (!chosen.some((c) => c[0] === p[0]) && chosen.length < 2 + Math.floor(rnd() * 2)) chosen.push(p);
      const legs = chosen.map(([mk, c]) => leg(mk, c, s, m));
      const joint = sgmJointProbability(legs, s, m)!;
      const marginals = legs.map((l) => sgmJointProbability([l], s, m)!);
      const independent = marginals.reduce((x, y) => x * y, 1);
      if (!(joint >= independent) || joint <= 0) continue; // only positively correlated legs
      const q = priceSgm(legs, s, m);
      if (!q.ok) continue; // refused (implied legs): nothing is offered
      checked++;
      // The fair joint price is at most the fair independent product ...
      expect(1 / joint).toBeLessThanOrEqual(1 / independent + 1e-9);
      // ... and the offered SGM price at most the product of the legs' offered prices.
      expect(q.oddsMilli).toBeLessThanOrEqual(combinedOddsMilli(legs.map((l) => l.offeredMilli)));
      // The margin is applied: the price is never above the fair joint price.
      expect(1000 / q.oddsMilli).toBeGreaterThanOrEqual(joint - 1e-9);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("prices every subset for grading with a void leg: a leg alone is its offered price", () => {
    const s = pre();
    const m = model(1.6, 1.1);
    const legs = [leg("result", "home", s, m), leg("ou25", "over", s, m), leg("btts", "yes", s, m)];
    const table = subsetPrices(legs, s, m);
    expect(Object.keys(table)).toHaveLength(7);
    expect(table[subsetKey([legs[1].key])]).toBe(legs[1].offeredMilli);
    const two = priceSgm([legs[0], legs[2]], s, m);
    expect(two.ok && table[subsetKey([legs[2].key, legs[0].key])]).toBe(two.ok ? two.oddsMilli : -1);
    const all = priceSgm(legs, s, m);
    expect(table[subsetKey(legs.map((l) => l.key))]).toBe(all.ok ? all.oddsMilli : -1);
  });
});
