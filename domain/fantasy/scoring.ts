/**
 * Scoring: how far through its game window a contest is, an entry's points (the sum of its
 * players' points in that contest), and the standings (ties share a rank: 1, 2, 2, 4). Points are
 * integer hundredths throughout, so equal scores are exactly equal.
 */
import type { ContestRecord, EntryRecord } from "./types.ts";

/** 0 at the start time, 1 at the end time, clamped; progress in thousandths keeps it exact. */
export function progressMilli(contest: Pick<ContestRecord, "startTime" | "endTime">, now: Date): number {
  const span = contest.endTime.getTime() - contest.startTime.getTime();
  if (span <= 0) return 1000;
  const done = now.getTime() - contest.startTime.getTime();
  return Math.max(0, Math.min(1000, Math.floor((done * 1000) / span)));
}

export const entryPoints = (lineup: readonly string[], playerPoints: ReadonlyMap<string, number>): number =>
  lineup.reduce((sum, id) => sum + (playerPoints.get(id) ?? 0), 0);

export interface Standing {
  entryId: string;
  pointsX100: number;
  rank: number;
}

/** Entries ranked by points; equal points share the better rank. */
export function standings(
  entries: readonly Pick<EntryRecord, "id" | "lineup" | "enteredAt">[],
  playerPoints: ReadonlyMap<string, number>,
): Standing[] {
  const scored = entries
    .map((e) => ({ entryId: e.id, pointsX100: entryPoints(e.lineup, playerPoints), at: e.enteredAt.getTime() }))
    .sort((a, b) => b.pointsX100 - a.pointsX100 || a.at - b.at || (a.entryId < b.entryId ? -1 : 1));
  let rank = 0;
  return scored.map((s, i) => {
    if (i === 0 || s.pointsX100 !== scored[i - 1].pointsX100) rank = i + 1;
    return { entryId: s.entryId, pointsX100: s.pointsX100, rank };
  });
}

/** Points for people: hundredths to a number with two decimals at most (2345 → 23.45). */
export const pointsToNumber = (x100: number): number => x100 / 100;
/** A projection such as 18.25 to hundredths, exactly. */
export const pointsToX100 = (points: number): number => Math.round(points * 100);
