/**
 * The match engine of the live book: plays a match of any sport from its model (domain/pricing/
 * state.ts), in sim seconds, from a `random: () => number`, so a seed replays the same match.
 * Pure functions: no I/O, no wall clock; nothing here mutates its input.
 *
 *   const model = modelFor("soccer", { homeShare: 0.6, random });
 *   let state = kickOff(initialState("soccer", model));
 *   const { state: next, scored } = advance(state, model, 30, random);
 *
 * How each sport is played: timed.ts (soccer, hockey, basketball, AFL, NRL), football.ts (NFL, by
 * drives), mlb.ts, cricket.ts, golf.ts, tennis.ts, racing.ts; the figures of each (clock, scoring
 * tables, strengths) in domain/pricing/params.ts, which the pricing models read too.
 *
 * What the state says, for whoever displays or prices it (all times in sim seconds):
 * - `length - clock` is the regulation play still to come (0 in overtime, extra innings, playoff
 *   holes and tennis past its nominal length); the clock never stands still in play.
 * - phase "break" is an interval: half time (soccer 900, NRL 600, basketball 900, NFL 780, AFL
 *   1200), quarter breaks (basketball and NFL 120, AFL 360), hockey's two 600 s intermissions, the
 *   60-120 s before an overtime period, cricket's 600 s innings break. `breakLeft` counts it down;
 *   `period` is the period just played and `clock` stands at its end.
 * - soccer: period 1 runs to 2700 + stoppage (45+s'), period 2 from 2700 to 5400 + stoppage.
 *   `stoppage` is set at 45' and 90' and included in `length` while it is played.
 * - basketball/NFL/NRL/AFL/hockey: period k of regulation is [(k-1)L, kL] with L = length /
 *   periods; overtime period j follows at length + (j-1) x its length (5' basketball and NRL's
 *   golden point, 10' NFL; NFL and NRL end at the first score in overtime). NFL: `football` says
 *   who has the ball, since when, and what the last score was.
 * - MLB: period is the inning; halfInningOf(state) says top (even) or bottom (odd).
 * - cricket: period and cricket.innings are the innings; the break leaves innings 1 with its final
 *   balls and wickets; innings 2 starts (balls 0) at clock ballsPerInnings x 30.
 * - golf: period is the hole in play (19+ a playoff hole); strokes land as a hole is finished.
 * - tennis: period is the set in play; home/away are sets won; detail as in the contract.
 * - racing: pre until kickOff (the jump); live for `length`; then finished with order and margin.
 */
import type { MatchModel, MatchState } from "../../../domain/shared/types.ts";
import type { Random } from "./random.ts";
import { advanceTimed, isTimedSport } from "./timed.ts";
import { advanceMlb } from "./mlb.ts";
import { advanceCricket } from "./cricket.ts";
import { advanceGolf } from "./golf.ts";
import { advanceTennis } from "./tennis.ts";
import { advanceRacing } from "./racing.ts";
import { advanceFootball } from "./football.ts";
import { ensureDetail, kickOff } from "./setup.ts";

export { modelFor } from "./model.ts";
export { initialState, kickOff } from "./setup.ts";
export type { Random } from "./random.ts";

export interface Advanced {
  state: MatchState;
  /** Whether something a trader suspends on happened (see scoringChange). */
  scored: boolean;
}

/**
 * Whether the change from `before` to `after` is one a trader would suspend the markets on:
 * - soccer, hockey, MLB, NFL, NRL, golf: the score changed (a goal, a run, a score, a hole played);
 * - AFL: a side's score rose by 6 or more (a goal; behinds alone are not suspended on);
 * - basketball: who leads changed (home ahead / level / away ahead): baskets come every few
 *   seconds and the book trades through them, a lead changing hands is the swing that matters;
 * - tennis: a game or a set was won;
 * - cricket: a wicket fell, a six was hit or the second innings began (runs come almost every ball);
 * - racing: never (the race is suspended from the jump and graded at the finish).
 */
export function scoringChange(before: MatchState, after: MatchState): boolean {
  switch (after.sport) {
    case "afl":
      return after.home - before.home >= 6 || after.away - before.away >= 6;
    case "basketball":
      return Math.sign(after.home - after.away) !== Math.sign(before.home - before.away);
    case "tennis": {
      const a = after.tennis;
      const b = before.tennis;
      if (!a || !b) return false;
      return after.home !== before.home || after.away !== before.away || a.sets.length !== b.sets.length ||
        a.games[0] !== b.games[0] || a.games[1] !== b.games[1];
    }
    case "cricket": {
      const a = after.cricket;
      const b = before.cricket;
      if (!a || !b) return false;
      return a.sixes !== b.sixes || a.wickets !== b.wickets || a.innings !== b.innings;
    }
    case "racing":
      return false;
    default:
      return after.home !== before.home || after.away !== before.away;
  }
}

/**
 * Plays `simSeconds` of the match (breaks included) and says whether it scored. A match not yet
 * kicked off or already finished is returned as it is (a copy). Scoring events are drawn with
 * exact waiting times (or ball by ball, point by point, hole by hole), so one call of 300 s plays
 * the same process as 300 calls of 1 s, and periods end exactly on their boundaries.
 */
export function advance(state: MatchState, model: MatchModel, simSeconds: number, random: Random): Advanced {
  const next = structuredClone(state);
  if (!(simSeconds > 0) || (state.phase !== "live" && state.phase !== "break")) return { state: next, scored: false };
  const seconds = Number.isFinite(simSeconds) ? simSeconds : 0;
  const sport = next.sport;
  ensureDetail(next, model);
  if (isTimedSport(sport)) advanceTimed(next, model, seconds, random);
  else if (sport === "nfl") advanceFootball(next, model, seconds, random);
  else if (sport === "mlb") advanceMlb(next, model, seconds, random);
  else if (sport === "cricket") advanceCricket(next, model, seconds, random);
  else if (sport === "golf") advanceGolf(next, model, seconds, random);
  else if (sport === "tennis") advanceTennis(next, model, seconds, random);
  else if (sport === "racing") advanceRacing(next, model, seconds, random);
  return { state: next, scored: scoringChange(state, next) };
}

/** Sim seconds per advance inside playFor and playToClock. */
const CHUNK_SECONDS = 60;

/**
 * Plays `simSeconds` of the match (kicking it off first if it has not started), in chunks, and
 * returns where it stands: for seeding a live match at a stage.
 */
export function playFor(state: MatchState, model: MatchModel, simSeconds: number, random: Random): MatchState {
  let s = state.phase === "pre" ? kickOff(state) : structuredClone(state);
  let left = Number.isFinite(simSeconds) ? simSeconds : 0;
  while (left > 0 && s.phase !== "finished") {
    const step = Math.min(CHUNK_SECONDS, left);
    s = advance(s, model, step, random).state;
    left -= step;
  }
  return s;
}

/**
 * Plays until the match clock reaches `clock` (or the match ends), kicking it off first if it
 * has not started: "80 minutes into a soccer match" is playToClock(state, model, 4800, random),
 * half time and stoppage included. Stops within a ball, point or hole of the target.
 * @internal Exported for its tests (no production caller imports it).
 */
export function playToClock(state: MatchState, model: MatchModel, clock: number, random: Random): MatchState {
  let s = state.phase === "pre" ? kickOff(state) : structuredClone(state);
  // Bounded: every chunk plays at least a second, and clock targets are finite.
  for (let i = 0; i < 1_000_000 && s.phase !== "finished"; i++) {
    if (s.phase === "live" && s.clock >= clock) break;
    const step = s.phase === "break" ? CHUNK_SECONDS : Math.max(1, Math.min(CHUNK_SECONDS, clock - s.clock));
    s = advance(s, model, step, random).state;
  }
  return s;
}
