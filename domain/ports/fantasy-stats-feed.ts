/** The fantasy stats feed. */
import type { FantasyPlayerRecord } from "../fantasy/types.ts";

/** The source of players' fantasy points while a contest is live (a simulator in the demo). */
export interface FantasyStatsFeed {
  /**
   * Points (hundredths) each player has scored in the contest by `progressMilli` (0..1000) of its
   * game window. The same question always gets the same answer; points never go down as progress
   * grows, and at 1000 they are final.
   */
  pointsAt(query: {
    contestId: string;
    sportId: string;
    progressMilli: number;
    players: readonly FantasyPlayerRecord[];
  }): Promise<Map<string, number>>;
}
