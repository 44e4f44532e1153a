/**
 * The live book as the customer meets it, in pure functions shared by the betting page, /public and
 * the landing page: the match clock's label, whether a slip selection can still be bet on (its
 * event, market and outcome as the events list says they are now), the in-play wait the slip
 * announces, and the countdown it shows while a placement waits.
 */
import type { Event } from "../../../api/schemas/events.ts";

// The match clock's label lives in a module of its own: the landing page needs only it, not the
// slip's rules below (the bundler then gives the landing page less to load).
export { liveLabel } from "./live-label.ts";

/** What the slip needs of a selection to check it against the events list. */
export interface SlipLeg {
  id: string;
  eventId: string;
  marketId: string;
  outcomeId: string;
  selectionName: string;
  marketName: string;
  eventName: string;
}

export type LegState =
  | { kind: "open" }
  /** May reopen (a score change being priced): Place waits, the leg stays. */
  | { kind: "suspended"; reason: string }
  /** Will not come back (decided, closed, event over): Place waits until the leg is removed. */
  | { kind: "gone"; reason: string };

const OPEN: LegState = { kind: "open" };

/**
 * Each leg's state from the open events list (the betting page's list, kept current by the live
 * stream). Only what the list positively shows counts: an event the list does not hold is open
 * (the server decides) unless `seenLiveEventIds` says the list held it live before: a live event
 * leaves the open list only by finishing (live events lead the list, so its limit never drops one;
 * an upcoming event may fall off the end as others go live, so that proves nothing). `now` (ms)
 * lets a race past its start count as off before the feed has turned it live.
 */
export function legStates(
  legs: readonly SlipLeg[],
  events: readonly Event[] | undefined,
  seenLiveEventIds: ReadonlySet<string> = new Set(),
  now?: number,
): Record<string, LegState> {
  const out: Record<string, LegState> = {};
  const byId = new Map((events ?? []).map((e) => [e.id, e]));
  for (const leg of legs) {
    if (!events) {
      out[leg.id] = OPEN;
      continue;
    }
    const event = byId.get(leg.eventId);
    if (!event) {
      out[leg.id] = seenLiveEventIds.has(leg.eventId) ? { kind: "gone", reason: `${leg.eventName} is over: no more bets` } : OPEN;
      continue;
    }
    if (event.status === "finished") {
      out[leg.id] = { kind: "gone", reason: `${leg.eventName} has finished: no more bets` };
      continue;
    }
    const market = event.markets.find((m) => m.id === leg.marketId);
    if (!market || market.status === "closed") {
      out[leg.id] = { kind: "gone", reason: `The ${leg.marketName} market is closed` };
      continue;
    }
    if (!market.outcomes.some((o) => o.id === leg.outcomeId && !o.result)) {
      out[leg.id] = { kind: "gone", reason: `${leg.selectionName} is already decided and no longer offered` };
      continue;
    }
    // A race is not bet in running: once it is off it never reopens, so the leg will not come back.
    if (event.sport === "racing" && (event.status === "live" || (now !== undefined && Date.parse(event.startTime) <= now))) {
      out[leg.id] = { kind: "gone", reason: `${leg.eventName} is off: betting on this race has closed` };
      continue;
    }
    if (event.suspended || market.status === "suspended") {
      out[leg.id] = { kind: "suspended", reason: "Suspended while prices are updated: wait for it to reopen" };
      continue;
    }
    out[leg.id] = OPEN;
  }
  return out;
}

/** The in-play wait for these legs: the longest `inPlayDelaySeconds` of their live events (0 = none). */
export function inPlayDelay(legs: readonly Pick<SlipLeg, "eventId">[], events: readonly Event[] | undefined): number {
  if (!events) return 0;
  const ids = new Set(legs.map((l) => l.eventId));
  let max = 0;
  for (const e of events) if (ids.has(e.id) && e.status === "live") max = Math.max(max, e.inPlayDelaySeconds);
  return max;
}

/** Whole seconds left of a wait of `delaySeconds` that began at `startedAt` (ms), never below 0. */
export function secondsLeft(startedAt: number, delaySeconds: number, now: number): number {
  return Math.max(0, Math.ceil((startedAt + delaySeconds * 1000 - now) / 1000));
}
