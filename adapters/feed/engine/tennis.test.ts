import { describe, expect, it } from "vitest";
import type { MatchModel, MatchState } from "../../../domain/shared/types.ts";
import { mulberry32 } from "../../../domain/shared/prng.ts";
import { advance, initialState, kickOff, modelFor } from "./index.ts";
import { POINT_SECONDS } from "./setup.ts";
import { playPoint } from "./tennis.ts";
import { holdProbability, setProbability, tennisOutlook, tiebreakProbability } from "./tennis-odds.ts";
import { playOut } from "./testing.ts";

const model = (a: number, b: number): MatchModel => ({ sport: "tennis", homeRate: 1, awayRate: 1, serveWin: [a, b], drawPossible: false });

describe("tennis probabilities", () => {
  it("hold: 1/2 at even points; 0.7357 at 0.6 (hand-computed: p^4(1+4q+10q^2) + 20p^3q^3 p^2/(p^2+q^2))", () => {
    expect(holdProbability(0.5)).toBeCloseTo(0.5, 12);
    const p = 0.6;
    const q = 0.4;
    const exact = p ** 4 * (1 + 4 * q + 10 * q * q) + (20 * p ** 3 * q ** 3 * p * p) / (p * p + q * q);
    expect(holdProbability(0.6)).toBeCloseTo(exact, 12);
    expect(holdProbability(0.6)).toBeCloseTo(0.7357, 4);
  });

  it("is symmetric: equal players split sets and tie-breaks evenly; swapping the players mirrors", () => {
    expect(tiebreakProbability([0.65, 0.65], 0)).toBeCloseTo(0.5, 12);
    expect(setProbability([0.65, 0.65], 1)).toBeCloseTo(0.5, 12);
    expect(setProbability([0.68, 0.62], 0)).toBeCloseTo(1 - setProbability([0.62, 0.68], 1), 12);
    expect(tennisOutlook([0.66, 0.64]).homeWin).toBeGreaterThan(0.5);
  });
});

describe("tennis", () => {
  it("best of 3, sets [], games and points 0-0 before the start; a point every 40 s", () => {
    const m = model(0.65, 0.65);
    const s = initialState("tennis", m);
    expect(s.tennis).toMatchObject({ bestOf: 3, sets: [], games: [0, 0], points: [0, 0], tiebreak: false });
    const live = kickOff(s);
    const random = mulberry32(1);
    expect(advance(live, m, POINT_SECONDS - 1, random).state.tennis!.points).toEqual([0, 0]);
    const one = advance(live, m, POINT_SECONDS, random).state.tennis!.points;
    expect(one[0] + one[1]).toBe(1);
  });

  it("every seeded match is a consistent score: sets 6-x (x<=4), 7-5 or 7-6, two sets to the winner", () => {
    let tiebreaks = 0;
    for (let seed = 0; seed < 400; seed++) {
      const random = mulberry32(seed);
      const m = modelFor("tennis", { homeShare: 0.3 + (seed % 5) * 0.1, random });
      const f = playOut(initialState("tennis", m), m, random, 120).final;
      const t = f.tennis!;
      expect(f.phase).toBe("finished");
      expect(t.sets.length).toBe(f.home + f.away);
      expect(f.period).toBe(t.sets.length);
      expect(Math.max(f.home, f.away)).toBe(2);
      expect(Math.min(f.home, f.away)).toBeLessThanOrEqual(1);
      let home = 0;
      for (const [a, b] of t.sets) {
        const [w, l] = a > b ? [a, b] : [b, a];
        expect((w === 6 && l <= 4) || (w === 7 && (l === 5 || l === 6))).toBe(true);
        if (w === 7 && l === 6) tiebreaks++;
        if (a > b) home++;
      }
      expect(home).toBe(f.home);
      expect(t.games).toEqual([0, 0]);
      expect(t.points).toEqual([0, 0]);
      expect(t.tiebreak).toBe(false);
    }
    expect(tiebreaks).toBeGreaterThan(0);
  });

  it("wins as often as the exact point-to-match probability says", () => {
    const m = model(0.67, 0.63);
    const expected = tennisOutlook(m.serveWin!).homeWin; // ~0.67
    let wins = 0;
    const N = 500;
    for (let seed = 0; seed < N; seed++) {
      const random = mulberry32(seed);
      if (playOut(initialState("tennis", m), m, random, 600).final.home === 2) wins++;
    }
    expect(Math.abs(wins / N - expected)).toBeLessThan(0.06); // ~3 standard errors
  });

  it("the serve alternates every game; in a tie-break after one point, then every two", () => {
    const random = mulberry32(7);
    const m = model(0.65, 0.65);
    const s: MatchState = kickOff(initialState("tennis", m));
    s.tennis = { ...s.tennis!, games: [2, 3], points: [3, 0], server: 0 };
    // Server 0 wins at 40-0 with a random below its serve-win.
    playPoint(s, [0.99, 0.65], () => 0);
    expect(s.tennis!.games).toEqual([3, 3]);
    expect(s.tennis!.server).toBe(1);
    const tb: MatchState = kickOff(initialState("tennis", m));
    tb.tennis = { ...tb.tennis!, games: [6, 6], tiebreak: true, server: 1 };
    const servers: number[] = [];
    for (let i = 0; i < 12 && tb.tennis!.tiebreak; i++) {
      servers.push(tb.tennis!.server);
      playPoint(tb, m.serveWin!, random);
    }
    expect(servers.slice(0, 7)).toEqual([1, 0, 0, 1, 1, 0, 0]);
  });

  it("a tie-break at 6-6 ends the set 7-6, and the player who received first serves the next set", () => {
    const s: MatchState = kickOff(initialState("tennis", model(0.65, 0.65)));
    // Home opened the tie-break; at 6-4 (ten points played) away serves (points 1, 2, 5, 6, 9, 10).
    s.tennis = { ...s.tennis!, games: [6, 6], tiebreak: true, points: [6, 4], server: 1 };
    playPoint(s, [0.65, 0.65], () => 0.99); // the receiver, home, wins the point
    const t = s.tennis!;
    expect(t.sets).toEqual([[7, 6]]);
    expect(s.home).toBe(1);
    expect(s.period).toBe(2);
    expect(t).toMatchObject({ tiebreak: false, games: [0, 0], points: [0, 0], server: 1 });
  });
});
