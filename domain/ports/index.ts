/**
 * The ports the use cases need, named after what they hold. adapters/libsql implements them;
 * each write method is one atomic database write.
 */
import type { LedgerTransaction } from "../wallet/ledger.ts";
import type {
  AuditEntry, BetRecord, EventStatus, EventView, PricedOutcome, SportCode, User,
} from "../shared/types.ts";
import type { AccountProfile, Address } from "../accounts/profile.ts";
import type { UserSettings } from "../accounts/settings.ts";
import type { VerificationProvider } from "../kyc/verification-provider.ts";
import type { VerificationLevel } from "../shared/types.ts";

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
  /**
   * Re-checked inside the write (libSQL): the customer is active and not excluded at `at`, and net
   * losses after each window's `since` plus the stake stay within its limit. Absent: not checked.
   */
  guards?: { at: Date; lossLimits: { since: Date; limit: number }[] };
}

export type PlacementOutcome =
  | { kind: "placed"; balance: number }
  /** A guard inside the write failed (suspension, exclusion, loss limit): nothing written. */
  | { kind: "refused" }
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

// ---- Accounts (issue 3): registration, sign-in, profile, settings, verification, follows ----

/** A user with the stored password hash (null for demo users, who have no password). */
export interface Credentials {
  user: User;
  passwordHash: string | null;
}

export interface Registration {
  user: User;
  passwordHash: string;
  dateOfBirth: string;
  /** The first session, created in the same write. */
  session: NewSession;
  audit: AuditEntry;
}

export interface DetailsChange {
  userId: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  audit: AuditEntry;
}

export interface PasswordChange {
  userId: string;
  /** The hash the new one replaces: the write does nothing if it changed meanwhile. */
  expectedHash: string;
  newHash: string;
  /** Every other session of the user ends in the same write. */
  keepSessionId: string;
  audit: AuditEntry;
}

export interface VerificationChange {
  userId: string;
  /** The write does nothing unless the user is at one of these levels now. */
  from: readonly VerificationLevel[];
  to: VerificationLevel;
  /** Identity details confirmed by the provider (basic verification), stored on the account. */
  identity: { firstName: string; lastName: string; dateOfBirth: string; address: Address } | null;
  audit: AuditEntry;
}

export interface Accounts {
  findByEmail(email: string): Promise<Credentials | null>;
  credentialsOf(userId: string): Promise<Credentials | null>;
  /** User, empty wallet, first session and audit record in one write; "email_taken" writes nothing. */
  register(r: Registration): Promise<"registered" | "email_taken">;
  profileOf(userId: string): Promise<AccountProfile | null>;
  updateDetails(change: DetailsChange): Promise<"updated" | "email_taken" | "not_found">;
  /** false (nothing written) when the stored hash is no longer `expectedHash`. */
  changePassword(change: PasswordChange): Promise<boolean>;
  /** false (nothing written) when the user is not at one of `from` any more. */
  changeVerification(change: VerificationChange): Promise<boolean>;
}

export interface AccountSettings {
  /** The user's settings, or the defaults when none were saved. */
  of(userId: string): Promise<UserSettings>;
  save(userId: string, settings: UserSettings, at: Date): Promise<void>;
}

export interface Follows {
  teamsOf(userId: string): Promise<string[]>;
  /** The exact team name as the events spell it (case-insensitive match), or null if no event has it. */
  knownTeam(name: string): Promise<string | null>;
  follow(userId: string, team: string, at: Date): Promise<void>;
  unfollow(userId: string, team: string): Promise<void>;
}

export type RewardKind = "deposit_bonus" | "adjustment" | "demo_grant";
export interface RewardPosting {
  transactionId: string;
  kind: RewardKind;
  amount: number;
  createdAt: Date;
  reference: string | null;
}
export interface Rewards {
  /** Postings of the reward kinds to the user's wallet, newest first, and their total. */
  listForUser(userId: string, limit: number): Promise<{ items: RewardPosting[]; total: number }>;
}

export interface SignInAttempt {
  email: string;
  ip: string | null;
  success: boolean;
  at: Date;
}
export interface SignInAttempts {
  record(attempt: SignInAttempt): Promise<void>;
  /**
   * Times (ms) of failed attempts at or after `since` for the account and for the address, each
   * counted only after the last success for that account / from that address.
   */
  recentFailures(q: { email: string; ip: string | null; since: Date }): Promise<{ byAccount: number[]; byAddress: number[] }>;
}

export interface PasswordHasher {
  /** A self-describing hash (algorithm, parameters, salt, hash) of the password. */
  hash(password: string): Promise<string>;
  /** Constant-time comparison; a null `stored` still takes the time of a check, and is false. */
  verify(password: string, stored: string | null): Promise<boolean>;
}

// ---- Live prices and the betting page's read models ----

/** Where a reader of odds changes has got to; opaque to the domain. */
export interface OddsCursor {
  at: number;
  priceChangeId: number;
}
export interface OddsChanges {
  /** The position of the newest change now: a new reader starts here. */
  head(): Promise<OddsCursor>;
  /** Events whose prices, markets, score or status changed since the cursor, and the next cursor. */
  since(cursor: OddsCursor): Promise<{ eventIds: string[]; cursor: OddsCursor }>;
}

export interface PriceRise {
  outcomeId: string;
  outcomeName: string;
  marketId: string;
  marketName: string;
  eventId: string;
  eventName: string;
  oldPriceMilli: number;
  newPriceMilli: number;
  changedAt: Date;
}
export interface PriceHistory {
  /** Outcomes of open markets on unfinished events now priced above their price at `since`, largest relative rise first. */
  risesSince(since: Date, limit: number): Promise<PriceRise[]>;
}

/** The customer-account ports (issue 3); libSQL and the system/kyc adapters implement them. */
export interface AccountPorts {
  accounts: Accounts;
  accountSettings: AccountSettings;
  follows: Follows;
  rewards: Rewards;
  signInAttempts: SignInAttempts;
  passwords: PasswordHasher;
  verification: VerificationProvider;
  oddsChanges: OddsChanges;
  priceHistory: PriceHistory;
}

export interface Ports {
  users: Users;
  sessions: Sessions;
  events: Events;
  bets: Bets;
  wallets: Wallets;
  idempotency: IdempotencyRecords;
}
