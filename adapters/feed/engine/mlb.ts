/**
 * Baseball by half-innings: each is `length / 18` sim seconds of clock (the top of inning n is
 * half-inning 2n - 2, the bottom 2n - 1; `period` is the inning), and only the side at bat scores:
 * run-scoring plays (1 run mostly, 2-4 now and then) come as a Poisson process at the side's rate
 * over its nine half-innings. The home side does not bat in the bottom of the 9th (or of an extra
 * inning) when ahead, and wins at once when it goes ahead there (a walk-off); a tie after a full
 * inning from the 9th on goes to another inning.
 */
import type { MatchModel, MatchState } from "../../../domain/shared/types.ts";
import { INNINGS, MLB_PLAYS as PLAYS, meanValue } from "../../../domain/pricing/params.ts";
import { drawLots, exponential, pick, type Random } from "./random.ts";

const RUNS_PER_PLAY = meanValue(PLAYS);
/** After this many extra innings still level, a degenerate model (rates of 0) is decided by lot. */
const MAX_EXTRA_INNINGS = 30;
const EPSILON = 1e-9;

/** Which half-inning the clock is in (0-based: 0 = top of the 1st). */
export function halfInningOf(state: MatchState): number {
  const half = state.length / (2 * INNINGS);
  return Math.floor(state.clock / half);
}

function finish(s: MatchState): void {
  s.phase = "finished";
}

export function advanceMlb(s: MatchState, model: MatchModel, seconds: number, random: Random): void {
  const halfSeconds = s.length / (2 * INNINGS);
  let left = seconds;
  while (left > EPSILON && s.phase === "live") {
    const index = halfInningOf(s);
    const inning = Math.floor(index / 2) + 1;
    const bottom = index % 2 === 1;
    s.period = inning;
    const rate = Math.max(0, bottom ? model.homeRate : model.awayRate) / (INNINGS * halfSeconds) / RUNS_PER_PLAY;
    const end = (index + 1) * halfSeconds;
    const span = Math.max(0, Math.min(end - s.clock, left));
    const wait = exponential(random, rate);
    if (wait < span) {
      s.clock += wait;
      left -= wait;
      const runs = pick(random, PLAYS);
      if (bottom) s.home += runs;
      else s.away += runs;
      if (bottom && inning >= INNINGS && s.home > s.away) finish(s); // walk-off
      continue;
    }
    s.clock += span;
    left -= span;
    if (s.clock < end - EPSILON) continue;
    s.clock = end;
    if (inning >= INNINGS) {
      if (!bottom && s.home > s.away) finish(s); // the home side need not bat
      else if (bottom && (s.home !== s.away || model.drawPossible)) finish(s);
      else if (bottom && inning - INNINGS >= MAX_EXTRA_INNINGS) {
        if (drawLots(random, model.homeRate, model.awayRate) === 0) s.home += 1;
        else s.away += 1;
        finish(s);
      }
    }
    if (s.phase === "live") s.period = Math.floor(halfInningOf(s) / 2) + 1;
  }
}
