/** The trading desk's book: open markets and bets, customers' bets, price moves and the house's figures. */
import type { Reach } from "../shared/reach.ts";
import type { BettorBet } from "../risk/sharp.ts";
import type { BookBet, BookMarket } from "../risk/liability.ts";
import type { PriceMove } from "../risk/steam.ts";

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
  /** The customers within `reach` who have bets, with their bets (the book's sharp flags read "real"). */
  customerBets(now: Date, reach: Reach): Promise<CustomerBets[]>;
  /**
   * Every outcome's liability in the real book: the running totals the placement write keeps and
   * checks (outcome_liability, demo = 0). The one liability figure every screen shows.
   */
  outcomeLiabilities(): Promise<Map<string, number>>;
  priceMoves(since: Date): Promise<PriceMove[]>;
  houseBalance(): Promise<number>;
  bankrollBase(): Promise<number>;
  /** Net postings to the house account from bet transactions created in [from, to). */
  houseResultFromBets(from: Date, to: Date): Promise<number>;
  /** Stakes and returns of the bets settled in [from, to) (all settled bets without a window); domain/risk/pnl.ts. */
  settledTotals(window?: { from: Date; to: Date }): Promise<{ stakes: number; returns: number }>;
}
