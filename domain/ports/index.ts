/**
 * The ports the use cases need, named after what they hold. adapters/libsql implements them;
 * each write method is one atomic database write.
 */
import type { LedgerTransaction } from "../wallet/ledger.ts";
import type {
  AuditEntry, BetRecord, EventStatus, EventView, PricedOutcome, SportCode, User,
} from "../shared/types.ts";

export interface NewSession {
  /** Hash of the opaque token; the token is only ever in the cookie. */
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  /** The client's address when the session started (for abuse and fraud rules); null if unknown. */
  ip: string | null;
}

export interface Users {
  findById(id: string): Promise<User | null>;
  /** Create a user, optionally with a wallet opened by a ledger transaction (e.g. a demo grant). */
  create(user: User, wallet: { grant: LedgerTransaction | null } | null): Promise<void>;
  countActiveCustomers(): Promise<number>;
}

export interface Sessions {
  create(session: NewSession): Promise<void>;
  /** The session and its user when the session exists and has not expired at `now`. */
  findActive(id: string, now: Date): Promise<{ user: User; expiresAt: Date } | null>;
  delete(id: string): Promise<void>;
}

export type EventListStatus = EventStatus | "open" | "all";

export interface Events {
  list(filter: { status: EventListStatus; limit: number; sport?: SportCode }): Promise<EventView[]>;
  findById(id: string): Promise<EventView | null>;
  /** The outcomes with their market and event, for the given outcome ids (missing ids are left out). */
  pricedOutcomes(outcomeIds: readonly string[]): Promise<PricedOutcome[]>;
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
}

export interface PlacementPlan {
  bet: Omit<BetRecord, "legs" | "actualReturn" | "settledAt">;
  legs: BetRecord["legs"];
  stakeTransaction: LedgerTransaction;
  walletAccountId: string;
  idempotency: { key: string; requestHash: string; response: unknown } | null;
}

export type PlacementOutcome =
  | { kind: "placed"; balance: number }
  | { kind: "odds_changed" }
  | { kind: "insufficient_funds" }
  | { kind: "no_wallet" }
  | { kind: "duplicate_idempotency_key" };

export interface SettlementPlan {
  betId: string;
  status: "won" | "lost" | "void";
  actualReturn: number;
  settledAt: Date;
  settledBy: string;
  legResults: { legId: string; result: "won" | "lost" | "void" }[];
  payout: LedgerTransaction | null;
  audit: AuditEntry;
}

export interface BetTotals {
  totalBets: number;
  pendingBets: number;
  wonBets: number;
  lostBets: number;
  voidBets: number;
  totalStaked: number;
  totalReturned: number;
  settledStakes: number;
  openLiability: number;
}

export interface Bets {
  /** Bet, legs, stake postings, cached balance and idempotency record in one write. */
  place(plan: PlacementPlan): Promise<PlacementOutcome>;
  findById(id: string): Promise<BetRecord | null>;
  listForUser(userId: string, limit: number): Promise<BetRecord[]>;
  listAll(
    limit: number,
    status?: "pending" | "settled",
  ): Promise<(BetRecord & { customer: { firstName: string; lastName: string; email: string } })[]>;
  /**
   * Status, leg results, payout postings and audit record in one write; "not_pending" if already
   * settled, "not_found" for an unknown bet; in both cases nothing is written.
   */
  settle(plan: SettlementPlan): Promise<"settled" | "not_pending" | "not_found">;
  totals(): Promise<BetTotals>;
}

export interface Wallets {
  /** The customer's wallet balance in cents, or null when they have no wallet. */
  balanceOf(userId: string): Promise<number | null>;
}

export interface IdempotencyRecords {
  find(userId: string, key: string): Promise<{ requestHash: string; response: unknown } | null>;
}

export interface Ports {
  users: Users;
  sessions: Sessions;
  events: Events;
  bets: Bets;
  wallets: Wallets;
  idempotency: IdempotencyRecords;
}
