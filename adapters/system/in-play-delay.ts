/** The in-play bet delay on a real timer, with the per-sport delays from IN_PLAY_DELAY_MS (domain/betting/in-play.ts). */
import type { InPlayDelay } from "../../domain/ports/index.ts";
import type { SportCode } from "../../domain/shared/types.ts";
import { DEFAULT_IN_PLAY_DELAY_MS, DEFAULT_REFORM_SUSPEND_MS, DEFAULT_SCORE_SUSPEND_MS } from "../../domain/betting/in-play.ts";

export function timerInPlayDelay(
  delays: Readonly<Record<SportCode, number>> = DEFAULT_IN_PLAY_DELAY_MS,
  scoreSuspendMs = DEFAULT_SCORE_SUSPEND_MS,
  reformSuspendMs = DEFAULT_REFORM_SUSPEND_MS,
): InPlayDelay {
  return {
    scoreSuspendMs,
    reformSuspendMs,
    delayMs: (sport) => delays[sport] ?? 0,
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/** No delay at all (tests that are not about the delay; seeding): a re-formed race reopens at once. */
export const NO_IN_PLAY_DELAY: InPlayDelay = { delayMs: () => 0, wait: async () => {}, scoreSuspendMs: DEFAULT_SCORE_SUSPEND_MS, reformSuspendMs: 0 };
