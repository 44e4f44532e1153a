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
import type {
  ContestRecord, ContestStatus, EntryRecord, EntryStatus, FantasyLeagueRecord, FantasyPlayerRecord, FantasySportRecord,
  FantasySportStatus, FantasySportWithCounts,
} from "../fantasy/types.ts";

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

// ---------- Fantasy ----------

export interface ContestFilter {
  sportId?: string;
  statuses?: readonly ContestStatus[];
  minFee?: number;
  maxFee?: number;
  /** Bounds on maxEntries (the contest's size). */
  minSize?: number;
  maxSize?: number;
  limit: number;
}

export interface NewContestPlan {
  contest: ContestRecord;
  poolAccountId: string;
  /** The guaranteed prize moved from the house into the pool, or null. */
  funding: LedgerTransaction | null;
  /** A private contest's creator enters it in the same write, paying the fee like any entry. */
  creatorEntry: { entry: EntryRecord; fee: LedgerTransaction | null; walletAccountId: string } | null;
  audit: AuditEntry | null;
}
export type NewContestOutcome =
  | { kind: "created"; balance: number | null }
  | { kind: "sport_not_found" }
  | { kind: "insufficient_funds" }
  | { kind: "no_wallet" };

export interface EntryPlan {
  entry: EntryRecord;
  /** Wallet → contest pool, or null for a free contest. */
  fee: LedgerTransaction | null;
  walletAccountId: string;
}
/** not_taking_entries: the contest was not open, had started or was full when the write ran. */
export type EntryOutcome =
  | { kind: "entered"; balance: number }
  | { kind: "not_taking_entries" }
  | { kind: "already_entered" }
  | { kind: "insufficient_funds" }
  | { kind: "no_wallet" };

export interface LineupChange {
  entryId: string;
  userId: string;
  lineup: string[];
  salaryUsed: number;
  at: Date;
}

/** Record the stats feed's points and the standings; moves a locked contest to live. */
export interface ScorePlan {
  contestId: string;
  from: "locked" | "live";
  at: Date;
  playerPoints: ReadonlyMap<string, number>;
  standings: { entryId: string; pointsX100: number; rank: number }[];
}

/** Settle or cancel: status, entry results and every ledger transaction in one write. */
export interface ResolutionPlan {
  contestId: string;
  from: readonly ContestStatus[];
  to: "settled" | "cancelled";
  at: Date;
  /** Final player points to record (null keeps what is stored). */
  playerPoints: ReadonlyMap<string, number> | null;
  entries: { entryId: string; pointsX100: number | null; rank: number | null; payout: number; status: EntryStatus }[];
  /** Rake, payouts, refunds and the return of any guarantee; after them the pool must be empty. */
  transactions: LedgerTransaction[];
  poolAccountId: string;
  audit: AuditEntry;
}

export type EntryWithEntrant = EntryRecord & { entrant: { firstName: string; lastName: string } };

export interface Fantasy {
  listSports(filter: { status?: FantasySportStatus }): Promise<FantasySportWithCounts[]>;
  findSport(id: string): Promise<FantasySportRecord | null>;
  /** "duplicate" when a sport of that name and season exists (case-insensitive). */
  createSport(sport: FantasySportRecord, audit: AuditEntry): Promise<"created" | "duplicate">;
  listLeagues(filter: { sportId?: string }): Promise<FantasyLeagueRecord[]>;
  createLeague(league: FantasyLeagueRecord, audit: AuditEntry): Promise<"created" | "sport_not_found">;
  listPlayers(filter: { sportId?: string; position?: string; limit: number }): Promise<FantasyPlayerRecord[]>;
  findPlayers(ids: readonly string[]): Promise<FantasyPlayerRecord[]>;
  createPlayer(player: FantasyPlayerRecord, audit: AuditEntry): Promise<"created" | "sport_not_found">;
  listContests(filter: ContestFilter): Promise<ContestRecord[]>;
  findContest(id: string): Promise<ContestRecord | null>;
  /** Contest, its prize-pool account, any guarantee funding and a creator's entry in one write. */
  createContest(plan: NewContestPlan): Promise<NewContestOutcome>;
  /** Entry, entry count and fee postings in one write, refused unless open, before start and not full. */
  enter(plan: EntryPlan): Promise<EntryOutcome>;
  /** A new lineup for the customer's own entry, refused once the contest stops taking entries. */
  editLineup(change: LineupChange): Promise<"updated" | "not_taking_entries" | "not_found">;
  findEntry(id: string): Promise<EntryRecord | null>;
  entriesForUser(userId: string, limit: number): Promise<EntryRecord[]>;
  entriesOf(contestId: string): Promise<EntryWithEntrant[]>;
  /** The ids among `contestIds` the user has entered. */
  enteredBy(userId: string, contestIds: readonly string[]): Promise<Set<string>>;
  /** Points (hundredths) per player scored so far, per contest. */
  playerPoints(contestIds: readonly string[]): Promise<Map<string, Map<string, number>>>;
  /** Contests with something due at `now`: open past their start, locked, or live. */
  contestsToAdvance(now: Date, limit: number): Promise<ContestRecord[]>;
  /** open → locked, only if still open, past its start and with at least minEntries. */
  lock(contestId: string, at: Date): Promise<boolean>;
  score(plan: ScorePlan): Promise<boolean>;
  /**
   * "wrong_status" when the contest is no longer in plan.from; "pool_mismatch" when the pool would
   * not end empty (its entries changed since the plan was made). Either way nothing is written.
   */
  resolve(plan: ResolutionPlan): Promise<"resolved" | "wrong_status" | "not_found" | "pool_mismatch">;
}

/** The source of players' fantasy points while a contest is live (a simulator in the demo). */
export interface FantasyStatsFeed {
  /**
   * Points (hundredths) each player has scored in the contest by `progressMilli` (0..1000) of its
   * game window. The same question always gets the same answer; points never go down as progress
   * grows, and at 1000 they are final.
   */
  pointsAt(query: {
    contestId: string;
    sportId: string;
    progressMilli: number;
    players: readonly FantasyPlayerRecord[];
  }): Promise<Map<string, number>>;
}

export interface Ports {
  users: Users;
  sessions: Sessions;
  events: Events;
  bets: Bets;
  wallets: Wallets;
  idempotency: IdempotencyRecords;
  /**
   * Fantasy sports (libSQL only: new ports need no in-memory fake, so it is optional here and the
   * fantasy use cases refuse with INTERNAL when it is missing).
   */
  fantasy?: Fantasy;
}
