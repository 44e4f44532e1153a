/**
 * Fantasy entities as the use cases see them. Money is integer cents; salaries and salary caps are
 * whole fantasy dollars (a budget, never money); fantasy points are integer hundredths
 * (`pointsX100`), so sums, rankings and ties are exact.
 */

export type FantasySportStatus = "active" | "inactive" | "completed";
export type FantasyLeagueStatus = "active" | "upcoming" | "completed";
export type ContestStatus = "open" | "locked" | "live" | "settled" | "cancelled";
export type InjuryStatus = "healthy" | "questionable" | "doubtful" | "out";
export type EntryStatus = "active" | "won" | "lost" | "refunded";

/** A roster slot and the positions that may fill it (empty = any position). */
export interface RosterSlot {
  slot: string;
  eligible: string[];
}

export interface FantasySportRecord {
  id: string;
  name: string;
  season: string;
  status: FantasySportStatus;
  settings: Record<string, unknown>;
  roster: RosterSlot[];
  salaryCap: number;
  createdAt: Date;
  createdBy: string | null;
}

export interface FantasySportWithCounts extends FantasySportRecord {
  leagueCount: number;
  contestCount: number;
  playerCount: number;
}

export interface FantasyLeagueRecord {
  id: string;
  sportId: string;
  sportName: string;
  name: string;
  type: string;
  format: string;
  maxTeams: number;
  entryFee: number;
  prizePool: number;
  seasonStart: string | null;
  seasonEnd: string | null;
  status: FantasyLeagueStatus;
  settings: Record<string, unknown>;
  createdAt: Date;
  createdBy: string | null;
}

export interface FantasyPlayerRecord {
  id: string;
  sportId: string;
  name: string;
  team: string;
  position: string;
  salary: number;
  /** Hundredths of a point, or null when there is no projection. */
  projectedX100: number | null;
  injuryStatus: InjuryStatus;
  createdAt: Date;
}

export interface ContestRecord {
  id: string;
  sportId: string;
  sportName: string;
  name: string;
  type: string;
  entryFee: number;
  /** The prize pool's floor (0 for none): the pool is max(guarantee, fees − rake). */
  guaranteedPrize: number;
  /**
   * What the house put into the pool when the contest was created: the whole guarantee for contests
   * created before migration 0025, 0 since (the house now pays only the overlay, at settlement).
   */
  guaranteeFunded: number;
  maxEntries: number;
  /** How many entries one customer may have in this contest (multi-entry cap; 1 = single entry). */
  maxEntriesPerUser: number;
  minEntries: number;
  currentEntries: number;
  rakePercent: number;
  /** Share per paid place in basis points, best first, summing to 10000. */
  payoutTable: number[];
  roster: RosterSlot[];
  salaryCap: number;
  startTime: Date;
  endTime: Date;
  status: ContestStatus;
  settings: Record<string, unknown>;
  isPrivate: boolean;
  inviteCode: string | null;
  createdBy: string | null;
  createdAt: Date;
  /** When the stats feed last scored it (null before it went live). */
  scoredAt: Date | null;
  resolvedAt: Date | null;
}

export interface EntryRecord {
  id: string;
  contestId: string;
  userId: string;
  /** Player ids in roster-slot order. */
  lineup: string[];
  salaryUsed: number;
  /** The fee paid (cents), refunded if the contest is cancelled. */
  fee: number;
  pointsX100: number;
  rank: number | null;
  payout: number | null;
  status: EntryStatus;
  enteredAt: Date;
  updatedAt: Date;
}
