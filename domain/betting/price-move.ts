/**
 * The demo feed's price rule: a live price moves by at most 0.10 per step and never below 1.01.
 */
import { MIN_ODDS_MILLI, MAX_ODDS_MILLI, type OddsMilli } from "../shared/odds.ts";

export const MAX_STEP_MILLI = 100;

/** Apply a step (clamped to +/-0.10) to a price, keeping it within 1.01..1000. */
export function nextPrice(current: OddsMilli, step: number): OddsMilli {
  const s = Math.max(-MAX_STEP_MILLI, Math.min(MAX_STEP_MILLI, Math.round(step)));
  return Math.min(MAX_ODDS_MILLI, Math.max(MIN_ODDS_MILLI, current + s));
}

/** A random step in [-0.10, +0.10] on the 0.01 price grid, from a uniform random number in [0, 1). */
export const randomStep = (u: number): number => Math.round((u * 2 - 1) * 10) * (MAX_STEP_MILLI / 10);
