/**
 * What placement takes and answers, and the one record its steps share: a bet being placed,
 * filled in step by step (gate, price, limit) and read by the plan, the write and the explanation
 * of a refused write. One object per bet instead of a closure per step.
 */
import type { PricedOutcome, User } from "../../shared/types.ts";
import type { BetType } from "../slip.ts";
import type { PriceChangePolicy } from "../../accounts/settings.ts";
import type { PeriodLimits } from "../../responsible/limits.ts";
import type { EachWayTerms } from "../../settlement/each-way.ts";

export interface PlaceBetInput {
  selections: { eventId: string; marketId: string; outcomeId: string; odds: string }[];
  stake: number;
  betType: BetType;
  /** Same game multi: the combined price the customer was quoted (checked under their price-change policy). */
  sgmOdds?: string;
  /**
   * Each way (a single on a market with place terms): `stake` is the unit stake, the bet's stake
   * 2 x unit (a win part and a place part; docs/money.md "Each way and Rule 4").
   */
  eachWay?: boolean;
}

export interface PlacedBet {
  bet: { id: string; potentialReturn: number; stake: number; totalOdds: string; status: "pending"; placedAt: string };
  balance: number;
}

/** A key repeated with the same body returns the first response; with another body it is refused. */
export type PlaceBetOutput = { replayed: boolean; response: PlacedBet };

export interface Placement {
  readonly user: User;
  /** The request with the bet's stake: both parts of an each-way bet (each-way-placement.ts). */
  readonly input: PlaceBetInput;
  /** The stake as the customer named it: the unit stake of an each-way bet. */
  readonly unitStake: number;
  readonly policy: PriceChangePolicy;
  /** Asserted again inside the write, as they stood when the gate passed. */
  readonly lossLimits: PeriodLimits;
  /** The national register's answer the gate used (the account's gates are re-checked with it). */
  readonly listed: boolean;
  readonly outcomeIds: string[];
  /** When the bet is struck: the request's time, or the time after an in-play delay. */
  now: Date;
  found: Map<string, PricedOutcome>;
  eachWay: EachWayTerms | null;
  betId: string;
  /** Each leg's price as written: the current one, acceptable under the customer's policy. */
  legOdds: number[];
  totalOddsMilli: number;
  potentialReturn: number;
  sgmPrices: Record<string, number> | undefined;
  /** The least stake factor the stake needs, asserted inside the write. */
  minFactorBp: number;
  /** The answer (but the balance), built once for the plan's idempotency record and the reply. */
  response: Omit<PlacedBet, "balance"> | undefined;
}
