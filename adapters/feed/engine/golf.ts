/**
 * Golf head to head, hole by hole: both players finish a hole every HOLE_SECONDS (`length / 18`),
 * and `period` is the hole being played. A player's strokes on a hole are its par (a par-72
 * course) plus eagle/birdie/par/bogey/double, shaded so that 18 holes average the model's rate;
 * a round's spread is ~3 strokes. Fewer strokes win; a tie after 18 goes to sudden-death playoff
 * holes (par 4) until one player takes fewer on a hole (unless the model allows a draw).
 */
import type { MatchModel, MatchState } from "../../../domain/shared/types.ts";
import { HOLES, PARS, PLAYOFF_PAR, holeTableForRate } from "../../../domain/pricing/params.ts";
import { drawLots, pick, type Random } from "./random.ts";

/** After this many playoff holes still level, a degenerate model is decided by lot. */
const MAX_PLAYOFF_HOLES = 30;
const EPSILON = 1e-9;

export function advanceGolf(s: MatchState, model: MatchModel, seconds: number, random: Random): void {
  const holeSeconds = s.length / HOLES;
  const tables = [holeTableForRate(model.homeRate), holeTableForRate(model.awayRate)];
  let left = seconds;
  while (left > EPSILON && s.phase === "live") {
    const end = s.period * holeSeconds;
    const span = Math.max(0, Math.min(end - s.clock, left));
    s.clock += span;
    left -= span;
    if (s.clock < end - EPSILON) continue;
    s.clock = end;
    const par = s.period <= HOLES ? PARS[s.period - 1] : PLAYOFF_PAR;
    s.home += par + pick(random, tables[0]);
    s.away += par + pick(random, tables[1]);
    if (s.period < HOLES) {
      s.period += 1;
      continue;
    }
    if (s.home !== s.away || model.drawPossible) {
      s.phase = "finished";
      continue;
    }
    if (s.period - HOLES >= MAX_PLAYOFF_HOLES) {
      // Fewer strokes win: the lot favours the player expected to take fewer.
      if (drawLots(random, model.awayRate, model.homeRate) === 0) s.away += 1;
      else s.home += 1;
      s.phase = "finished";
      continue;
    }
    s.period += 1; // a playoff hole
  }
}
