/** Helpers for the engine's tests: play whole seeded matches. */
import type { MatchModel, MatchState, SportCode } from "../../../domain/shared/types.ts";
import { mulberry32 } from "../../../domain/shared/prng.ts";
import { advance, initialState, kickOff, modelFor } from "./index.ts";

export const SPORTS: readonly SportCode[] = [
  "soccer", "basketball", "tennis", "nfl", "hockey", "mlb", "afl", "nrl", "golf", "cricket", "racing",
];

/** A league per sport for the tests, as the demo fixtures name them. */
export const LEAGUE: Partial<Record<SportCode, string>> = { basketball: "NBA", cricket: "T20 International" };

export interface Played {
  final: MatchState;
  /** Every state after a step, in order (only when asked for). */
  trail: { before: MatchState; after: MatchState; scored: boolean }[];
  simSeconds: number;
}

/** Plays a kicked-off match to the end in steps of `step` sim seconds (at most `limit` of them). */
export function playOut(start: MatchState, model: MatchModel, random: () => number, step: number, keepTrail = false, limit = 100_000): Played {
  let s = start.phase === "pre" ? kickOff(start) : start;
  const trail: Played["trail"] = [];
  let simSeconds = 0;
  for (let i = 0; i < limit && s.phase !== "finished"; i++) {
    const r = advance(s, model, step, random);
    if (keepTrail) trail.push({ before: s, after: r.state, scored: r.scored });
    s = r.state;
    simSeconds += step;
  }
  return { final: s, trail, simSeconds };
}

/** A seeded model and the match played out from it. */
export function seededMatch(sport: SportCode, seed: number, homeShare = 0.6, step = 60): { model: MatchModel; played: Played } {
  const random = mulberry32(seed);
  const league = LEAGUE[sport];
  const model = modelFor(sport, { homeShare, league, runners: 9, random });
  const played = playOut(initialState(sport, model, { league }), model, random, step);
  return { model, played };
}

export function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}
