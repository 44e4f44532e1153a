import { describe, expect, it } from "vitest";
import { mulberry32 } from "../shared/prng.ts";
import { gradeMarket } from "./grade.ts";
import { priceMarket } from "./price.ts";
import type { MarketSpec, MatchModel, MatchState, TennisDetail } from "../shared/types.ts";
import { gameWin, tennisOutlook, tennisPointWon, tiebreakWin } from "./tennis.ts";

const RESULT: MarketSpec = { type: "full_time_result", line: null, codes: ["home", "away"] };
const TOTAL: MarketSpec = { type: "over_under", line: 22.5, codes: ["over", "under"] };
const GAMES: MarketSpec = { type: "handicap", line: -3.5, codes: ["home", "away"] };

function tennis(detail: Partial<TennisDetail>, home = 0, away = 0): MatchState {
  return {
    sport: "tennis",
    phase: "live",
    clock: 0,
    length: 7200,
    period: (detail.sets?.length ?? 0) + 1,
    home,
    away,
    tennis: { bestOf: 3, sets: [], games: [0, 0], points: [0, 0], server: 0, tiebreak: false, ...detail },
  };
}
const model = (serveWin: [number, number]): MatchModel => ({ sport: "tennis", homeRate: 0, awayRate: 0, drawPossible: false, serveWin });

describe("tennis: game and tie-break", () => {
  it("the game formula: p = 0.6 holds 0.7357", () => {
    const p = 0.6;
    const q = 0.4;
    const deuce = (p * p) / (p * p + q * q);
    const exact = p ** 4 * (1 + 4 * q + 10 * q * q) + 20 * p ** 3 * q ** 3 * deuce;
    expect(gameWin(p, 0, 0)).toBeCloseTo(exact, 12);
    expect(exact).toBeCloseTo(0.735729, 5);
    expect(gameWin(p, 3, 3)).toBeCloseTo(deuce, 12);
    expect(gameWin(p, 4, 3)).toBeCloseTo(p + q * deuce, 12);
    expect(gameWin(p, 3, 0)).toBeGreaterThan(gameWin(p, 2, 0));
  });
  it("a tie-break between equal servers is even from 0-0 and from 6-6", () => {
    expect(tiebreakWin([0.65, 0.65], 0, 0, 0)).toBeCloseTo(0.5, 12);
    expect(tiebreakWin([0.65, 0.65], 1, 6, 6)).toBeCloseTo(0.5, 12);
    expect(tiebreakWin([0.65, 0.65], 0, 6, 3)).toBeGreaterThan(0.9);
  });
});

describe("tennis: match", () => {
  it("equal servers at 0-0 give equal prices", () => {
    const line = priceMarket(RESULT, tennis({}), model([0.64, 0.64]));
    expect(line[0]).not.toBeNull();
    expect(line[0]).toBe(line[1]);
    expect(tennisOutlook(tennis({}), [0.64, 0.64]).pHome).toBeCloseTo(0.5, 10);
  });
  it("two sets to love in a best of 3 is finished: nothing priced, home won", () => {
    const s = tennis({ sets: [[6, 4], [6, 3]] }, 2, 0);
    expect(priceMarket(RESULT, s, model([0.6, 0.6]))).toEqual([null, null]);
    expect(gradeMarket(RESULT, s)).toEqual(["won", "lost"]);
    // 19 games: under 22.5 wins; home +7 games covers -3.5
    expect(gradeMarket(TOTAL, s)).toEqual(["lost", "won"]);
    expect(gradeMarket(GAMES, s)).toEqual(["won", "lost"]);
  });
  it("5-0 40-0 in the deciding set, serving: the leader is a heavy favourite", () => {
    const s = tennis({ sets: [[6, 4], [3, 6]], games: [5, 0], points: [3, 0], server: 0 }, 1, 1);
    const line = priceMarket(RESULT, s, model([0.62, 0.62]));
    expect(line[0]).toBe(1010);
    expect(line[1]).toBeGreaterThanOrEqual(15_000);
    expect(tennisOutlook(s, [0.62, 0.62]).pHome).toBeGreaterThan(0.999);
  });
  it("the distributions of total games and games difference each sum to 1", () => {
    const o = tennisOutlook(tennis({ sets: [[7, 6]], games: [2, 3], points: [1, 2], server: 1 }, 1, 0), [0.7, 0.6]);
    expect(o.total.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(o.diff.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // at least the 13 + 5 games already played
    expect(o.total.findIndex((p) => p > 0) + o.totalOffset).toBeGreaterThanOrEqual(18);
  });
  it("games already past the total line decide over at once", () => {
    const s = tennis({ sets: [[7, 6], [6, 7]], games: [2, 1] }, 1, 1);
    expect(gradeMarket(TOTAL, s)).toEqual(["won", "lost"]);
    expect(priceMarket(TOTAL, s, model([0.6, 0.6]))).toEqual([null, null]);
  });
});

/** Plays the match out point by point with the scoring rules of tennisPointWon. */
function simulate(start: MatchState, sw: [number, number], runs: number, seed: number) {
  const rnd = mulberry32(seed);
  let homeWins = 0;
  let games = 0;
  let diff = 0;
  for (let r = 0; r < runs; r++) {
    let s = start;
    while (s.phase !== "finished") {
      const server = s.tennis!.server;
      const serverWins = rnd() < sw[server];
      s = tennisPointWon(s, (serverWins ? server : 1 - server) as 0 | 1);
    }
    if (s.home > s.away) homeWins++;
    for (const [h, a] of s.tennis!.sets) {
      games += h + a;
      diff += h - a;
    }
  }
  return { pHome: homeWins / runs, meanGames: games / runs, meanDiff: diff / runs };
}

function means(o: ReturnType<typeof tennisOutlook>) {
  let games = 0;
  let diff = 0;
  o.total.forEach((p, i) => (games += p * (i + o.totalOffset)));
  o.diff.forEach((p, i) => (diff += p * (i + o.diffOffset)));
  return { games, diff };
}

describe("tennis: the exact model agrees with playing the points out (seeded, 4 standard errors)", () => {
  const cases: [string, MatchState, [number, number]][] = [
    ["from the start", tennis({}), [0.66, 0.6]],
    ["in a second-set tie-break, away serving", tennis({ sets: [[4, 6]], games: [6, 6], points: [3, 4], server: 1, tiebreak: true }, 0, 1), [0.63, 0.67]],
    ["best of 5, third set", { ...tennis({ bestOf: 5, sets: [[6, 3], [5, 7]], games: [2, 2], points: [0, 2], server: 1 }, 1, 1) }, [0.62, 0.64]],
  ];
  for (const [name, state, sw] of cases) {
    it(name, () => {
      const runs = 4000;
      const sim = simulate(state, sw, runs, 20261125);
      const o = tennisOutlook(state, sw);
      const m = means(o);
      expect(Math.abs(sim.pHome - o.pHome)).toBeLessThan(4 * Math.sqrt(0.25 / runs));
      expect(Math.abs(sim.meanGames - m.games)).toBeLessThan(0.6);
      expect(Math.abs(sim.meanDiff - m.diff)).toBeLessThan(0.6);
    });
  }
});
