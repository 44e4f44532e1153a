/**
 * The contest lifecycle as one pure decision: given a contest and the time, what happens next.
 *
 *   open ──(start time, enough entries)──► locked ──(next scoring pass)──► live ──(end time)──► settled
 *     └──(start time, fewer than minEntries)──► cancelled (every fee refunded)
 *
 * A guaranteed contest always runs: it is never cancelled for too few entries (the house pays the
 * overlay), only when nobody entered at all (there is nobody to pay).
 *
 * One step per pass, so each state is recorded: entries stop at the start time (locked), the stats
 * feed then scores the contest (live) until its end time, when the prize pool is paid (settled).
 * An operator may also settle a locked or live contest early (with the points as they stand),
 * cancel any contest that is not yet settled or cancelled, or lock an open one now.
 */
import type { ContestRecord, ContestStatus } from "./types.ts";

export type LifecycleStep = "lock" | "cancel" | "go_live" | "score" | "settle" | "none";

/** Entries a contest needs at its start time to run: 1 when guaranteed, else its minimum. */
export const entriesNeededToRun = (c: { minEntries: number; guaranteedPrize?: number }): number =>
  (c.guaranteedPrize ?? 0) > 0 ? 1 : c.minEntries;

export function nextStep(
  contest: Pick<ContestRecord, "status" | "startTime" | "endTime" | "currentEntries" | "minEntries"> & { guaranteedPrize?: number },
  now: Date,
): LifecycleStep {
  const t = now.getTime();
  switch (contest.status) {
    case "open":
      if (t < contest.startTime.getTime()) return "none";
      return contest.currentEntries < entriesNeededToRun(contest) ? "cancel" : "lock";
    case "locked":
      return "go_live";
    case "live":
      return t >= contest.endTime.getTime() ? "settle" : "score";
    default:
      return "none";
  }
}

/** Statuses from which each operator action is allowed. */
export const SETTLE_FROM: readonly ContestStatus[] = ["locked", "live"];
export const CANCEL_FROM: readonly ContestStatus[] = ["open", "locked", "live"];
export const LOCK_NOW_FROM: readonly ContestStatus[] = ["open"];

/**
 * Locking a contest now (an operator bringing its lock forward: the slate's first game moved up,
 * team news is out early): what stands in the way, or null. Only an open contest, and only with the
 * entries it needs to run: one short of them is cancelled at its start, never locked, and an early
 * lock must not run a contest the rules would have cancelled.
 */
export function lockNowProblem(
  contest: Pick<ContestRecord, "status" | "currentEntries" | "minEntries"> & { guaranteedPrize?: number },
): "not_open" | "too_few_entries" | null {
  if (!LOCK_NOW_FROM.includes(contest.status)) return "not_open";
  if (contest.currentEntries < entriesNeededToRun(contest)) return "too_few_entries";
  return null;
}

/**
 * A contest locked now starts now: its start time moves forward to the moment of the lock (a start
 * already past stays as it was). The end time is the slate's and does not move.
 */
export const startWhenLockedAt = (contest: Pick<ContestRecord, "startTime">, now: Date): Date =>
  new Date(Math.min(contest.startTime.getTime(), now.getTime()));

/** Entries are taken (and lineups edited) only while open and before the start time. */
export const takesEntries = (c: Pick<ContestRecord, "status" | "startTime">, now: Date): boolean =>
  c.status === "open" && now.getTime() < c.startTime.getTime();
