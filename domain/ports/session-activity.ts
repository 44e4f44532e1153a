/** A customer's session activity (reality checks). */
import type { Cents } from "../shared/money.ts";

export interface SessionRecord {
  sessionId: string;
  startedAt: Date;
  /** Last request seen on the session (its start when none since). */
  lastSeenAt: Date;
}

export interface SessionActivity {
  /** Note activity on a session at `at` (cheap; repeated calls within a minute may write nothing). */
  touch(sessionId: string, at: Date): Promise<void>;
  /** The session's start, or null when it does not exist. */
  startOf(sessionId: string): Promise<Date | null>;
  /** The user's sessions active at or after `since`, and the longest session ever (ms). */
  recent(userId: string, since: Date): Promise<{ sessions: SessionRecord[]; longestMs: number }>;
  /**
   * Returns minus stakes (bets and contests) on the wallet at or after `since`, leaving out the stakes
   * of bets still pending and the fees of contest entries not resolved yet (not lost yet); those are `openStakes`.
   */
  netWinLossSince(userId: string, since: Date): Promise<{ net: Cents; openStakes: Cents }>;
}
