/**
 * The operator's lists: every event and every bet reachable, a page at a time,
 * with a total and a cursor that stays stable while new rows arrive. The live bet ticker is in
 * bet-ticker.ts.
 */
import type { BetRecord, EventStatus, SportCode } from "../shared/types.ts";
import type { Reach } from "../shared/reach.ts";

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
  /** Whose bets: the caller's reach (the demo sandbox, domain/shared/reach.ts). */
  reach: Reach;
}

/** A bet with its customer as the back office shows it; `isDemo`: a demo customer's (play money). */
export type BetWithCustomer = BetRecord & { customer: { firstName: string; lastName: string; email: string; isDemo?: boolean } };
export type AdminBetRow = BetWithCustomer;

export interface AdminLists {
  events(filter: AdminEventFilter): Promise<ListPage<AdminEventRow> | "bad_cursor">;
  bets(filter: AdminBetFilter): Promise<ListPage<AdminBetRow> | "bad_cursor">;
}
