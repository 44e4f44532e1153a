/**
 * The in-play bet delay: a bet with a leg on a live event waits a few seconds before it is checked
 * again and written, so a customer watching a faster picture than the feed cannot back a goal that
 * has already gone in. After the wait the market must still be open and not suspended, and the
 * price must still hold under the customer's price-change policy (place-bet.ts).
 */
import type { SportCode } from "../shared/types.ts";

/** Default delays per sport (ms). Racing is never bet in running here: the race is suspended at the jump. */
export const DEFAULT_IN_PLAY_DELAY_MS: Readonly<Record<SportCode, number>> = {
  soccer: 5000, basketball: 4000, tennis: 3000, nfl: 5000, hockey: 4000, mlb: 4000,
  afl: 5000, nrl: 5000, golf: 3000, cricket: 4000, racing: 0,
};

/** After a score change an event's markets stay suspended this long (SCORE_SUSPEND_MS), then reopen at the new prices. */
export const DEFAULT_SCORE_SUSPEND_MS = 5000;

/**
 * After a non-runner re-forms a race it stays suspended this long (RACE_REFORM_SUSPEND_MS), so
 * customers see the market go down and come back at the new prices and terms (trading/race-reform.ts).
 */
export const DEFAULT_REFORM_SUSPEND_MS = 10_000;

const SPORTS = new Set(Object.keys(DEFAULT_IN_PLAY_DELAY_MS));

/**
 * IN_PLAY_DELAY_MS: a number for every sport ("2000", "0" turns the delay off), or per sport
 * ("soccer=5000,tennis=3000"; a bare number in the list sets the rest). Null for text that is
 * neither, so a typo fails the start instead of silently taking bets without a delay.
 */
export function parseInPlayDelays(text: string | undefined): Record<SportCode, number> | null {
  const out = { ...DEFAULT_IN_PLAY_DELAY_MS };
  if (text === undefined || text.trim() === "") return out;
  let rest: number | null = null;
  const pairs: [SportCode, number][] = [];
  for (const part of text.split(",").map((p) => p.trim()).filter(Boolean)) {
    const m = /^(?:([a-z]+)=)?(\d{1,6})$/.exec(part);
    if (!m) return null;
    if (m[1] === undefined) rest = Number(m[2]);
    else if (!SPORTS.has(m[1])) return null;
    else pairs.push([m[1] as SportCode, Number(m[2])]);
  }
  if (rest !== null) for (const s of SPORTS) out[s as SportCode] = rest;
  for (const [s, ms] of pairs) out[s] = ms;
  return out;
}

/** The longest delay among the legs on live events (0 when none is live). */
export function inPlayDelayFor(legs: readonly { sport: SportCode; eventStatus: string }[], delays: (s: SportCode) => number): number {
  return legs.reduce((most, l) => (l.eventStatus === "live" ? Math.max(most, delays(l.sport)) : most), 0);
}
