/** Entities the use cases work with. Dates are Date objects; money is cents; odds are milli. */
import type { MatchState } from "./match-state.ts";
export type Role = "admin" | "customer" | "trader";
export type VerificationLevel = "none" | "basic" | "full";
export type EventStatus = "upcoming" | "live" | "finished";
export type MarketStatus = "open" | "suspended" | "closed";
export type MarketType = "full_time_result" | "over_under" | "handicap" | "both_teams_score" | "correct_score";
export type BetStatus = "pending" | "won" | "lost" | "void" | "cashed_out";
/** same_game_multi: 2-4 legs of one event from different markets, priced as one outcome (domain/pricing/sgm.ts). */
export type BetType = "single" | "multiple" | "same_game_multi";
export type SportCode =
  | "soccer" | "basketball" | "tennis" | "nfl" | "hockey" | "mlb" | "afl" | "nrl" | "golf" | "cricket" | "racing";

export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isDemo: boolean;
  /** Written by the demo data's seed, not registered (domain/shared/reach.ts); absent = false. */
  isSample?: boolean;
  isActive: boolean;
  verificationLevel: VerificationLevel;
  createdAt: Date;
}

export type Actor = { kind: "anonymous" } | { kind: "user"; user: User; sessionId: string };

export interface OutcomeView {
  id: string;
  name: string;
  priceMilli: number;
  updatedAt: Date;
  /** What the outcome is (home, draw, over, yes, 2-1, other, r3: domain/pricing/state.ts); null if unknown. */
  code?: string | null;
  /** Decided by the match state (won, lost, void): no longer offered. Null while open. */
  result?: "won" | "lost" | "void" | null;
  /** Rule 4: the runner was withdrawn (its result is void); the race card still shows it, struck through. */
  withdrawn?: boolean;
}
/**
 * Why the system suspended a market (migration 0058): its price would be 1.02 or shorter, so it
 * is taken down rather than offered at 1.01 (docs/trading.md). A trader's suspension has none.
 */
export type MarketSuspendReason = "price_too_short";

export interface MarketView {
  id: string;
  eventId: string;
  type: MarketType;
  name: string;
  status: MarketStatus;
  /** Set while the feed holds the market suspended, with why (price too short). */
  suspendedReason?: MarketSuspendReason | null;
  /** An over/under's total or the home side's handicap; null for other markets. */
  line?: number | null;
  /** Migration 0035: each-way place terms (racing), null = no each way. */
  eachWay?: { fractionNum: number; fractionDen: number; places: number } | null;
  /** Migration 0042: when the race last reopened after a re-form; before it, the market takes no bets. */
  reformedAt?: Date | null;
  /** Whether a result has been recorded (settled by market). */
  settled?: boolean;
  outcomes: OutcomeView[];
}
export interface EventView {
  id: string;
  sport: SportCode;
  sportName: string;
  league: string;
  homeTeam: string;
  awayTeam: string;
  name: string;
  description: string;
  startTime: Date;
  status: EventStatus;
  minute: number | null;
  homeScore: number | null;
  awayScore: number | null;
  featured: boolean;
  updatedAt: Date;
  /** No bets before this time: a score change is being priced, or a race is running. */
  suspendedUntil?: Date | null;
  /** The match state the feed plays (domain/pricing/state.ts); null for an event without one. */
  state?: MatchState | null;
  markets: MarketView[];
}

/** One outcome with everything placement needs to check it. */
export interface PricedOutcome {
  outcomeId: string;
  outcomeName: string;
  priceMilli: number;
  marketId: string;
  marketName: string;
  marketStatus: MarketStatus;
  eventId: string;
  eventName: string;
  eventStatus: EventStatus;
  /** Placement checks (issue 17): past-post, suspension, decided outcomes, the in-play delay. */
  sport: SportCode;
  eventStartTime: Date;
  eventSuspendedUntil: Date | null;
  outcomeResult: "won" | "lost" | "void" | null;
  /** Migration 0035: the market's each-way place terms (racing), null = no each way. */
  eachWay?: { fractionNum: number; fractionDen: number; places: number } | null;
  /** Migration 0042: when the race last reopened after a re-form (a runner withdrawn); null = never. */
  marketReformedAt?: Date | null;
  /** When the outcome last changed (its price), to tell a re-formed price from a later trader's move. */
  outcomeUpdatedAt?: Date;
}

export interface BetLegRecord {
  id: string;
  legNo: number;
  eventId: string;
  marketId: string;
  outcomeId: string;
  oddsMilli: number;
  result: "pending" | "won" | "lost" | "void";
  eventName: string;
  marketName: string;
  selectionName: string;
  /** A won leg graded from a dead heat: the factor its stake was divided by (docs/money.md "Results and grading"). */
  deadHeat?: DeadHeat | null;
  /** A multiple's leg on a race with runners withdrawn after the bet was struck: their Rule 4 deduction, pence per pound (at most 90). */
  rule4?: number | null;  /** Rule 4: this leg's runner was withdrawn (the leg is void at settlement). */
  withdrawn?: boolean;
}

/** A dead-heat factor num/den, 0 < num <= den (two runners tied for one place: 1/2). */
export interface DeadHeat {
  num: number;
  den: number;
}

export interface BetRecord {
  id: string;
  userId: string;
  betType: BetType;
  stake: number;
  totalOddsMilli: number;
  potentialReturn: number;
  actualReturn: number | null;
  status: BetStatus;
  placedAt: Date;
  settledAt: Date | null;
  legs: BetLegRecord[];
  /** The part of the stake paid from the bonus account (migration 0032); absent or 0: all cash. */
  bonusStake?: number;
  /**
   * Same game multis (migration 0027): the price of every subset of the legs at placement, keyed by
   * the sorted leg ids joined by "|" (domain/pricing/sgm.ts subsetPrices); grading re-prices the
   * legs left after a void leg from it. Absent on other bets and on SGMs placed before it.
   */
  sgmPrices?: Record<string, number> | null;
  /**
   * An each-way bet (migration 0035): the place terms it was struck at; its stake is 2 x the unit
   * stake (domain/settlement/each-way.ts). Absent or null: a win-only bet.
   */
  eachWay?: { fractionNum: number; fractionDen: number; places: number } | null;
  /** Rule 4: pence per pound deducted from its winnings (runners withdrawn after it was struck, at most 90); absent = none. */
  rule4?: number | null;
  /**
   * An each-way bet on a race a runner left after it was struck: the runners when it was struck and
   * at the off; it is settled on the final field's terms (domain/settlement/final-field-terms.ts).
   */
  eachWayField?: { atStrike: number; atOff: number } | null;
}

export interface AuditEntry {
  id: string;
  actorId: string | null;
  actorRole: string;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}
