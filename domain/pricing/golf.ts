/**
 * The golf head-to-head model, hole by hole as the engine plays it: each player's strokes over par
 * on a hole come from its hole table (params.ts holeTable, set by the model's expected strokes), so
 * the holes still to play give the final difference and total exactly, by convolution. A tie after
 * 18 goes to playoff holes: home takes it with P(fewer on a hole) / P(not level on a hole).
 */
import { PmfDist, convolvePower } from "./dist.ts";
import { HOLES, PARS, holeTableForRate } from "./params.ts";
import type { MatchModel, MatchState } from "../shared/types.ts";

/** One hole's pmf of (home - away) strokes over par, over -4 .. 4, and of (home + away) over -4 .. 4. */
function holeSteps(model: MatchModel): { diff: Float64Array; total: Float64Array } {
  const h = holeTableForRate(model.homeRate);
  const a = holeTableForRate(model.awayRate);
  const diff = new Float64Array(9);
  const total = new Float64Array(9);
  for (const x of h) for (const y of a) {
    diff[x.value - y.value + 4] += x.p * y.p;
    total[x.value + y.value + 4] += x.p * y.p;
  }
  return { diff, total };
}

export function golfOutlook(state: MatchState, model: MatchModel): { diff: PmfDist; total: PmfDist; tieHomeShare: number } {
  const steps = holeSteps(model);
  // `period` is the hole in play; its strokes land when it is finished.
  const first = Math.max(1, state.period);
  const left = Math.max(0, HOLES - first + 1);
  let parLeft = 0;
  for (let hole = first; hole <= HOLES; hole++) parLeft += PARS[hole - 1];
  const d = convolvePower(steps.diff, -4, left);
  const t = convolvePower(steps.total, -4, left);
  let fewer = 0; // home takes fewer strokes on a playoff hole
  for (let k = 0; k < 4; k++) fewer += steps.diff[k];
  const level = steps.diff[4];
  const tieHomeShare = level < 1 ? fewer / (1 - level) : 0.5;
  return {
    diff: new PmfDist(state.home - state.away + d.offset, d.pmf),
    total: new PmfDist(state.home + state.away + 2 * parLeft + t.offset, t.pmf),
    tieHomeShare,
  };
}
