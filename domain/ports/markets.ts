/** Markets: creation, limits, status, results and the bets on them. */
import type { Reach } from "../shared/reach.ts";
import type { BetWithCustomer } from "./admin-lists.ts";
import type { AuditEntry, BetRecord, DeadHeat, EventStatus, MarketStatus, MarketSuspendReason, MarketType, SportCode } from "../shared/types.ts";
import type { EachWayTerms } from "../settlement/each-way.ts";
import type { RunnerWithdrawal } from "./runner-withdrawals.ts";
import type { ReformPrice } from "../settlement/rule4.ts";
import type { ApprovalClaim } from "./approvals.ts";

export interface MarketRecord {
  id: string;
  eventId: string;
  eventName: string;
  eventStatus: EventStatus;
  type: MarketType;
  name: string;
  description: string | null;
  status: MarketStatus;
  /** Migration 0058: why the system suspended it (price too short); null for a trader's suspension. */
  suspendedReason?: MarketSuspendReason | null;
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
  /** Rule 4 across re-forms: each runner's price (and deduction) in the markets the re-forms closed (race_reform_prices). */
  reformPrices?: ReformPrice[];
  /** Migration 0042: when the race last reopened after a re-form; null = never re-formed. */
  reformedAt?: Date | null;
  /** Unsettled by an operator and held (migration 0046): nothing settles it automatically until resettled or released. */
  underReview?: { since: Date; by: string; reason: string } | null;
}

/** A market held under review, as the Settlement screen lists it. */
export interface MarketUnderReview {
  marketId: string;
  marketName: string;
  eventId: string;
  eventName: string;
  eventStatus: EventStatus;
  since: Date;
  by: string;
  byName: string | null;
  reason: string;
  /** Bets with a leg on the market still pending. */
  pendingBets: number;
  /** Every outcome has a result (released, the results job settles it from them). */
  decided: boolean;
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
  /** With `approval`: the four-eyes decision it applies, written in the same write. */
  setLimit(change: { marketId: string; limit: number; at: Date; approval?: ApprovalClaim | null }, audit: AuditEntry): Promise<"set" | "not_found" | "approval_decided">;
  /**
   * open <-> suspended, only if the market is still in `from` (and, to reopen, not held down by the
   * feed as too short); false (nothing written) otherwise.
   */
  changeStatus(change: { marketId: string; from: MarketStatus; to: MarketStatus; at: Date }, audit: AuditEntry): Promise<boolean>;
  /** Record the result and close the market with its audit record, once. */
  recordResult(
    result: {
      marketId: string; kind: "winner" | "void"; winningOutcomeId: string | null; at: Date; by: string;
      /** Every outcome's result (dead heats with their factor), recorded on the outcomes in the same write. */
      outcomeResults?: { outcomeId: string; result: "won" | "lost" | "void"; deadHeat?: DeadHeat | null }[];
    },
    audit: AuditEntry,
  ): Promise<"recorded" | "already_settled" | "not_found" | "under_review">;
  /** Pending bets with a pending leg on the market. */
  pendingBetsOn(marketId: string): Promise<BetRecord[]>;
  /** Markets with no recorded result whose every outcome the match has decided (to settle), oldest first; never one under review. */
  decidedUnsettled(limit: number): Promise<string[]>;
  /** Markets under review, the longest held first. */
  underReview(limit: number): Promise<MarketUnderReview[]>;
  /** End a review (back to automatic settlement) with its audit record, in one write. */
  releaseReview(marketId: string, audit: AuditEntry): Promise<"released" | "not_under_review">;
  /** Every bet with a leg on the market, newest first. */
  /**
   * The bets with a leg on the market, newest first: those of the customers within `reach` (a
   * screen, the demo sandbox), or "everyone" (settlement and corrections grade every bet).
   */
  betsOn(marketId: string, limit: number, reach: Reach | "everyone"): Promise<BetWithCustomer[]>;
}
