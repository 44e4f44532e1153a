/** The in-play bet delay. */
import type { SportCode } from "../shared/types.ts";

/** The in-play bet delay (domain/betting/in-play.ts): how long per sport, and the wait itself (a timer). */
export interface InPlayDelay {
  delayMs(sport: SportCode): number;
  wait(ms: number): Promise<void>;
  /** How long an event's markets stay suspended after a score change (then they reopen at new prices). */
  scoreSuspendMs: number;
  /** How long a race stays suspended after a non-runner re-forms it (then it reopens at the re-formed prices). */
  reformSuspendMs: number;
}
