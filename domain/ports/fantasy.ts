/** Fantasy sports: sports, leagues, players, contests, entries, scoring and resolution. */
import type { AuditEntry } from "../shared/types.ts";
import type {
  ContestRecord, ContestStatus, EntryRecord, EntryStatus, FantasyLeagueRecord, FantasyPlayerRecord, FantasySportRecord,
  FantasySportStatus, FantasySportWithCounts,
} from "../fantasy/types.ts";
import type { LedgerTransaction } from "../wallet/ledger.ts";
import type { WagerGuards } from "./wager-guards.ts";

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
  /**
   * An operator's lock now: open → locked at `at`, the start time moved to `startTime`, with its
   * audit record, in one write; refused unless still open and with the entries it needs to run.
   */
  lockNow(change: { contestId: string; at: Date; startTime: Date; audit: AuditEntry }): Promise<"locked" | "not_open" | "too_few_entries">;
  score(plan: ScorePlan): Promise<boolean>;
  /**
   * "wrong_status" when the contest is no longer in plan.from; "pool_mismatch" when the pool would
   * not end empty (its entries changed since the plan was made). Either way nothing is written.
   */
  resolve(plan: ResolutionPlan): Promise<"resolved" | "wrong_status" | "not_found" | "pool_mismatch">;
}
