/** Entities the use cases work with. Dates are Date objects; money is cents; odds are milli. */
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
  /** What the outcome is (home, draw, over, yes, 2-1, other, r3: domain/shared/types.ts); null if unknown. */
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
  /** The match state the feed plays (below); null for an event without one. */
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
  /** Placement checks: past-post, suspension, decided outcomes, the in-play delay. */
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

/**
 * The live book's contract: the state of a match (what the match engine in adapters/feed advances)
 * and the model it is played and priced from (domain/pricing prices and grades markets from them).
 * Both are plain JSON, stored on the event row (events.state, events.model), so any process can
 * price or grade an event from the database alone.
 *
 * Outcome codes (outcomes.code) say what an outcome is, independent of its display name:
 * - full_time_result: "home" | "draw" | "away"; racing "Race Winner": "r1".."rN" (runner number)
 * - over_under: "over" | "under" (markets.line, e.g. 2.5; racing: winning margin in lengths)
 * - handicap: "home" | "away" (markets.line is the home side's handicap: -1 means home -1, away +1;
 *   a whole-number line can push: the market is then void)
 * - both_teams_score: "yes" | "no"
 * - correct_score: "H-A" such as "2-1", and "other" (any score not listed)
 *
 * What a market is on, by sport: the score is goals (soccer, hockey), points (basketball, NFL, AFL,
 * NRL), runs (MLB, cricket), strokes (golf: the LOWER score wins, and a handicap line applies to the
 * home side's strokes, mirrored like the result: home -1.5 covers with at least 2 strokes fewer), sets (tennis: over_under and handicap are on games, sets and the set in
 * progress counted). Cricket's over_under is on match sixes; racing's on the winning margin.
 */

/** How an American football drive ends (the defence scores on return_touchdown and safety). */
export type DriveKind = "touchdown" | "field_goal" | "return_touchdown" | "safety" | "none";

/** Tennis detail: sets won are home/away of MatchState; this is the set and game in progress. */
export interface TennisDetail {
  bestOf: 3 | 5;
  /** Games of each completed set, in order, e.g. [[6, 4], [3, 6]]. */
  sets: [number, number][];
  /** Games in the current set (a completed set moves to `sets`; pricing counts games as sets + games). */
  games: [number, number];
  /** Points in the current game (0, 1, 2, 3, 4... as counts; 40-40 is [3, 3]); tie-break counts too. */
  points: [number, number];
  /**
   * 0 = home serves, 1 = away serves: the server of the next point (in a tie-break it changes after
   * the first point, then every two points; pricing reads it that way).
   */
  server: 0 | 1;
  tiebreak: boolean;
}

/** Cricket detail (limited overs or a Test): who bats, the innings, balls and wickets. */
export interface CricketDetail {
  /** 1 or 2 (limited overs); up to 4 in a Test. */
  innings: number;
  /** 0 = home bats, 1 = away bats. */
  batting: 0 | 1;
  /** Legal balls bowled in this innings. */
  balls: number;
  wickets: number;
  /** Balls per innings (120 for T20, 300 for ODI); a Test has a time limit instead (state.length). */
  ballsPerInnings: number | null;
  /** Sixes hit in the match (the "Match Sixes" over/under). */
  sixes: number;
}

/** American football detail: who has the ball and since when (football-params.ts). */
export interface FootballDetail {
  /** 0 = home has the ball, 1 = away. */
  possession: 0 | 1;
  /** The clock when the drive in progress began. */
  driveStart: number;
  /** Who received the opening kick-off (null before the toss); the other side receives after half time. */
  receivedFirst: 0 | 1 | null;
  /** The last score: the side that scored, how, its points, and when. */
  last: { side: 0 | 1; kind: DriveKind; points: number; clock: number; period: number } | null;
}

/** Racing detail: the field, and after the race its finishing order and winning margin. */
export interface RacingDetail {
  runners: number;
  /** Runner numbers (1-based) in finishing order, set when the race is run. */
  order: number[] | null;
  /** Winning margin in lengths, set when the race is run. */
  marginLengths: number | null;
}

export interface MatchState {
  sport: SportCode;
  /**
   * pre: not started; live: in play; break: an interval (half time, between quarters); finished.
   * Racing: pre until the jump, live while running (not bettable), finished with a result.
   */
  phase: "pre" | "live" | "break" | "finished";
  /** Sim seconds of regulation play so far (racing: seconds since the jump). */
  clock: number;
  /** Regulation length in sim seconds (soccer 5400, basketball 2880 ...; racing: the race time). */
  length: number;
  /** 1-based period (half, quarter, period, inning, set); extra time/overtime continue the count. */
  period: number;
  /** Score: goals, points, runs; tennis: sets won; racing: 0. */
  home: number;
  away: number;
  /** Stoppage seconds added to the current period (soccer), already included in `length` when set. */
  stoppage?: number;
  /** Phase "break": sim seconds of the interval still to run (set and used by the match engine). */
  breakLeft?: number;
  tennis?: TennisDetail;
  cricket?: CricketDetail;
  racing?: RacingDetail;
  football?: FootballDetail;
}

/**
 * How the match is played and priced: the two sides' scoring rates, fixed before the start (from
 * the pre-match view of the teams) and unchanged in play; the state carries what has happened.
 */
export interface MatchModel {
  sport: SportCode;
  /** Expected points per regulation match for home and away (goals, points, runs; tennis: unused). */
  homeRate: number;
  awayRate: number;
  /** Tennis: probability that each side wins a point on its own serve. */
  serveWin?: [number, number];
  /** Racing: each runner's win probability (sums to 1), by runner number - 1. */
  runnerProbs?: number[];
  /** Whether a tie at full time stands as a draw (soccer, hockey 3-way, AFL, cricket); otherwise extra time decides. */
  drawPossible: boolean;
  /** Cricket: expected sixes in the whole match (its over_under market is "Match Sixes"). */
  sixesRate?: number;
}

/** A market as pricing and grading see it. */
export interface MarketSpec {
  type: MarketType;
  /** over_under total line or handicap home line; null for other types. */
  line: number | null;
  /** Outcome codes, in display order (see the list above). */
  codes: readonly string[];
}

/** A result per outcome: decided won / lost / void, or null while still open. */
export type OutcomeResult = "won" | "lost" | "void" | null;

/** A price per outcome in thousandths, or null: not offered (impossible or decided). */
export type PriceLine = (number | null)[];
