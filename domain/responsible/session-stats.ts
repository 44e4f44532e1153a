/**
 * Reality-check session statistics from real sign-in sessions, pure. A session runs from its start
 * to its last seen request (the current one to now). Overlapping sessions (two devices) are merged
 * so time is never counted twice. "Today" is the UTC day; the weekly average is the time in the
 * last 7 x 24 hours divided by 7.
 */
import type { SessionRecord } from "../ports/session-activity.ts";

export interface SessionStatsInput {
  now: Date;
  current: { sessionId: string; startedAt: Date };
  sessions: readonly SessionRecord[];
  longestMs: number;
}
export interface SessionStatsFigures {
  minutes: number;
  todayMinutes: number;
  weeklyAverageMinutes: number;
  longestMinutes: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Total length of the union of [start, end] intervals clipped to [from, to]. */
export function coveredMs(intervals: readonly [number, number][], from: number, to: number): number {
  const clipped = intervals
    .map(([s, e]) => [Math.max(s, from), Math.min(e, to)] as [number, number])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let curS = -Infinity;
  let curE = -Infinity;
  for (const [s, e] of clipped) {
    if (s > curE) {
      if (curE > curS) total += curE - curS;
      curS = s;
      curE = e;
    } else curE = Math.max(curE, e);
  }
  if (curE > curS) total += curE - curS;
  return total;
}

export function sessionStats(input: SessionStatsInput): SessionStatsFigures {
  const now = input.now.getTime();
  const start = input.current.startedAt.getTime();
  const intervals: [number, number][] = input.sessions
    .filter((s) => s.sessionId !== input.current.sessionId)
    .map((s) => [s.startedAt.getTime(), s.lastSeenAt.getTime()]);
  intervals.push([start, now]);
  const midnight = Date.UTC(input.now.getUTCFullYear(), input.now.getUTCMonth(), input.now.getUTCDate());
  const currentMs = Math.max(0, now - start);
  return {
    minutes: Math.floor(currentMs / MINUTE),
    todayMinutes: Math.floor(coveredMs(intervals, midnight, now) / MINUTE),
    weeklyAverageMinutes: Math.floor(coveredMs(intervals, now - 7 * DAY, now) / 7 / MINUTE),
    longestMinutes: Math.floor(Math.max(input.longestMs, currentMs) / MINUTE),
  };
}

/**
 * One wallet movement of the session's play: a stake, entry fee, payout, refund,
 * resettlement or cash out, in signed cents (out of the wallet is negative). `open` marks money at
 * stake that is not decided yet: the stake of a bet still pending, or the entry fee of a fantasy
 * contest entry not yet resolved (its contest not settled or cancelled).
 */
export interface SessionMovement {
  amount: number;
  open: boolean;
}

/**
 * The session's net result: what came back minus what was staked on decided play. Money on open
 * bets and unresolved contest entries is not lost yet: it is left out of `net` and reported as
 * `openStakes` (a positive figure), so a pending stake or fee is never shown as a loss.
 */
export function sessionResult(movements: readonly SessionMovement[]): { net: number; openStakes: number } {
  let net = 0;
  let openStakes = 0;
  for (const m of movements) {
    if (m.open) openStakes -= m.amount;
    else net += m.amount;
  }
  return { net, openStakes };
}
