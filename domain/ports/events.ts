/** Sporting events: lists, prices of outcomes, status changes and operators' updates. */
import type { AuditEntry, EventStatus, EventView, PricedOutcome, SportCode, MatchState } from "../shared/types.ts";

export type EventListStatus = EventStatus | "open" | "all";

/**
 * How recent a priced read must be: "now" reads the database; "session" may answer with rows kept
 * from an earlier read, provided they are no older than what this request's session lookup saw
 * (placement's first read; the write checks each leg's price and state again).
 */
export type PricedAsOf = "now" | "session";

export interface Events {
  list(filter: { status: EventListStatus; limit: number; sport?: SportCode }): Promise<EventView[]>;
  findById(id: string): Promise<EventView | null>;
  /** The outcomes with their market and event, for the given outcome ids (missing ids are left out). */
  pricedOutcomes(outcomeIds: readonly string[], asOf?: PricedAsOf): Promise<PricedOutcome[]>;
  /** Total stakes on each event (cents). */
  volumes(eventIds: readonly string[]): Promise<Map<string, number>>;
  /**
   * Change an event's status with its audit record in one write. Returns false, writing nothing,
   * for a backward or repeated move or an unknown event.
   */
  changeStatus(
    change: { eventId: string; to: EventStatus; at: Date; minute: number | null; homeScore: number | null; awayScore: number | null },
    audit: AuditEntry,
  ): Promise<boolean>;
  counts(): Promise<Record<EventStatus, number>>;
  /**
   * An operator's change to an event (status, score, start time) with the outcome results and
   * market closings it decides, and its audit record, in one write. False, writing nothing, when
   * the event is unknown or its status is no longer `fromStatus` (or the move is backward).
   */
  update(change: EventUpdate, audit: AuditEntry): Promise<boolean>;
}

export interface EventUpdate {
  eventId: string;
  at: Date;
  fromStatus: EventStatus;
  status?: EventStatus;
  startTime?: Date;
  homeScore?: number;
  awayScore?: number;
  minute?: number | null;
  state?: MatchState;
  suspendedUntil?: Date | null;
  /** Results the new state decides (null clears a result a wrong score had decided). */
  outcomeResults: { outcomeId: string; result: "won" | "lost" | "void" | null }[];
  /** Markets every outcome of which is now decided (closed), and ones a correction reopens. */
  closeMarkets: string[];
  reopenMarkets: string[];
}
