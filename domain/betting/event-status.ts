/**
 * Event status moves forward only: upcoming -> live -> finished, or upcoming -> finished for an
 * event that is abandoned before it starts (domain/markets/update-event.ts applies it).
 */
import type { EventStatus } from "../shared/types.ts";

const allowed: Record<EventStatus, EventStatus[]> = {
  upcoming: ["live", "finished"],
  live: ["finished"],
  finished: [],
};

export const canMoveEvent = (from: EventStatus, to: EventStatus): boolean => allowed[from].includes(to);
