/** An event's match model and current state, to price a market created without prices. */
import type { MatchModel, MatchState } from "../shared/types.ts";

export interface EventPricing {
  /** The event's stored model and state (derived from its match-result prices when it has none); null for an unknown event. */
  basisOf(eventId: string): Promise<{ state: MatchState; model: MatchModel } | null>;
}
