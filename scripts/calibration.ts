/**
 * Calibration of the in-play models against the match engine (docs/trading.md, "Calibration"):
 * plays seeded matches of every sport with the engine, samples the pricing model's fair
 * probabilities for the match result at evenly spaced moments of each match, and compares them
 * with what happened.
 *
 * - Brier score: the mean over sampled moments of the sum over the market's outcomes of
 *   (p - won)^2, Brier's own multi-outcome form (0 is perfect; always 0.5 on a two-way line scores 0.5).
 * - Calibration error: every (moment, outcome) prediction goes into one of ten bins by its
 *   probability ([0, 0.1), ..., [0.9, 1]); the error is the mean over bins of |mean predicted -
 *   observed frequency|, each bin WEIGHTED by its share of the predictions (the usual expected
 *   calibration error), so a nearly empty bin cannot dominate the figure.
 *
 * Pure apart from the engine's seeded random numbers: the same options give the same figures.
 */
import type { SportCode, MarketSpec, MatchModel, MatchState } from "../domain/shared/types.ts";
import { fairProbabilities, gradeMarket } from "../domain/pricing/index.ts";
import { mulberry32 } from "../domain/shared/prng.ts";
import { advance, initialState, kickOff, modelFor } from "../adapters/feed/engine/index.ts";

/** Every sport with a match-result market, and the leagues its matches are drawn from. */
export const CALIBRATED_SPORTS: Readonly<Partial<Record<SportCode, readonly (string | undefined)[]>>> = {
  soccer: ["English Premier League"],
  basketball: ["NBA", "NBL"],
  tennis: [undefined],
  nfl: ["NFL"],
  hockey: ["NHL"],
  mlb: ["MLB"],
  afl: ["AFL"],
  nrl: ["NRL"],
  golf: [undefined],
  cricket: ["T20 International", "One-Day International"],
  racing: [undefined],
};

export interface SportCalibration {
  matches: number;
  brier: number;
  calibrationError: number;
}

export interface CalibrationOptions {
  matches: number;
  /** Moments sampled per match (besides the kick-off); racing is priced before the jump only. */
  samples?: number;
  seed?: number;
  sports?: readonly SportCode[];
}

const BINS = 10;

interface Tally {
  brierSum: number;
  moments: number;
  count: Float64Array;
  predicted: Float64Array;
  observed: Float64Array;
}

function resultSpec(sport: SportCode, model: MatchModel, state: MatchState): MarketSpec {
  if (sport === "racing") return { type: "full_time_result", line: null, codes: Array.from({ length: state.racing!.runners }, (_, i) => `r${i + 1}`) };
  return { type: "full_time_result", line: null, codes: model.drawPossible ? ["home", "draw", "away"] : ["home", "away"] };
}

/** Sim seconds a match of the sport usually takes, breaks included (for spacing the samples). */
function spanOf(state: MatchState): number {
  if (state.sport === "tennis") return 2 * state.length;
  return state.length * 1.25;
}

/** One match: the model's probabilities at its moments, then what won. */
function playOne(sport: SportCode, league: string | undefined, seed: number, samples: number, tally: Tally): void {
  const random = mulberry32(seed);
  const homeShare = 0.2 + 0.6 * random();
  const model = modelFor(sport, { homeShare, league, runners: 6 + Math.floor(random() * 7), random });
  let state = initialState(sport, model, { league });
  const spec = resultSpec(sport, model, state);
  const moments: number[][] = [];
  const take = () => {
    const p = fairProbabilities(spec, state, model);
    if (p) moments.push(p);
  };
  take(); // before the start
  state = kickOff(state);
  if (sport !== "racing") {
    const step = spanOf(state) / samples;
    while (state.phase !== "finished") {
      state = advance(state, model, step, random).state;
      if (state.phase !== "finished") take();
    }
  } else {
    state = advance(state, model, state.length + 1, random).state;
  }
  const grades = gradeMarket(spec, state);
  if (grades.every((g) => g === "void")) return;
  const won = grades.map((g) => (g === "won" ? 1 : 0));
  for (const p of moments) {
    let brier = 0;
    p.forEach((x, i) => {
      brier += (x - won[i]) ** 2;
      const bin = Math.min(BINS - 1, Math.floor(x * BINS));
      tally.count[bin] += 1;
      tally.predicted[bin] += x;
      tally.observed[bin] += won[i];
    });
    tally.brierSum += brier;
    tally.moments += 1;
  }
}

/** Calibrates one sport over `matches` seeded matches. */
export function calibrateSport(sport: SportCode, opts: CalibrationOptions): SportCalibration {
  const leagues = CALIBRATED_SPORTS[sport] ?? [undefined];
  const tally: Tally = { brierSum: 0, moments: 0, count: new Float64Array(BINS), predicted: new Float64Array(BINS), observed: new Float64Array(BINS) };
  const seed = opts.seed ?? 20_260_601;
  for (let i = 0; i < opts.matches; i++) playOne(sport, leagues[i % leagues.length], seed + 7919 * i + sport.length, opts.samples ?? 24, tally);
  let total = 0;
  let gap = 0;
  for (let b = 0; b < BINS; b++) {
    if (tally.count[b] === 0) continue;
    total += tally.count[b];
    gap += Math.abs(tally.predicted[b] - tally.observed[b]); // = count x |mean predicted - frequency|
  }
  return {
    matches: opts.matches,
    brier: tally.moments > 0 ? tally.brierSum / tally.moments : 0,
    calibrationError: total > 0 ? gap / total : 0,
  };
}

/** Every calibrated sport (or those asked for), in a fixed order. */
export function calibrate(opts: CalibrationOptions): Record<string, SportCalibration> {
  const out: Record<string, SportCalibration> = {};
  const sports = opts.sports ?? (Object.keys(CALIBRATED_SPORTS) as SportCode[]);
  for (const sport of sports) out[sport] = calibrateSport(sport, opts);
  return out;
}
