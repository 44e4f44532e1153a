/**
 * The scoring models behind the prices: from the state and the model, the distribution of the
 * final score difference (home minus away at the end of regulation) and of the final total.
 *
 * Low-scoring sports (soccer, hockey, MLB): each side's REMAINING goals/runs are independent
 * Poisson with mean rate * remaining / length, remaining = max(0, length - clock) seconds; soccer
 * adds a small allowance for stoppage time not yet announced (SOCCER_STOPPAGE_ALLOWANCE). The
 * joint distribution of the final score is exact on a grid truncated where the tail is below 1e-12
 * (then renormalised).
 *
 * High-scoring sports (basketball, NFL, AFL, NRL, golf strokes, cricket runs): each side's
 * remaining points are approximately normal with mean = rate * remaining fraction and
 * variance = DISPERSION[sport] * mean (the ratio of a side's full-match variance to its mean:
 * basketball ~110 points with sd ~12; NFL ~23, sd ~10 (scores come in 3s and 7s); AFL ~85, sd ~20;
 * NRL ~22, sd ~9; golf a round of ~70 strokes, sd ~3; T20 cricket ~160 runs, sd ~25). Integer
 * scores get a continuity correction. A side's remaining points can't be negative (the total's
 * distribution puts that tail on "no more points").
 *
 * Cricket: with state.cricket and a balls-per-innings limit, each side's remaining fraction is its
 * own: the batting side (balls left in its innings; none once 10 wickets are down), a side still to
 * bat 1, a side that has batted 0. A Test (no ball limit) uses the clock. Match sixes are Poisson
 * with mean model.sixesRate (default DEFAULT_SIXES_RATE) x the match's remaining fraction, added to
 * the sixes already hit. Not modelled: a chase ending early once the target is passed, and wickets
 * other than all out (a side 10 down has nothing left).
 */
import type { SportCode } from "../shared/types.ts";
import { type IntDist, NormalDist, PmfDist, poissonInto } from "./dist.ts";
import type { MatchModel, MatchState } from "./state.ts";

export const LOW_SCORING: ReadonlySet<SportCode> = new Set<SportCode>(["soccer", "hockey", "mlb"]);

/** Variance / mean of a side's points, per high-scoring sport (see the header). */
export const DISPERSION: Partial<Record<SportCode, number>> = {
  basketball: 1.3,
  nfl: 4.3,
  afl: 4.7,
  nrl: 3.7,
  golf: 0.13,
  cricket: 3.9,
};
const DEFAULT_DISPERSION = 2;

/** Seconds of stoppage time expected but not yet announced: 120 per half still to have it added. */
export const SOCCER_STOPPAGE_ALLOWANCE = 120;
export const DEFAULT_SIXES_RATE = 10;

function clampFraction(x: number): number {
  return x > 0 ? (x < 1 ? x : 1) : 0;
}

/** Remaining fraction of regulation by the clock (soccer with its stoppage allowance). */
export function remainingFraction(state: MatchState): number {
  if (state.phase === "finished" || !(state.length > 0)) return 0;
  let remaining = Math.max(0, state.length - state.clock);
  if (state.sport === "soccer") {
    const announced = (state.stoppage ?? 0) > 0;
    const halvesToCome = state.period <= 1 ? (announced ? 1 : 2) : state.period === 2 && !announced ? 1 : 0;
    remaining += halvesToCome * SOCCER_STOPPAGE_ALLOWANCE;
  }
  return Math.max(0, remaining / state.length);
}

/** Each side's remaining fraction [home, away] (cricket by balls; otherwise the clock's). */
export function sideFractions(state: MatchState): [number, number] {
  const c = state.cricket;
  if (state.phase === "finished") return [0, 0];
  if (state.sport === "cricket" && c && c.ballsPerInnings && c.ballsPerInnings > 0 && c.innings <= 2) {
    const batting = c.wickets >= 10 ? 0 : clampFraction((c.ballsPerInnings - c.balls) / c.ballsPerInnings);
    const other = c.innings <= 1 ? 1 : 0;
    return c.batting === 0 ? [batting, other] : [other, batting];
  }
  const f = remainingFraction(state);
  return [f, f];
}

/** The match's remaining fraction for cricket sixes (balls of both innings, or the clock). */
function cricketMatchFraction(state: MatchState): number {
  const [h, a] = sideFractions(state);
  return (h + a) / 2;
}

export interface ScoreOutlook {
  /** Final home - away at the end of regulation. */
  diff: IntDist;
  /** Final home + away. */
  total: IntDist;
  /** Low-scoring only: each side's remaining goals pmf (index = goals still to come). */
  poisson?: { home: Float64Array; nHome: number; away: Float64Array; nAway: number };
}

const GRID = 64;
// Scratch buffers for the low-scoring grid, reused by every call (pricing runs every tick for every
// live event): an outlook's arrays are valid until the next scoreOutlook call, which is how
// priceMarket uses them (synchronously, within one call).
const HOME = new Float64Array(GRID);
const AWAY = new Float64Array(GRID);
const DIFF = new Float64Array(2 * GRID);
const TOTAL = new Float64Array(2 * GRID);

/** The final score's outlook. Low-scoring sports: the arrays are shared scratch (see above). */
export function scoreOutlook(state: MatchState, model: MatchModel): ScoreOutlook {
  const [fh, fa] = sideFractions(state);
  const muH = Math.max(0, model.homeRate) * fh;
  const muA = Math.max(0, model.awayRate) * fa;
  const d0 = state.home - state.away;
  const t0 = state.home + state.away;
  if (LOW_SCORING.has(state.sport)) {
    const nHome = poissonInto(HOME, muH);
    const nAway = poissonInto(AWAY, muA);
    // Difference i - j over [-(nAway-1), nHome-1]; total i + j over [0, nHome + nAway - 2].
    const size = nHome + nAway - 1;
    DIFF.fill(0, 0, size);
    TOTAL.fill(0, 0, size);
    for (let i = 0; i < nHome; i++) {
      const pi = HOME[i];
      for (let j = 0; j < nAway; j++) {
        const p = pi * AWAY[j];
        DIFF[i - j + nAway - 1] += p;
        TOTAL[i + j] += p;
      }
    }
    return {
      diff: new PmfDist(d0 - (nAway - 1), DIFF, size),
      total: new PmfDist(t0, TOTAL, size),
      poisson: { home: HOME, nHome, away: AWAY, nAway },
    };
  }
  const k = DISPERSION[state.sport] ?? DEFAULT_DISPERSION;
  const sd = Math.sqrt(k * (muH + muA));
  return {
    diff: new NormalDist(d0, muH - muA, sd, false),
    total: new NormalDist(t0, muH + muA, sd, true),
  };
}

/** Cricket's match sixes: Poisson still to come on top of those already hit. */
export function cricketSixes(state: MatchState, model: MatchModel): IntDist {
  const mean = Math.max(0, model.sixesRate ?? DEFAULT_SIXES_RATE) * cricketMatchFraction(state);
  const buf = new Float64Array(GRID * 2);
  const n = poissonInto(buf, mean);
  return new PmfDist(state.cricket?.sixes ?? 0, buf, n);
}
