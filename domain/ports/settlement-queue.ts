/** Pending bets ready to grade, with what grading needs (the bulk settlement's queue; split from the back office port). */
import type { Reach } from "../shared/reach.ts";
import type { BetType, DeadHeat } from "../shared/types.ts";

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
  /** The leg's market is under review (unsettled by an operator): not graded automatically. */
  marketUnderReview?: boolean;
}

export interface SettlementQueue {
  /**
   * Pending bets whose every leg is on a finished event, with what grading needs (sport filter
   * optional), of the customers within `reach` (whoever started the bulk settlement).
   */
  settlementCandidates(sport: string | undefined, reach: Reach): Promise<{
    betId: string; userId: string; stake: number; betType: BetType; legs: SettlementCandidateLeg[]; sgmPrices?: Record<string, number> | null;
    /** Each-way terms, or a runner withdrawn from its race after it was struck (Rule 4): graded only by settling the race's market. */
    racingTerms?: boolean;
  }[]>;
}
