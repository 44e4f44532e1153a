/**
 * A contest's standings as everyone sees them: ranked entries (unranked ones, before the first
 * scoring, after the ranked and all level at rank 1), ties in rank ordered by who entered first; the
 * entrant shown by first name and initial; the viewer's own entries marked.
 */
import type { EntryWithEntrant } from "../ports/index.ts";

export interface StandingRow {
  rank: number;
  entryId: string;
  name: string;
  pointsX100: number;
  payout: number | null;
  mine: boolean;
}

export function standingsOf(entries: readonly EntryWithEntrant[], viewer: string | null): StandingRow[] {
  return [...entries]
    .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.enteredAt.getTime() - b.enteredAt.getTime())
    .map((e) => ({
      // Before the first scoring everyone is level: all share rank 1.
      rank: e.rank ?? 1,
      entryId: e.id,
      name: `${e.entrant.firstName} ${e.entrant.lastName.slice(0, 1)}.`.trim(),
      pointsX100: e.pointsX100,
      payout: e.payout,
      mine: e.userId === viewer,
    }));
}
