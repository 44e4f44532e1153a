import { describe, expect, it } from "vitest";
import { gradeMarket } from "./grade.ts";
import { compoundPoisson } from "./dist.ts";
import { ballTables } from "./cricket-params.ts";
import { holeTableForRate, MEAN_MARGIN_LENGTHS, TIMED_RULES, meanValue } from "./params.ts";
import { fairProbabilities, priceMarket, quoteMarket, racingMarginOdds } from "./price.ts";
import type { MarketSpec, MatchModel, MatchState } from "../shared/types.ts";

const RESULT3: MarketSpec = { type: "full_time_result", line: null, codes: ["home", "draw", "away"] };
const RESULT2: MarketSpec = { type: "full_time_result", line: null, codes: ["home", "away"] };
const OU = (line: number): MarketSpec => ({ type: "over_under", line, codes: ["over", "under"] });
const HCP = (line: number): MarketSpec => ({ type: "handicap", line, codes: ["home", "away"] });
const BTTS: MarketSpec = { type: "both_teams_score", line: null, codes: ["yes", "no"] };
const CS: MarketSpec = {
  type: "correct_score",
  line: null,
  codes: ["1-0", "2-1", "1-1", "0-0", "0-1", "1-2", "2-0", "2-2", "other"],
};

function soccer(home: number, away: number, minute: number, over: Partial<MatchState> = {}): MatchState {
  const clock = minute * 60;
  return { sport: "soccer", phase: clock === 0 ? "pre" : "live", clock, length: 5400, period: clock >= 2700 ? 2 : 1, home, away, ...over };
}
const SOCCER: MatchModel = { sport: "soccer", homeRate: 1.5, awayRate: 1.2, drawPossible: true };
/** A soccer rate is per 90 minutes plus the 6 minutes of stoppage expected (2 at half time, 4 at full time). */
const PLAY = 5400 + 360;

function poisson(lambda: number, k: number): number {
  let p = Math.exp(-lambda);
  for (let i = 1; i <= k; i++) p *= lambda / i;
  return p;
}
/** P(home wins), P(draw) from independent Poisson goals, summed to 40 goals a side. */
function poissonResult(lh: number, la: number, lead = 0): { home: number; draw: number } {
  let home = 0;
  let draw = 0;
  for (let i = 0; i <= 40; i++)
    for (let j = 0; j <= 40; j++) {
      const p = poisson(lh, i) * poisson(la, j);
      if (lead + i > j) home += p;
      else if (lead + i === j) draw += p;
    }
  return { home, draw };
}

describe("soccer", () => {
  it("0-0 at kick-off with rates 1.5 / 1.2: P(home) within 0.01 of the exact Poisson value", () => {
    const exact = poissonResult(1.5, 1.2);
    expect(exact.home + exact.draw).toBeLessThan(1);
    const fair = fairProbabilities(RESULT3, soccer(0, 0, 0), SOCCER)!;
    expect(Math.abs(fair[0] - exact.home)).toBeLessThan(0.01);
    expect(Math.abs(fair[1] - exact.draw)).toBeLessThan(0.01);
    expect(fair[0] + fair[1] + fair[2]).toBeCloseTo(1, 12);
  });
  it("mid-match: the model is Poisson on the play left, with the stoppage still to be announced", () => {
    const s = soccer(1, 0, 60);
    const f = (1800 + 240) / PLAY; // 30 minutes and the 4 expected at full time
    const exact = poissonResult(1.5 * f, 1.2 * f, 1);
    const fair = fairProbabilities(RESULT3, s, SOCCER)!;
    expect(fair[0]).toBeCloseTo(exact.home, 9);
    expect(fair[1]).toBeCloseTo(exact.draw, 9);
  });
  it("Over 2.5 at 2-4 in the 90th minute is decided, and not offered", () => {
    const s = soccer(2, 4, 89.5);
    expect(gradeMarket(OU(2.5), s)).toEqual(["won", "lost"]);
    expect(priceMarket(OU(2.5), s, SOCCER)).toEqual([null, null]);
  });
  it('"1-0" and "0-0" are lost at 2-4, and not offered', () => {
    const s = soccer(2, 4, 70);
    const grades = gradeMarket(CS, s);
    expect(grades[CS.codes.indexOf("1-0")]).toBe("lost");
    expect(grades[CS.codes.indexOf("0-0")]).toBe("lost");
    const line = priceMarket(CS, s, SOCCER);
    expect(line[CS.codes.indexOf("1-0")]).toBeNull();
    expect(line[CS.codes.indexOf("0-0")]).toBeNull();
  });
  it("a side 4-2 up at 89' is priced below 1.10", () => {
    const line = priceMarket(RESULT3, soccer(4, 2, 89), SOCCER);
    expect(line[0]).not.toBeNull();
    expect(line[0]!).toBeLessThan(1100);
    expect(line[2]!).toBeGreaterThan(line[1]!);
  });
  it("equal rates at 0-0: equal home and away prices", () => {
    const m: MatchModel = { ...SOCCER, homeRate: 1.4, awayRate: 1.4 };
    const line = priceMarket(RESULT3, soccer(0, 0, 0), m);
    expect(line[0]).toBe(line[2]);
    const hcp = priceMarket(HCP(0), soccer(1, 1, 30), m);
    expect(hcp[0]).toBe(hcp[1]);
  });
  it("both teams to score and correct score from the same Poisson grid", () => {
    const s = soccer(1, 0, 45);
    const f = (2700 + 240) / PLAY;
    const lh = 1.5 * f;
    const la = 1.2 * f;
    const btts = fairProbabilities(BTTS, s, SOCCER)!;
    expect(btts[0]).toBeCloseTo(1 - poisson(la, 0), 9);
    const cs = fairProbabilities(CS, s, SOCCER)!;
    expect(cs[CS.codes.indexOf("2-1")]).toBeCloseTo(poisson(lh, 1) * poisson(la, 1), 9);
    expect(cs[CS.codes.indexOf("0-0")]).toBe(0);
    expect(cs.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });
  it("a whole-number handicap prices the two sides without the push: P(cover) / (1 - P(push))", () => {
    const s = soccer(0, 0, 0);
    const f = 1;
    let cover = 0;
    let push = 0;
    for (let i = 0; i <= 40; i++)
      for (let j = 0; j <= 40; j++) {
        const p = poisson(1.5 * f, i) * poisson(1.2 * f, j);
        if (i - j > 1) cover += p;
        else if (i - j === 1) push += p;
      }
    const fair = fairProbabilities(HCP(-1), s, SOCCER)!;
    expect(fair[0]).toBeCloseTo(cover / (1 - push), 9);
    expect(fair[0] + fair[1]).toBeCloseTo(1, 12);
  });
  it("a certain market prices nothing; a finished match prices nothing", () => {
    // 1-0 with no time left: a -1 handicap can only push
    const over = soccer(1, 0, 96, { length: 5760, stoppage: 360 });
    expect(priceMarket(HCP(-1), over, SOCCER)).toEqual([null, null]);
    expect(priceMarket(RESULT3, over, SOCCER)).toEqual([null, null, null]);
    expect(priceMarket(RESULT3, { ...soccer(1, 1, 90), phase: "finished" }, SOCCER)).toEqual([null, null, null]);
  });
});

describe("sports without a draw", () => {
  const NBA: MatchModel = { sport: "basketball", homeRate: 110, awayRate: 90, drawPossible: false };
  const bb = (home: number, away: number, clock: number): MatchState => ({ sport: "basketball", phase: "live", clock, length: 2880, period: 4, home, away });
  const events = TIMED_RULES.basketball.events;
  /** A side's points over `seconds` of play: compound Poisson at its rate per regulation second. */
  const points = (rate: number, seconds: number) => compoundPoisson((rate / 2880 / meanValue(events)) * seconds, events);
  it("a tie at the end of regulation goes to overtime: home wins it as often as it wins a 5-minute period that is not level", () => {
    const h = points(110, 300);
    const a = points(90, 300);
    let win = 0;
    let loss = 0;
    h.forEach((ph, i) => a.forEach((pa, j) => (i > j ? (win += ph * pa) : i < j ? (loss += ph * pa) : 0)));
    const fair = fairProbabilities(RESULT2, bb(100, 100, 2880), NBA)!;
    expect(fair[0]).toBeCloseTo(win / (win + loss), 9);
    expect(fair[0]).toBeGreaterThan(110 / 200); // a stronger side's edge shows more in a whole period than in one basket
  });
  it("2-way result sums to 1; leading sides are favourites; over/under from the two sides' points", () => {
    const s = { ...bb(50, 40, 1440), period: 2 };
    const fair = fairProbabilities(RESULT2, s, NBA)!;
    expect(fair[0] + fair[1]).toBeCloseTo(1, 12);
    expect(fair[0]).toBeGreaterThan(0.8);
    // 90 so far; over 190.5 needs 101 or more in the second half
    const h = points(110, 1440);
    const a = points(90, 1440);
    let over = 0;
    h.forEach((ph, i) => a.forEach((pa, j) => (i + j >= 101 ? (over += ph * pa) : 0)));
    expect(fairProbabilities(OU(190.5), s, NBA)![0]).toBeCloseTo(over, 9);
  });
  it("equal rates at 0-0: equal prices, in the result and on a level handicap", () => {
    const m: MatchModel = { ...NBA, awayRate: 110 };
    const pre: MatchState = { ...bb(0, 0, 0), phase: "pre", period: 1 };
    const line = priceMarket(RESULT2, pre, m);
    expect(line[0]).not.toBeNull();
    expect(line[0]).toBe(line[1]);
    const hcp = priceMarket(HCP(0), pre, m);
    expect(hcp[0]).toBe(hcp[1]);
  });
  it("MLB (Poisson, no draw): a 2-way result sums to 1", () => {
    const m: MatchModel = { sport: "mlb", homeRate: 4.6, awayRate: 4.1, drawPossible: false };
    const s: MatchState = { sport: "mlb", phase: "live", clock: 1800, length: 10800, period: 2, home: 1, away: 1 };
    const fair = fairProbabilities(RESULT2, s, m)!;
    expect(fair[0] + fair[1]).toBeCloseTo(1, 12);
    expect(fair[0]).toBeGreaterThan(0.5);
  });
  it("a 2-way market in a sport where draws stand is draw-no-bet (void on a draw)", () => {
    const m: MatchModel = { ...SOCCER, homeRate: 1.3, awayRate: 1.3 };
    const fair = fairProbabilities(RESULT2, soccer(0, 0, 0), m)!;
    expect(fair[0]).toBeCloseTo(0.5, 9);
    expect(gradeMarket(RESULT2, { ...soccer(1, 1, 90), phase: "finished" })).toEqual(["void", "void"]);
  });
});

describe("golf: fewer strokes win", () => {
  const m: MatchModel = { sport: "golf", homeRate: 70, awayRate: 71, drawPossible: false };
  // `period` is the hole in play: 900 s a hole
  const g = (home: number, away: number, clock: number): MatchState => ({ sport: "golf", phase: "live", clock, length: 14400, period: clock / 900 + 1, home, away });
  it("the side with fewer strokes is the favourite; mirrored handicap", () => {
    const fair = fairProbabilities(RESULT2, g(30, 34, 7200), m)!;
    expect(fair[0]).toBeGreaterThan(0.9);
    // home -1.5 strokes: home covers with at least 2 strokes fewer
    const hcp = fairProbabilities(HCP(-1.5), g(30, 34, 7200), m)!;
    expect(hcp[0]).toBeLessThan(fair[0]);
  });
  it("a tie after 18 holes goes to playoff holes: home takes fewer strokes on a hole before away does", () => {
    let fewer = 0;
    let level = 0;
    for (const x of holeTableForRate(70)) for (const y of holeTableForRate(71)) {
      if (x.value < y.value) fewer += x.p * y.p;
      if (x.value === y.value) level += x.p * y.p;
    }
    expect(fairProbabilities(RESULT2, g(70, 70, 16200), m)![0]).toBeCloseTo(fewer / (1 - level), 12);
  });
  it("the last hole: exactly the hole tables", () => {
    // one stroke ahead (fewer) with hole 18 to play: home loses only by taking 2 more than away on it
    const h = holeTableForRate(70);
    const a = holeTableForRate(71);
    let lose = 0;
    let tie = 0;
    for (const x of h) for (const y of a) {
      if (x.value - y.value > 1) lose += x.p * y.p;
      if (x.value - y.value === 1) tie += x.p * y.p;
    }
    const fair = fairProbabilities({ ...RESULT2 }, g(66, 67, 15300), { ...m, drawPossible: true })!;
    expect(fair[1]).toBeCloseTo(lose / (1 - tie), 12); // a 2-way line where draws stand is draw-no-bet
  });
});

describe("cricket", () => {
  const m: MatchModel = { sport: "cricket", homeRate: 165, awayRate: 160, drawPossible: true, sixesRate: 12 };
  const t20 = (innings: number, batting: 0 | 1, balls: number, home: number, away: number, sixes: number): MatchState => ({
    sport: "cricket",
    phase: "live",
    clock: 0,
    length: 12_000,
    period: innings,
    home,
    away,
    cricket: { innings, batting, balls, wickets: 3, ballsPerInnings: 120, sixes },
  });
  const binomialAtMost = (k: number, n: number, p: number) => {
    let term = (1 - p) ** n;
    let sum = term;
    for (let i = 1; i <= k; i++) {
      term *= ((n - i + 1) / i) * (p / (1 - p));
      sum += term;
    }
    return sum;
  };
  it("a side's chances fall with the wickets it has lost", () => {
    const chase = (wickets: number) => fairProbabilities(RESULT3, { ...t20(2, 1, 60, 170, 110, 3), cricket: { innings: 2, batting: 1, balls: 60, wickets, ballsPerInnings: 120, sixes: 3 } }, m)!;
    expect(chase(2)[2]).toBeGreaterThan(chase(6)[2]);
    expect(chase(6)[2]).toBeGreaterThan(chase(9)[2]);
    // ten down: the chase is over, short of the target
    expect(chase(10)[0]).toBe(1);
  });
  it("match sixes: Poisson on the balls the batting side expects still to face, decided once over the line", () => {
    const s = t20(2, 1, 60, 170, 80, 7);
    // away bats with 60 balls left and 7 wickets in hand: it faces ball j + 1 unless 7 wickets fell in the first j
    const tables = ballTables(m.homeRate, m.awayRate, m.sixesRate, 120);
    const wicket = tables[1][0].p;
    let balls = 0;
    for (let j = 0; j < 60; j++) balls += binomialAtMost(6, j, wicket);
    const mean = tables[1][6].p * balls;
    const p = fairProbabilities(OU(9.5), s, m)!;
    const under = poisson(mean, 0) + poisson(mean, 1) + poisson(mean, 2);
    expect(p[1]).toBeCloseTo(under, 9);
    const done = t20(2, 1, 60, 170, 80, 10);
    expect(gradeMarket(OU(9.5), done)).toEqual(["won", "lost"]);
    expect(priceMarket(OU(9.5), done, m)).toEqual([null, null]);
  });
});

describe("too short to offer", () => {
  it("a side three goals up in the 88th minute: the result is too short, the line prices stay offered", () => {
    const s = soccer(3, 0, 88, { period: 2 });
    expect(quoteMarket(RESULT3, s, SOCCER).tooShort).toBe(true);
    expect(quoteMarket(RESULT3, soccer(1, 0, 60), SOCCER).tooShort).toBe(false);
  });
});

describe("racing", () => {
  const spec: MarketSpec = { type: "full_time_result", line: null, codes: ["r1", "r2", "r3", "r4"] };
  const m: MatchModel = { sport: "racing", homeRate: 0, awayRate: 0, drawPossible: false, runnerProbs: [0.4, 0.3, 0.2, 0.1] };
  const race = (phase: MatchState["phase"]): MatchState => ({
    sport: "racing",
    phase,
    clock: 0,
    length: 95,
    period: 1,
    home: 0,
    away: 0,
    racing: { runners: 4, order: phase === "finished" ? [3, 1, 2, 4] : null, marginLengths: phase === "finished" ? 0.75 : null },
  });
  it("before the jump: runner probabilities; winning margin exponential", () => {
    const fair = fairProbabilities(spec, race("pre"), m)!;
    [0.4, 0.3, 0.2, 0.1].forEach((p, i) => expect(fair[i]).toBeCloseTo(p, 12));
    const line = priceMarket(spec, race("pre"), m);
    // power margin at 1.18: the favourite (fair 2.50) at 2.22, the outsider (fair 10.0) at 7.44
    expect(line).toEqual([2220, 2850, 4060, 7440]);
    // the engine's margin is exponential rounded to 0.05 lengths: over 1.5 from a raw 1.475
    expect(fairProbabilities(OU(1.5), race("pre"), m)![0]).toBeCloseTo(Math.exp(-1.475 / MEAN_MARGIN_LENGTHS), 12);
    // a whole line can be landed on (a push): over 1 from 1.025, under from below 0.975
    expect(racingMarginOdds(1)).toEqual({ over: Math.exp(-1.025 / MEAN_MARGIN_LENGTHS), under: 1 - Math.exp(-0.975 / MEAN_MARGIN_LENGTHS) });
  });
  it("after the jump nothing is priced; at the finish it is graded", () => {
    expect(priceMarket(spec, race("live"), m)).toEqual([null, null, null, null]);
    expect(gradeMarket(spec, race("live"))).toEqual([null, null, null, null]);
    expect(gradeMarket(spec, race("finished"))).toEqual(["lost", "lost", "won", "lost"]);
    expect(gradeMarket(OU(1.5), race("finished"))).toEqual(["lost", "won"]);
  });
});
