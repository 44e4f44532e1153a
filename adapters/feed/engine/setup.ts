/**
 * A match before the start (initialState) and at the start (kickOff), with each sport's length in
 * sim seconds and its detail. The pace of the sports that are not played on a clock:
 * - MLB: 18 half-innings of HALF_INNING_SECONDS each (length 10,800 s: 9 innings);
 * - cricket: a ball every SECONDS_PER_BALL (length = both innings' balls x 30 s);
 * - golf: a hole every HOLE_SECONDS (length = 18 holes);
 * - tennis: a point every POINT_SECONDS; no fixed length, so `length` is a nominal TENNIS_NOMINAL_SECONDS;
 * - racing: the race runs `length` seconds after the jump (RACE_SECONDS unless told).
 */
import type { FootballDetail, MatchModel, MatchState, SportCode } from "../../../domain/shared/types.ts";
import { ballsPerInningsFor, lengthFor as sportLength, SECONDS_PER_BALL } from "../../../domain/pricing/params.ts";

export { POINT_SECONDS } from "../../../domain/pricing/params.ts";

export interface StateOptions {
  league?: string;
  /** Racing: the size of the field (default: the model's runnerProbs, else 8). */
  runners?: number;
  /** Tennis: best of 3 (default) or 5 sets. */
  bestOf?: 3 | 5;
  /** Racing: how long the race runs after the jump, in sim seconds (default 80). */
  raceSeconds?: number;
}

/** Regulation length in sim seconds, by sport and league (domain/pricing/params.ts). */
export function lengthFor(sport: SportCode, opts: StateOptions = {}): number {
  return sportLength(sport, opts);
}

export function initialState(sport: SportCode, model: MatchModel, opts: StateOptions = {}): MatchState {
  const state: MatchState = { sport, phase: "pre", clock: 0, length: lengthFor(sport, opts), period: 1, home: 0, away: 0 };
  if (sport === "tennis") {
    state.tennis = { bestOf: opts.bestOf ?? 3, sets: [], games: [0, 0], points: [0, 0], server: 0, tiebreak: false };
  } else if (sport === "cricket") {
    state.cricket = { innings: 1, batting: 0, balls: 0, wickets: 0, ballsPerInnings: ballsPerInningsFor(opts.league), sixes: 0 };
  } else if (sport === "racing") {
    const runners = opts.runners ?? model.runnerProbs?.length ?? 8;
    state.racing = { runners, order: null, marginLengths: null };
  } else if (sport === "nfl") {
    state.football = freshFootball();
  }
  return state;
}

/** American football before the opening kick-off: the toss decides who receives. */
export function freshFootball(): FootballDetail {
  return { possession: 0, driveStart: 0, receivedFirst: null, last: null };
}

/**
 * Fills in the sport's detail if a state lacks it (one written before the engine, say), on the
 * caller's copy: tennis from 0-0 best of 3, cricket's innings from `length`, racing's field from
 * the model. The engine then plays it instead of failing the whole feed tick.
 */
export function ensureDetail(s: MatchState, model: MatchModel): void {
  if (s.sport === "tennis" && !s.tennis) {
    s.tennis = { bestOf: 3, sets: [], games: [0, 0], points: [0, 0], server: 0, tiebreak: false };
  } else if (s.sport === "cricket" && !s.cricket) {
    const perInnings = Math.max(1, Math.round(s.length / (2 * SECONDS_PER_BALL)));
    s.cricket = { innings: 1, batting: 0, balls: 0, wickets: 0, ballsPerInnings: perInnings, sixes: 0 };
  } else if (s.sport === "racing" && !s.racing) {
    s.racing = { runners: model.runnerProbs?.length ?? 8, order: null, marginLengths: null };
  } else if (s.sport === "nfl" && !s.football) {
    // Who has the ball is not known: the side to receive is tossed at the next play.
    s.football = { ...freshFootball(), driveStart: s.clock, receivedFirst: s.clock > 0 ? 0 : null };
  }
}

/** The start: pre -> live at clock 0 in period 1 (racing: the jump). Any other phase is left as it is. */
export function kickOff(state: MatchState): MatchState {
  const next = structuredClone(state);
  if (state.phase !== "pre") return next;
  next.phase = "live";
  next.clock = 0;
  next.period = 1;
  return next;
}

/**
 * Waits out the break `s` is in with `left` sim seconds to play: the seconds left once the break is
 * over (its countdown cleared), or null when the break outlasts them (its countdown reduced).
 */
export function waitOutBreak(s: MatchState, left: number): number | null {
  const wait = Math.max(0, s.breakLeft ?? 0);
  if (left < wait) {
    s.breakLeft = wait - left;
    return null;
  }
  delete s.breakLeft;
  return left - wait;
}
