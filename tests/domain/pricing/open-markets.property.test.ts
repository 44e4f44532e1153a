/**
 * The open-market property of the live book: in every sampled state of every sport, a market the
 * feed leaves open (quoteMarket not too short) has a book at or above its target, and no price at
 * or below 1.02; a market that is too short is taken down, never offered. States are sampled two
 * ways: matches played by the engine to a random moment (the states the feed really prices), and
 * random scores and clocks (states the engine rarely reaches: lopsided scores, the last seconds).
 * Under tests/ because it plays the engine (adapters/feed/engine); `npx vitest run domain/pricing` runs it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../../domain/shared/prng.ts";
import type { SportCode } from "../../../domain/shared/types.ts";
import { quoteMarket, targetOverround } from "../../../domain/pricing/index.ts";
import { bookOf, SHORTEST_OFFERED_MILLI } from "../../../domain/pricing/margin.ts";
import { type MarketSpec, type MatchModel, type MatchState } from "../../../domain/shared/types.ts";
import { advance, initialState, kickOff, modelFor } from "../../../adapters/feed/engine/index.ts";

const SPORTS: SportCode[] = ["soccer", "basketball", "tennis", "nfl", "hockey", "mlb", "afl", "nrl", "golf", "cricket", "racing"];
const LEAGUES: Partial<Record<SportCode, string[]>> = { basketball: ["NBA", "NBL"], cricket: ["T20 International", "One-Day International"] };

/** Typical lines per sport (totals, home handicaps), half and whole. */
const LINES: Record<SportCode, { totals: number[]; handicaps: number[] }> = {
  soccer: { totals: [0.5, 1.5, 2.5, 3, 3.5, 4.5], handicaps: [-1.5, -1, 0, 0.5, 1] },
  hockey: { totals: [4.5, 5.5, 6, 6.5], handicaps: [-1.5, 1.5] },
  mlb: { totals: [7.5, 8.5, 9, 10.5], handicaps: [-1.5, 1.5] },
  basketball: { totals: [160.5, 210.5, 225.5, 240], handicaps: [-7.5, -2, 4.5] },
  nfl: { totals: [37.5, 44.5, 47, 51.5], handicaps: [-6.5, -3, 3.5] },
  afl: { totals: [150.5, 165.5, 180.5], handicaps: [-20.5, -6, 12.5] },
  nrl: { totals: [36.5, 42.5, 46], handicaps: [-8.5, -4, 6.5] },
  golf: { totals: [138.5, 140, 141.5], handicaps: [-1.5, 0, 1.5] },
  cricket: { totals: [6.5, 9.5, 12.5], handicaps: [-20.5] },
  tennis: { totals: [20.5, 22.5, 38.5], handicaps: [-3.5, -1.5, 2.5] },
  racing: { totals: [0.5, 1.5, 2.5], handicaps: [] },
};

function marketsOf(sport: SportCode, model: MatchModel, state: MatchState): MarketSpec[] {
  if (sport === "racing") {
    const runners = state.racing?.runners ?? 8;
    return [
      { type: "full_time_result", line: null, codes: Array.from({ length: runners }, (_, i) => `r${i + 1}`) },
      ...LINES.racing.totals.map((line) => ({ type: "over_under" as const, line, codes: ["over", "under"] })),
    ];
  }
  const specs: MarketSpec[] = [
    { type: "full_time_result", line: null, codes: model.drawPossible ? ["home", "draw", "away"] : ["home", "away"] },
    { type: "full_time_result", line: null, codes: ["home", "away"] },
    ...LINES[sport].totals.map((line) => ({ type: "over_under" as const, line, codes: ["over", "under"] })),
    ...LINES[sport].handicaps.map((line) => ({ type: "handicap" as const, line, codes: ["home", "away"] })),
  ];
  if (sport === "soccer" || sport === "hockey" || sport === "mlb") {
    specs.push({ type: "both_teams_score", line: null, codes: ["yes", "no"] });
    specs.push({ type: "correct_score", line: null, codes: ["0-0", "1-0", "0-1", "1-1", "2-1", "1-2", "2-0", "0-2", "2-2", "3-1", "other"] });
  }
  return specs;
}

interface Tally {
  open: number;
  tooShort: number;
}

/** The property for every market of one state. */
function checkState(state: MatchState, model: MatchModel, tally: Tally): void {
  for (const spec of marketsOf(state.sport, model, state)) {
    const quote = quoteMarket(spec, state, model);
    const shown = quote.prices.filter((p): p is number => p !== null);
    if (shown.length === 0) continue; // nothing offered: certain, decided or not priced
    if (quote.tooShort) {
      tally.tooShort++;
      expect(shown.some((p) => p <= 1020)).toBe(true); // taken down only for a price at or below 1.02
      continue;
    }
    tally.open++;
    for (const p of shown) expect(p).toBeGreaterThanOrEqual(SHORTEST_OFFERED_MILLI);
    expect(bookOf(quote.prices)).toBeGreaterThanOrEqual(targetOverround(spec, state.sport));
  }
}

/** A match of `sport` played by the engine from a seed to a moment (a fraction of its usual span). */
const playedState = (sport: SportCode) =>
  fc.record({ seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }), share: fc.double({ min: 0.02, max: 0.98, noNaN: true }), at: fc.double({ min: 0, max: 1.3, noNaN: true }) }).map(({ seed, share, at }) => {
    const random = mulberry32(seed);
    const leagues = LEAGUES[sport];
    const league = leagues ? leagues[seed % leagues.length] : undefined;
    const model = modelFor(sport, { homeShare: share, league, runners: 2 + (seed % 12), random });
    let state = initialState(sport, model, { league });
    if (at > 0.02) state = advance(kickOff(state), model, at * state.length * (sport === "tennis" ? 2 : 1.2), random).state;
    return { state, model };
  });

describe("every open market: its book at or above the target, no price at or below 1.02", () => {
  for (const sport of SPORTS) {
    it(`${sport}: in states the engine plays to`, () => {
      const tally: Tally = { open: 0, tooShort: 0 };
      fc.assert(
        fc.property(playedState(sport), ({ state, model }) => checkState(state, model, tally)),
        { numRuns: sport === "nfl" ? 60 : 120 },
      );
      expect(tally.open).toBeGreaterThan(50);
    });
  }

  it("in lopsided and last-second states: markets are taken down, never offered short", () => {
    const tally: Tally = { open: 0, tooShort: 0 };
    const timed: SportCode[] = ["soccer", "basketball", "hockey", "afl", "nrl", "nfl"];
    fc.assert(
      fc.property(
        fc.constantFrom(...timed),
        fc.double({ min: 0.9, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (sport, at, lead, base, seed) => {
          const model = modelFor(sport, { homeShare: 0.5, random: mulberry32(seed) });
          const start = kickOff(initialState(sport, model));
          const periods = sport === "soccer" || sport === "nrl" ? 2 : sport === "hockey" ? 3 : 4;
          const scale = sport === "soccer" || sport === "hockey" ? 0.2 : 1;
          const state: MatchState = {
            ...start,
            clock: Math.floor(at * start.length),
            period: periods,
            home: Math.round((base + lead) * scale),
            away: Math.round(base * scale),
          };
          checkState(state, model, tally);
        },
      ),
      { numRuns: 150 },
    );
    expect(tally.tooShort).toBeGreaterThan(10);
  });
});
