/**
 * The ports the use cases need, named after what they hold. adapters/libsql implements them;
 * each write method is one atomic database write.
 */
import type { EachWayTerms } from "../settlement/each-way.ts";
import type { FraudAlertType, FraudSeverity } from "../fraud/alert-types.ts";
import type { RiskLevel } from "../shared/risk-level.ts";
import type { PaymentState } from "../wallet/payment-state.ts";
import type { LedgerTransaction } from "../wallet/ledger.ts";
import type {
  AuditEntry, BetRecord, BetType, EventStatus, EventView, MarketStatus, MarketType, PricedOutcome, SportCode, User,
} from "../shared/types.ts";
import type { AccountProfile, Address } from "../accounts/profile.ts";
import type { UserSettings } from "../accounts/settings.ts";
import type { VerificationProvider } from "../kyc/verification-provider.ts";
import type { DeadHeat, VerificationLevel } from "../shared/types.ts";
import type { PersonKeyMaterial } from "../responsible/person.ts";
import type { Exclusion } from "../responsible/exclusion.ts";
import type { RegisterAnswer } from "./protection.ts";
import type {
  ContestRecord, ContestStatus, EntryRecord, EntryStatus, FantasyLeagueRecord, FantasyPlayerRecord, FantasySportRecord,
  FantasySportStatus, FantasySportWithCounts,
} from "../fantasy/types.ts";
import type { BookBet, BookMarket } from "../risk/liability.ts";
import type { BettorBet } from "../risk/sharp.ts";
import type { AdminLists, BetTicker } from "./admin-lists.ts";
import type { PriceMove } from "../risk/steam.ts";
import type { AlertCandidate, AlertSeverity, AlertType } from "../risk/alerts.ts";
import type { MatchState } from "../pricing/state.ts";
import type { EventPricing } from "./event-pricing.ts";
import type { DemoAccounts } from "./demo-accounts.ts";
import type { PlacementExposure } from "../betting/placement-limits.ts";

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
  /** Why a session that no longer exists was ended, while it would still be valid at `now` (issue 22); null when unknown. */
  endedBecause(id: string, now: Date): Promise<"suspended" | null>;
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
  guards?: WagerGuards;
}

export type PlacementOutcome =
  | { kind: "placed"; balance: number }
  /** A guard inside the write failed (suspension, exclusion, loss limit): nothing written. */
  | { kind: "refused" }
  | { kind: "odds_changed" }
  | { kind: "insufficient_funds" }
  | { kind: "no_wallet" }
  | { kind: "duplicate_idempotency_key" }
  /** The write's own limit checks (migration 0026): an outcome past its market's limit, or a payout ceiling. */
  | { kind: "liability_limit" }
  | { kind: "max_payout" };

/** What placement reads to check its limits (domain/betting/placement-limits.ts). */
export interface PlacementLimits {
  /** The customer's stake factor, each outcome's liability and limit, the payout settings and the customer's returns since `since`. */
  exposure(userId: string, outcomeIds: readonly string[], since: Date): Promise<PlacementExposure>;
}

export interface SettlementPlan {
  betId: string;
  status: "won" | "lost" | "void";
  actualReturn: number;
  settledAt: Date;
  settledBy: string;
  legResults: { legId: string; result: "won" | "lost" | "void"; deadHeat?: DeadHeat | null }[];
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
  /**
   * Many settlements in one write (settling a market): all of them, or, when any one of them is
   * refused (already settled, unknown), none ("conflict") so the caller settles them one by one.
   * Optional: without it callers settle one by one.
   */
  settleMany?(plans: readonly SettlementPlan[]): Promise<"settled" | "conflict">;
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

/**
 * Person protection carried by registration and verification writes (issue 20): the account's
 * person keys (hashed by the adapter), exclusions copied between accounts of the same person, the
 * register's answer, and for a document check that no other active account is verified by it.
 */
export interface PersonWrite {
  keys: PersonKeyMaterial;
  /** Exclusions to add, each on its account (this one inheriting, or another account of the person). */
  exclusions: { userId: string; exclusion: Exclusion }[];
  register?: RegisterAnswer | null;
  uniqueDocument?: boolean;
}

export interface Registration {
  user: User;
  passwordHash: string;
  dateOfBirth: string;
  person?: PersonWrite;
  /** The first session, created in the same write. */
  session: NewSession;
  audit: AuditEntry;
}

export interface DetailsChange {
  userId: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  /** A verified identity changed: the account goes back to this level (issue 20). */
  verificationLevel?: VerificationLevel;
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
  person?: PersonWrite;
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

/**
 * At most one password check in flight per account (sign-in and change-password together): a
 * check holds the account's slot until it ends, or until `until` if its process died. Held in the
 * shared database, so every server instance sees the same slot.
 */
export interface PasswordCheckGate {
  /** Take the account's slot for `holder`; false when another check holds it (and has not expired). */
  tryBegin(q: { account: string; holder: string; now: Date; until: Date }): Promise<boolean>;
  /** Give the slot back (only `holder`'s). */
  end(q: { account: string; holder: string }): Promise<void>;
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
  passwordChecks: PasswordCheckGate;
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
  creatorEntry: { entry: EntryRecord; fee: LedgerTransaction | null; walletAccountId: string; guards: WagerGuards } | null;
  audit: AuditEntry | null;
}
export type NewContestOutcome =
  | { kind: "created"; balance: number | null }
  | { kind: "sport_not_found" }
  /** The creator's entry failed a wagering guard inside the write: nothing written. */
  | { kind: "refused" }
  | { kind: "insufficient_funds" }
  | { kind: "no_wallet" };

/**
 * The customer's wagering gates re-checked inside a write that takes their money for a wager (a
 * contest entry fee): at `at` the account is active and under no time-out or self-exclusion, and
 * in each loss-limit window net losses after `since` plus the amount stay within `limit`.
 */
export interface WagerGuards {
  at: Date;
  lossLimits: { since: Date; limit: number }[];
  /** Bet placement: the customer's stake factor (basis points, none = full) must still be at least this (placement-limits.ts minStakeFactorBp). */
  minStakeFactorBp?: number;
}

export interface EntryPlan {
  entry: EntryRecord;
  /** Wallet → contest pool, or null for a free contest. */
  fee: LedgerTransaction | null;
  walletAccountId: string;
  guards: WagerGuards;
}
/**
 * not_taking_entries: the contest was not open, had started or was full when the write ran.
 * refused: a wagering guard failed inside the write (suspended, excluded, loss limit): nothing written.
 */
export type EntryOutcome =
  | { kind: "entered"; balance: number }
  | { kind: "not_taking_entries" }
  | { kind: "refused" }
  | { kind: "already_entered" }
  /** The customer already has as many entries as the contest allows one customer (maxEntriesPerUser). */
  | { kind: "entry_limit" }
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
  /** How many entries the customer has in each of these contests (contests without one are left out). */
  enteredBy(userId: string, contestIds: readonly string[]): Promise<Map<string, number>>;
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

/** The in-play bet delay (domain/betting/in-play.ts): how long per sport, and the wait itself (a timer). */
export interface InPlayDelay {
  delayMs(sport: SportCode): number;
  wait(ms: number): Promise<void>;
  /** How long an event's markets stay suspended after a score change (then they reopen at new prices). */
  scoreSuspendMs: number;
}

export interface Ports extends Partial<BackOfficePorts>, TradingDeskPorts {
  inPlay: InPlayDelay;
  users: Users;
  sessions: Sessions;
  events: Events;
  bets: Bets;
  /** The operator's paged lists and the live bet ticker (issue 18 item 9; libSQL only, see admin-lists.ts). */
  adminLists?: AdminLists;
  betTicker?: BetTicker;
  wallets: Wallets;
  idempotency: IdempotencyRecords;
  /**
   * Fantasy sports (libSQL only: new ports need no in-memory fake, so it is optional here and the
   * fantasy use cases refuse with INTERNAL when it is missing).
   */
  fantasy?: Fantasy;
  /** A market created without prices is priced from its event's model (domain/markets/standard-outcomes.ts; libSQL only). */
  eventPricing?: EventPricing;
  /** Idle demo accounts and closing them (domain/users/demo-expiry.ts; libSQL only). */
  demoAccounts?: DemoAccounts;
}

// ---- Back office (issue 4, A-S2): user admin, fraud, tasks, bulk operations, CRM, payments ----
// libsqlPorts implements these; they have no in-memory fakes (tested against libSQL via the API).

/** A user as the admin console lists them: the user, their wallet balance and risk profile. */
export interface AdminUserRecord extends User {
  /** Wallet balance in cents, or null for staff without a wallet. */
  balance: number | null;
  riskLevel: RiskLevel;
  riskScore: number;
}

export interface AdminUserFilter {
  search?: string;
  status?: "active" | "suspended";
  /** verified = full; basic = basic; pending = basic or pending; rejected = none or rejected. */
  kyc?: "verified" | "basic" | "pending" | "rejected";
  role?: User["role"];
}

export interface UserActivityRecord {
  audit: (AuditEntry & { relation: "subject" | "actor" })[];
  bets: BetRecord[];
  transactions: { id: string; kind: string; amount: number; reference: string | null; createdAt: Date; createdBy: string | null }[];
  sessions: { startedAt: Date; expiresAt: Date; ip: string | null }[];
}

export interface AdminUsers {
  list(filter: AdminUserFilter): Promise<AdminUserRecord[]>;
  find(id: string): Promise<AdminUserRecord | null>;
  stats(): Promise<{ total: number; active: number; suspended: number; pendingKyc: number; highRisk: number }>;
  /**
   * Set isActive with its audit record in one write; suspending also deletes every session of the
   * user in that write. "unchanged" (nothing written) when the user already had that status.
   */
  setActive(
    change: { userId: string; isActive: boolean },
    audit: AuditEntry,
  ): Promise<{ kind: "changed"; sessionsEnded: number } | { kind: "unchanged" } | { kind: "not_found" }>;
  /** Create a staff or customer account with a password hash (customers get a wallet), audited, in one write. */
  createWithPassword(
    user: User,
    passwordHash: string,
    openWallet: boolean,
    audit: AuditEntry,
  ): Promise<"created" | "email_taken">;
  activity(userId: string, limit: number): Promise<UserActivityRecord>;
}

export type FraudAlertStatus = "open" | "investigating" | "resolved";
/**
 * How an operator resolved an alert: `confirmed` (real fraud) or `false_positive` give each rule
 * its precision; `resolved` is the spec's unclassified resolution (and the default).
 */
export type FraudResolution = "confirmed" | "false_positive" | "resolved";

/** Alerts of one rule by what became of them (for the rule's precision). */
export interface RuleOutcomeCounts {
  alertType: FraudAlertType;
  /** Open or investigating. */
  open: number;
  confirmed: number;
  falsePositives: number;
  /** Resolved without saying which (the spec's `resolved`, or before outcomes were recorded). */
  unclassified: number;
}

export interface FraudAlertRecord {
  id: string;
  userId: string;
  alertType: FraudAlertType;
  severity: FraudSeverity;
  status: FraudAlertStatus;
  description: string;
  dedupeKey: string;
  confidence: number | null;
  evidence: Record<string, unknown>;
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  notes: string | null;
  /** How it was resolved; null while open (and for alerts resolved before outcomes were recorded). */
  resolution: FraudResolution | null;
  user: { id: string; email: string; firstName: string; lastName: string };
}

export interface NewFraudAlert {
  id: string;
  userId: string;
  alertType: FraudAlertType;
  severity: FraudSeverity;
  description: string;
  dedupeKey: string;
  confidence: number | null;
  evidence: Record<string, unknown>;
  createdAt: Date;
}

export interface MonitoringRecord {
  id: string;
  userId: string;
  monitoringType: "bet_stake" | "deposit" | "withdrawal" | "deposit_bonus";
  reference: string;
  amount: number;
  riskScore: number;
  reasons: string[];
  createdAt: Date;
  user: { email: string };
}

export interface RiskProfileRecord {
  userId: string;
  riskLevel: RiskLevel;
  riskScore: number;
  factors: string[];
  lastReviewed: Date | null;
  user: { id: string; email: string; firstName: string; lastName: string; verificationLevel: string };
}

/** What the fraud rules read: see domain/fraud/rules/index.ts FraudActivity. */
export interface FraudActivitySnapshot {
  customers: { id: string; email: string; firstName: string; lastName: string; isDemo: boolean; verificationLevel: User["verificationLevel"]; createdAt: Date }[];
  bets: { id: string; userId: string; stake: number; placedAt: Date; status: string }[];
  payments: { id: string; userId: string; kind: "deposit" | "deposit_bonus" | "withdrawal" | "adjustment"; amount: number; createdAt: Date }[];
  sessions: { userId: string; ip: string | null; createdAt: Date }[];
  /** Addresses of every session started (sign_in_addresses), kept after the sessions are deleted. */
  signIns: { userId: string; ip: string | null; createdAt: Date }[];
  alerts: { dedupeKey: string; userId: string; alertType: FraudAlertType; severity: FraudSeverity; status: FraudAlertStatus }[];
}

export interface FraudRecords {
  /** Customers, and their bets, wallet payments, sessions and sign-in addresses since `since`, plus every alert's key. */
  activity(since: Date): Promise<FraudActivitySnapshot>;
  /**
   * Store one scan in one write: alerts whose dedupe key is new (others are left as they are),
   * monitoring records (rescored when already present) and risk profiles (replaced).
   */
  record(scan: {
    alerts: NewFraudAlert[];
    monitoring: Omit<MonitoringRecord, "user">[];
    profiles: { userId: string; riskLevel: RiskLevel; riskScore: number; factors: string[] }[];
    at: Date;
  }): Promise<{ alertsRaised: number; monitoringRecords: number }>;
  listAlerts(filter: { since?: Date; status?: FraudAlertStatus; type?: FraudAlertType; userId?: string; limit: number }): Promise<FraudAlertRecord[]>;
  findAlert(id: string): Promise<FraudAlertRecord | null>;
  /** Resolve an open or investigating alert with its audit record, in one write; false if it is not (or no longer) open. */
  resolve(change: { id: string; resolution: FraudResolution; notes: string; by: string; at: Date }, audit: AuditEntry): Promise<boolean>;
  /** Every rule's alerts counted by outcome (open, confirmed, false positive, unclassified). */
  outcomesByRule(): Promise<RuleOutcomeCounts[]>;
  /** An operator's flag: a manual alert and its audit record in one write. */
  raise(alert: NewFraudAlert, audit: AuditEntry): Promise<void>;
  monitoring(filter: { since: Date; userId?: string; minRiskScore: number; limit: number }): Promise<MonitoringRecord[]>;
  profiles(limit: number): Promise<RiskProfileRecord[]>;
}

export type TaskStatus = "pending" | "in_progress" | "completed" | "cancelled";
export type TaskPriority = "low" | "medium" | "high" | "critical";
export type TaskCategory = "bet_settlement" | "risk_review" | "system_maintenance";

export interface TaskRecord {
  id: string;
  title: string;
  description: string;
  priority: TaskPriority;
  status: TaskStatus;
  category: TaskCategory;
  assignedTo: string | null;
  createdBy: string;
  dueDate: Date | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}
export interface TaskView extends TaskRecord {
  assignee: { id: string; name: string; email: string } | null;
  creator: { id: string; name: string; email: string } | null;
}

export interface Tasks {
  list(filter: { status?: TaskStatus; priority?: TaskPriority; category?: TaskCategory; assignedTo?: string }): Promise<TaskView[]>;
  find(id: string): Promise<TaskView | null>;
  /** "assignee_invalid" when assignedTo is not a staff user; nothing is written then. */
  create(task: TaskRecord, audit: AuditEntry): Promise<"created" | "assignee_invalid">;
  /** Replace the task if it is still at `expectedUpdatedAt`, with its audit record, in one write. */
  update(task: TaskRecord, expectedUpdatedAt: Date, audit: AuditEntry): Promise<"updated" | "conflict" | "assignee_invalid">;
  delete(id: string, audit: AuditEntry): Promise<boolean>;
  staff(): Promise<{ id: string; name: string; email: string; role: "admin" | "trader" }[]>;
}

export type BulkOperationType = "settlement" | "customer_insight" | "risk_analysis" | "export_report";
export type BulkOperationStatus = "pending" | "processing" | "completed" | "failed";

export interface BulkOperationRecord {
  id: string;
  type: BulkOperationType;
  title: string;
  description: string;
  status: BulkOperationStatus;
  params: Record<string, unknown>;
  targetCount: number;
  processed: number;
  succeeded: number;
  failed: number;
  progress: number;
  summary: Record<string, number>;
  error: string | null;
  hasResult: boolean;
  createdBy: string;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

export interface BulkOperations {
  create(op: BulkOperationRecord, audit: AuditEntry): Promise<void>;
  list(limit: number): Promise<BulkOperationRecord[]>;
  find(id: string): Promise<BulkOperationRecord | null>;
  /** The oldest pending operation, moved to processing (by this caller only); null if none. */
  claimNext(at: Date): Promise<BulkOperationRecord | null>;
  progress(id: string, p: { targetCount: number; processed: number; succeeded: number; failed: number; progress: number }): Promise<void>;
  finish(
    id: string,
    f: {
      status: "completed" | "failed"; summary: Record<string, number>; error: string | null; resultCsv: string | null; at: Date;
      targetCount: number; processed: number; succeeded: number; failed: number; progress: number;
    },
  ): Promise<void>;
  /** Operations left processing by a process that stopped: failed with a note. Returns how many. */
  failInterrupted(at: Date): Promise<number>;
  resultCsv(id: string): Promise<string | null>;
}

/** Per-customer totals from bets and the ledger, for CRM, insights and reports. */
export interface CustomerAggregate {
  user: User;
  balance: number;
  betCount: number;
  pendingBets: number;
  wonBets: number;
  lostBets: number;
  voidBets: number;
  totalStaked: number;
  /** Stakes of settled (non-pending) bets. */
  settledStakes: number;
  /** Returns paid on settled bets (won, void, cashed out). */
  totalReturned: number;
  /** Returns on won bets only. */
  wonReturns: number;
  lostStakes: number;
  firstBetAt: Date | null;
  lastBetAt: Date | null;
  /** Bets in the last 30 days. */
  recentBets: number;
  depositTotal: number;
  withdrawalTotal: number;
  bonusTotal: number;
  favoriteMarkets: string[];
  /** Potential returns of the customer's pending bets. */
  pendingLiability: number;
  riskLevel: RiskLevel;
  riskScore: number;
  openAlerts: number;
}

export interface SettlementCandidateLeg {
  legId: string;
  result: "pending" | "won" | "lost" | "void";
  oddsMilli: number;
  eventId: string;
  eventStatus: "upcoming" | "live" | "finished";
  sport: string;
  homeTeam: string;
  awayTeam: string;
  homeScore: number | null;
  awayScore: number | null;
  marketType: string;
  outcomeId: string;
  outcomeName: string;
  /** The outcome's position in its market (0-based) and the market's outcome count. */
  outcomeIndex: number;
  outcomeCount: number;
  /** The outcome's result as the match state (or an operator's score) decided it; optional for old callers. */
  outcomeResult?: "won" | "lost" | "void" | null;
  /** A dead heat recorded on the outcome (result won), and on the leg once graded (migration 0028). */
  outcomeDeadHeat?: DeadHeat | null;
  deadHeat?: DeadHeat | null;
  /** The result recorded on the leg's market by a settlement by market, if any. */
  marketResultKind?: "winner" | "void" | null;
  winningOutcomeId?: string | null;
}

export interface LedgerPaymentRecord {
  id: string;
  kind: "deposit" | "withdrawal" | "deposit_bonus" | "adjustment";
  /** Signed, from the wallet's point of view. */
  amount: number;
  reference: string | null;
  createdAt: Date;
  createdBy: string | null;
  user: { id: string; email: string; firstName: string; lastName: string };
  /**
   * For deposits and withdrawals booked through the payments table (the outbox, migration 0022):
   * the payment's id, method, state, the provider's reference and why it failed. Null for bonuses,
   * adjustments and ledger-only movements (the seed's), which are completed by being in the ledger.
   */
  payment: { id: string; method: string; state: PaymentState; providerReference: string | null; failureReason: string | null } | null;
}

export interface BackOffice {
  /** Every customer with their totals; recentBets counts bets in the 30 days before `now`. */
  customers(now: Date): Promise<CustomerAggregate[]>;
  /** Pending bets whose every leg is on a finished event, with what grading needs (sport filter optional). */
  settlementCandidates(sport?: string): Promise<{
    betId: string; userId: string; stake: number; betType: BetType; legs: SettlementCandidateLeg[]; sgmPrices?: Record<string, number> | null;
    /** Each-way terms, or a runner withdrawn from its race after it was struck (Rule 4): graded only by settling the race's market. */
    racingTerms?: boolean;
  }[]>;
  /**
   * Record a ledger transaction that moves a customer's wallet (an operator's bonus, a deposit, a
   * withdrawal) with its audit record when given, in one write; the wallet's balance after it. The
   * database refuses an overdraft (the write then fails as a whole).
   */
  postWalletTransaction(tx: LedgerTransaction, walletAccountId: string, audit: AuditEntry | null): Promise<number>;
  payments(filter: { kinds: LedgerPaymentRecord["kind"][]; userId?: string; since?: Date; until?: Date; limit: number }): Promise<LedgerPaymentRecord[]>;
  walletTotal(): Promise<number>;
  /** Bets placed on each event since `since` (count). */
  recentBetCounts(eventIds: readonly string[], since: Date): Promise<Map<string, number>>;
  /** Bets placed in a period with their legs, for reports. */
  betsBetween(from: Date, to: Date): Promise<(BetRecord & { customer: { email: string } })[]>;
  /** Legs on live or finished events: the odds taken and the closing price (the outcome's price at the event's start). */
  closingLines(): Promise<{ userId: string; betId: string; oddsMilli: number; closingMilli: number; settled: boolean }[]>;
  /** Audit records in a period (regulatory report). */
  auditBetween(from: Date, to: Date, limit: number): Promise<AuditEntry[]>;
}

export interface BackOfficePorts {
  adminUsers: AdminUsers;
  fraud: FraudRecords;
  tasks: Tasks;
  bulkOperations: BulkOperations;
  backOffice: BackOffice;
}

// ---- Back office: markets, risk, trading, settlement corrections, audit trail (issue 4, A-S1) ----
// Optional in Ports: the libSQL adapter provides them; the in-memory fakes do not (use cases that
// need them call requirePort, which throws: a missing port is a wiring bug, not a user error).

export interface MarketRecord {
  id: string;
  eventId: string;
  eventName: string;
  eventStatus: EventStatus;
  type: MarketType;
  name: string;
  description: string | null;
  status: MarketStatus;
  liabilityLimit: number;
  resultKind: "winner" | "void" | null;
  winningOutcomeId: string | null;
  settledAt: Date | null;
  line?: number | null;
  outcomes: { id: string; name: string; priceMilli: number; code?: string | null; result?: "won" | "lost" | "void" | null; deadHeat?: DeadHeat | null }[];
  /** Migration 0035: each-way place terms (racing), null = no each way. */
  eachWay?: EachWayTerms | null;
  /** Migration 0035: the placed runners recorded with the result (each way). */
  placed?: { outcomeId: string; deadHeat?: DeadHeat | null }[] | null;
  /** The event's sport (racing: runners can be withdrawn). */
  sport?: SportCode;
  /** Rule 4: the runners withdrawn from this race (runner_withdrawals), in the order withdrawn. */
  withdrawn?: RunnerWithdrawal[];
}

/** Rule 4: a runner withdrawn from a race, its price and the Tattersalls deduction (pence per pound) at the time. */
export interface RunnerWithdrawal {
  outcomeId: string;
  priceMilli: number;
  deduction: number;
  withdrawnAt: Date;
}

/** Withdrawing a runner: one audited write, guarded inside it (market unsettled, runner not already withdrawn). */
export interface RunnerWithdrawals {
  withdraw(
    w: RunnerWithdrawal & { marketId: string; by: string },
    audit: AuditEntry,
  ): Promise<"withdrawn" | "already_withdrawn" | "settled" | "not_found">;
}

export interface NewMarketPlan {
  market: { id: string; eventId: string; type: MarketType; name: string; description: string | null; createdAt: Date; line?: number | null; eachWay?: EachWayTerms | null };
  /** code: what the outcome is (domain/markets/outcome-codes.ts), so the feed can price and grade it. */
  outcomes: { id: string; name: string; priceMilli: number; code?: string | null }[];
}

export interface NewEventPlan {
  event: {
    id: string; sport: SportCode; league: string; homeTeam: string; awayTeam: string; name: string; description: string;
    startTime: Date; featured: boolean; createdAt: Date;
  };
  market: NewMarketPlan;
}

export interface Markets {
  findById(id: string): Promise<MarketRecord | null>;
  sport(code: SportCode): Promise<{ code: SportCode; name: string; hasDraw: boolean } | null>;
  /** Market, outcomes and audit in one write; refused (nothing written) for an unknown or finished event or a name the event already has. */
  create(plan: NewMarketPlan, audit: AuditEntry): Promise<"created" | "event_not_found" | "event_finished" | "duplicate_name">;
  /** Event, its match-winner market, outcomes and audit in one write. */
  createEvent(plan: NewEventPlan, audit: AuditEntry): Promise<"created" | "duplicate">;
  setLimit(change: { marketId: string; limit: number; at: Date }, audit: AuditEntry): Promise<boolean>;
  /** open <-> suspended, only if the market is still in `from`; false (nothing written) otherwise. */
  changeStatus(change: { marketId: string; from: MarketStatus; to: MarketStatus; at: Date }, audit: AuditEntry): Promise<boolean>;
  /** Record the result and close the market with its audit record, once. */
  recordResult(
    result: {
      marketId: string; kind: "winner" | "void"; winningOutcomeId: string | null; at: Date; by: string;
      /** Every outcome's result (dead heats with their factor), recorded on the outcomes in the same write. */
      outcomeResults?: { outcomeId: string; result: "won" | "lost" | "void"; deadHeat?: DeadHeat | null }[];
    },
    audit: AuditEntry,
  ): Promise<"recorded" | "already_settled" | "not_found">;
  /** Pending bets with a pending leg on the market. */
  pendingBetsOn(marketId: string): Promise<BetRecord[]>;
  /** Markets with no recorded result whose every outcome the match has decided (to settle), oldest first. */
  decidedUnsettled(limit: number): Promise<string[]>;
  /** Every bet with a leg on the market, newest first. */
  betsOn(marketId: string, limit: number): Promise<(BetRecord & { customer: { firstName: string; lastName: string; email: string } })[]>;
}

export interface ResettlementPlan {
  betId: string;
  /** The bet's resettlement counter as read; the write is refused if it changed meanwhile. */
  fromCount: number;
  fromStatus: "won" | "lost" | "void";
  status: "won" | "lost" | "void";
  actualReturn: number;
  legResults: { legId: string; result: "won" | "lost" | "void" }[];
  settledAt: Date;
  settledBy: string;
  correction: LedgerTransaction | null;
  audit: AuditEntry;
}

export interface Settlements {
  /** Leg results of a bet that stays pending (a multiple waiting for its other legs); "not_pending" if it settled meanwhile. */
  gradeLegs(betId: string, legResults: { legId: string; result: "won" | "lost" | "void"; deadHeat?: DeadHeat | null }[]): Promise<"graded" | "not_pending">;
  resettlementCount(betId: string): Promise<number | null>;
  /** New status, return and leg results, the correcting postings and the audit record, in one write. */
  resettle(plan: ResettlementPlan): Promise<"resettled" | "conflict" | "insufficient_funds">;
}

/**
 * Market-level corrections (issue 18 item 4, domain/settlement/correct-market.ts): a market's
 * result changed or withdrawn, and each bet on it re-graded in its own write.
 */
export interface BetCorrectionPlan {
  betId: string;
  userId: string;
  /** As read: the write is refused ("conflict") if the bet's status or counter changed meanwhile. */
  fromStatus: "pending" | "won" | "lost" | "void";
  fromCount: number;
  status: "pending" | "won" | "lost" | "void";
  /** null when the bet goes back to pending. */
  actualReturn: number | null;
  /** Every leg's result after the correction; a won leg that dead-heated carries its factor (written, or cleared when absent). */
  legResults: { legId: string; result: "pending" | "won" | "lost" | "void"; deadHeat?: DeadHeat | null }[];
  settledAt: Date | null;
  settledBy: string | null;
  /** The correcting transaction (new return - old return), with a debt posting for a shortfall. */
  correction: LedgerTransaction | null;
  /** The wallet balance the correction's split was computed from; the write is refused if it moved. */
  walletBalance: number | null;
  audit: AuditEntry;
}

export interface SettlementCorrections {
  /** The customer's wallet balance and what they owe (the debt account, as a positive amount). */
  walletAndDebt(userId: string): Promise<{ wallet: number; owed: number }>;
  marketRevision(marketId: string): Promise<number | null>;
  /** Change or withdraw (kind null) a market's result with its audit record, raising its revision by one. */
  changeMarketResult(
    change: {
      marketId: string; fromRevision: number; kind: "winner" | "void" | null; winningOutcomeId: string | null; at: Date; by: string;
      /** Every outcome's result (a dead heat with its factor); absent: only stale dead-heat factors are cleared. */
      outcomeResults?: readonly { outcomeId: string; result: "won" | "lost" | "void"; deadHeat?: DeadHeat | null }[] | null;
      /** Each way: the placed runners (null clears them). */
      placed?: readonly { outcomeId: string; deadHeat?: DeadHeat | null }[] | null;
    },
    audit: AuditEntry,
  ): Promise<"changed" | "conflict">;
  /** One bet's correction in one write: status, legs, correcting postings (debt included) and audit. */
  correctBet(plan: BetCorrectionPlan): Promise<"corrected" | "conflict">;
}

export interface CustomerBets {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  isActive: boolean;
  stakeFactorPct: number;
  bets: BettorBet[];
}

export interface RiskBook {
  /**
   * The markets of the book, with current prices and limits: open and suspended markets of events
   * that have not finished, and every market that still has a pending leg of a pending bet.
   */
  openMarkets(): Promise<BookMarket[]>;
  marketsByIds(ids: readonly string[]): Promise<BookMarket[]>;
  /** Pending bets with their legs. */
  openBets(): Promise<BookBet[]>;
  /** Bets that were open at some moment since `from`: pending, or settled after `from`. */
  betsOpenSince(from: Date): Promise<(BookBet & { settledAt: Date | null })[]>;
  /** Every customer who has bet, with their bets and each leg's placed and closing price (at the market's close, or `now`). */
  customerBets(now: Date): Promise<CustomerBets[]>;
  priceMoves(since: Date): Promise<PriceMove[]>;
  houseBalance(): Promise<number>;
  bankrollBase(): Promise<number>;
  /** Net postings to the house account from bet transactions created in [from, to). */
  houseResultFromBets(from: Date, to: Date): Promise<number>;
  /** Stakes and returns of the bets settled in [from, to) (all settled bets without a window); domain/risk/pnl.ts. */
  settledTotals(window?: { from: Date; to: Date }): Promise<{ stakes: number; returns: number }>;
}

export interface TradingAlertRecord {
  id: string;
  key: string;
  type: AlertType;
  severity: AlertSeverity;
  message: string;
  eventId: string | null;
  eventName: string | null;
  marketId: string | null;
  createdAt: Date;
  acknowledgedAt: Date | null;
  acknowledgedBy: string | null;
  /** The acknowledging user's name (first and last, else email); null when not acknowledged or the user is gone. */
  acknowledgedByName?: string | null;
  /** Cleared by the system (resolvedBy "system") when the exposure fell or the event finished. */
  resolvedAt: Date | null;
  resolvedBy: string | null;
}

export interface Trading {
  /** Set an outcome's price if it is still `fromMilli` and its market is not closed, with the audit record. */
  setPrice(change: { outcomeId: string; fromMilli: number; toMilli: number; at: Date }, audit: AuditEntry): Promise<"changed" | "moved" | "closed">;
  /** The customer's stake factor in basis points (10000 = 100 % = no extra limit; 1 = 0.01 %). */
  stakeFactorOf(userId: string): Promise<number>;
  setStakeFactor(change: { userId: string; bp: number; at: Date; by: string }, audit: AuditEntry): Promise<"set" | "not_customer">;
  /** Store new alerts; a key already stored is skipped. Returns how many were new. */
  raiseAlerts(alerts: readonly (AlertCandidate & { id: string; createdAt: Date })[]): Promise<number>;
  listAlerts(filter: { status: "active" | "acknowledged" | "all"; limit: number }): Promise<TradingAlertRecord[]>;
  findAlert(id: string): Promise<TradingAlertRecord | null>;
  acknowledgeAlert(ack: { alertId: string; by: string; at: Date }, audit: AuditEntry): Promise<boolean>;
  activeAlertCount(): Promise<number>;
  /** Open (unresolved) alerts, for de-duplication and clearing. */
  openAlerts(): Promise<import("../risk/alerts.ts").OpenAlert[]>;
  /** Mark the given open alerts resolved by `by` at `at`; returns how many changed. */
  resolveAlerts(ids: readonly string[], by: string, at: Date): Promise<number>;
}

export interface AuditFilter {
  actorId?: string;
  entityType?: string;
  entityId?: string;
  /** Exact action, or a prefix when it ends in '.'. */
  action?: string;
  from?: Date;
  to?: Date;
  limit: number;
}

export interface AuditTrail {
  list(filter: AuditFilter): Promise<(AuditEntry & { actorName: string | null })[]>;
}

export interface TradingDeskPorts {
  markets?: Markets;
  settlements?: Settlements;
  corrections?: SettlementCorrections;
  risk?: RiskBook;
  trading?: Trading;
  withdrawals?: RunnerWithdrawals;
  placementLimits?: PlacementLimits;
  auditTrail?: AuditTrail;
}

/** A port the use case cannot run without; its absence is a wiring bug (an exception, not a Result). */
export function requirePort<T>(port: T | undefined, name: string): T {
  if (!port) throw new Error(`The ${name} port is not wired into this app`);
  return port;
}
