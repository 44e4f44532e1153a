/** Same game multis: combinations and what pricing them reads. */
import type { MarketType, MatchModel, MatchState } from "../shared/types.ts";

export interface SameGameMultiCombination {
  eventId: string;
  /** Sorted outcome ids. */
  outcomeIds: string[];
  punters: number;
}

export interface SameGameMultis {
  /** Combinations customers have placed as same game multis on events not finished, most placed first. */
  popular(limit: number): Promise<SameGameMultiCombination[]>;
  /** How many same game multis were placed on exactly each combination (outcome ids, any order). */
  punters(combinations: readonly (readonly string[])[]): Promise<number[]>;
  /** What the bet builder's pricer needs of each outcome: its market, code and line, and the event's model and state. */
  legInputs(outcomeIds: readonly string[]): Promise<SgmLegInput[]>;
}

export interface SgmLegInput {
  outcomeId: string;
  marketId: string;
  marketType: MarketType;
  line: number | null;
  code: string | null;
  /** Every outcome code of the market, in display order. */
  marketCodes: string[];
  eventId: string;
  /** The event's pricing model and state (JSON columns); null when the event has none. */
  model: MatchModel | null;
  state: MatchState | null;
}
