/**
 * The operator's lists (issue 18 item 9): every event and every bet reachable, a page at a time,
 * with a total and a cursor that stays stable while new rows arrive; and the live bet ticker's
 * hook, told of each bet after its placement write succeeded.
 */
import type { BetRecord, EventStatus, SportCode, User } from "../shared/types.ts";
import type { TickerItem } from "../risk/ticker.ts";

/** A page of rows, the number of rows matching the filter, and where the next page starts (null: none). */
export interface ListPage<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

export interface AdminEventFilter {
  /** Text in the event's name, home or away team or league (case-insensitive). */
  q?: string;
  sport?: SportCode;
  status?: EventStatus | "open" | "all";
  /** Start time within [from, to). */
  from?: Date;
  to?: Date;
  limit: number;
  /** From a previous page's nextCursor. */
  cursor?: string;
}

/** An event as the Manage Events list shows it. */
export interface AdminEventRow {
  id: string;
  name: string;
  sport: SportCode;
  sportName: string;
  league: string;
  homeTeam: string;
  awayTeam: string;
  startTime: Date;
  status: EventStatus;
  minute: number | null;
  homeScore: number | null;
  awayScore: number | null;
  marketCount: number;
}

export type AdminBetStatusFilter = "all" | "pending" | "settled" | "won" | "lost" | "void" | "cashed_out";

export interface AdminBetFilter {
  betId?: string;
  /** Text in the customer's first or last name, full name or email. */
  customer?: string;
  /** Text in the name of any leg's event, or an exact event id. */
  event?: string;
  status?: AdminBetStatusFilter;
  sport?: SportCode;
  betType?: BetRecord["betType"];
  /** Stake in cents within [minStake, maxStake]. */
  minStake?: number;
  maxStake?: number;
  limit: number;
  cursor?: string;
}

export type AdminBetRow = BetRecord & { customer: { firstName: string; lastName: string; email: string } };

export interface AdminLists {
  events(filter: AdminEventFilter): Promise<ListPage<AdminEventRow> | "bad_cursor">;
  bets(filter: AdminBetFilter): Promise<ListPage<AdminBetRow> | "bad_cursor">;
}

/** What placement tells the ticker of a bet it has written (what it already holds: no extra read). */
export interface PlacedBetNotice {
  bet: Pick<BetRecord, "id" | "userId" | "betType" | "stake" | "totalOddsMilli" | "potentialReturn" | "placedAt">;
  legs: Pick<BetRecord["legs"][number], "eventId" | "eventName" | "marketName" | "selectionName" | "oddsMilli">[];
  customer: Pick<User, "firstName" | "lastName" | "email">;
}

/** The live bet ticker: must return at once and never throw (it runs after the write, on the request). */
export interface BetTicker {
  placed(notice: PlacedBetNotice): void;
  /** The feed the admin stream reads: each batch of ticker items in placement order; resolves with the unsubscribe. */
  subscribe(listener: (items: TickerItem[]) => void): Promise<() => void>;
}
