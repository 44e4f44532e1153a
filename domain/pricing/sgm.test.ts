import { describe, expect, it } from "vitest";
import { combinedOddsMilli } from "../shared/odds.ts";
import type { MarketType, MatchModel, MatchState } from "../shared/types.ts";
import { mulberry32 } from "../shared/prng.ts";
import { fairProbabilities, priceMarket } from "./price.ts";
import { checkSgmLegs, priceSgm, sgmJointProbability, struckSubsetPrices, subsetKey, subsetPrices, type SgmLegSpec } from "./sgm.ts";
import { SGM_MARGIN_BY_LEGS, SGM_PRICING_SENTENCE, sgmMargin, sgmPriceFromProbability } from "./sgm-margin.ts";

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

  it("prices home win + over 2.5 from the joint probability with the 2-leg margin, below the leg product", () => {
    const s = pre();
    const m = model(1.6, 1.1);
    const legs = [leg("result", "home", s, m), leg("ou25", "over", s, m)];
    const q = priceSgm(legs, s, m);
    expect(q.ok).toBe(true);
    if (!q.ok) return;
    // 1 / (p x 1.10) rounded down on the ladder, and not above the product of the offered prices
    const raw = 1000 / (q.probability * 1.1);
    expect(q.oddsMilli).toBeLessThanOrEqual(raw);
    expect(q.oddsMilli).toBeGreaterThan(raw - 100);
    expect(q.oddsMilli).toBeLessThanOrEqual(combinedOddsMilli(legs.map((l) => l.offeredMilli)));
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
      // The margin is applied once: the price's implied probability is at least p x (1 + the legs' margin).
      expect(1000 / q.oddsMilli).toBeGreaterThanOrEqual(joint * (1 + sgmMargin(legs.length)) - 1e-9);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("prices every subset for grading with a void leg: a leg alone is its offered price, none above the whole", () => {
    const s = pre();
    const m = model(1.6, 1.1);
    const legs = [leg("result", "home", s, m), leg("ou25", "over", s, m), leg("btts", "yes", s, m)];
    const all = priceSgm(legs, s, m);
    if (!all.ok) throw new Error(all.message);
    const table = subsetPrices(legs, s, m, all.oddsMilli);
    expect(Object.keys(table)).toHaveLength(7);
    expect(table[subsetKey(legs.map((l) => l.key))]).toBe(all.oddsMilli);
    for (const [k, v] of Object.entries(table)) expect(v, k).toBeLessThanOrEqual(all.oddsMilli);
    // Over 2.5 at its market price is below the whole combination: its own price.
    expect(table[subsetKey([legs[1].key])]).toBe(Math.min(legs[1].offeredMilli, all.oddsMilli));
    const two = priceSgm([legs[0], legs[2]], s, m);
    expect(two.ok && table[subsetKey([legs[2].key, legs[0].key])]).toBe(two.ok ? Math.min(two.oddsMilli, all.oddsMilli) : -1);
  });

  it("is not clamped: a long combination pays its joint price, far above the old 14.30 ceiling", () => {
    // Away win, over 3.5 and both teams to score at 1.8 v 0.7 goals: a real long shot together.
    const s = pre();
    const m = model(1.8, 0.7);
    const legs = [leg("result", "away", s, m), leg("ou35", "over", s, m), leg("btts", "yes", s, m)];
    const q = priceSgm(legs, s, m);
    if (!q.ok) throw new Error(q.message);
    expect(1000 / q.probability).toBeGreaterThan(40_000);
    expect(q.oddsMilli).toBeGreaterThan(16_600);
    expect(q.oddsMilli).toBe(sgmPriceFromProbability(q.probability, 3, combinedOddsMilli(legs.map((l) => l.offeredMilli))));
  });

  it("refuses a combination priced below 1.01 with BET.SGM_PRICE_TOO_LOW", () => {
    // 1-0 up with a minute left: home win and under 3.5 are all but certain together.
    const s: MatchState = { ...pre(), phase: "live", clock: 5340, period: 2, home: 1, away: 0 };
    const m = model(1.5, 1.2);
    const r = priceSgm([leg("result", "home", s, m), leg("ou35", "under", s, m)], s, m);
    expect(r.ok ? r.oddsMilli : r.code).toBe("BET.SGM_PRICE_TOO_LOW");
  });
});

describe("the same game multi margin (sgm-margin.ts)", () => {
  it("is the documented table: 10% for 2 legs, 15% for 3, 20% for 4, and the sentence says so", () => {
    expect(SGM_MARGIN_BY_LEGS).toEqual({ 2: 0.1, 3: 0.15, 4: 0.2 });
    expect(SGM_PRICING_SENTENCE).toBe(
      "Priced as one bet from the match model's chance that every leg wins, less a margin of 10% for 2 legs, 15% for 3 and 20% for 4, and never above the legs' odds multiplied.",
    );
  });

  it("prices 1 / (p x (1 + margin)) rounded down on the ladder, capped at the product, refused below 1.01", () => {
    // p = 0.1, 3 legs: 1 / 0.115 = 8.6956 -> 8.69
    expect(sgmPriceFromProbability(0.1, 3, 50_000)).toBe(8690);
    // capped at the product 7.337, then down the ladder: 7.33
    expect(sgmPriceFromProbability(0.1, 3, 7337)).toBe(7330);
    // p = 0.005, 4 legs: 1 / 0.006 = 166.67 -> 166 (whole units from 100)
    expect(sgmPriceFromProbability(0.005, 4, 1_000_000)).toBe(166_000);
    // p = 0.92, 2 legs: 1 / 1.012 = 0.988: not offered
    expect(sgmPriceFromProbability(0.92, 2, 5000)).toBeNull();
    expect(sgmPriceFromProbability(0, 2, 5000)).toBeNull();
  });

});

describe("the subset table of a bet struck before tables were stored", () => {
  it("scales a struck price by each subset's share of the legs' product", () => {
    // struck 4.20 on 2.00 x 1.80 x 1.50 (5.40): the last two legs are 2.70 of 5.40 -> 2.10; leg 1 alone 4.20 x 2/5.4 = 1.555
    const t = struckSubsetPrices([{ id: "a", oddsMilli: 2000 }, { id: "b", oddsMilli: 1800 }, { id: "c", oddsMilli: 1500 }], 4200);
    expect(t["b|c"]).toBe(2100);
    expect(t.a).toBe(1555);
    expect(t["a|b|c"]).toBe(4200);
  });
});
