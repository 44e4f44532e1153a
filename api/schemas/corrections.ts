/**
 * Market-level settlement corrections: resettle a market with a new result,
 * unsettle it, the early-settlement override, and what a customer owes (debt).
 */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, plain } from "./common.ts";
import { AdminMarket, SettleMarketBody } from "./markets.ts";

const Reason = plain(z.string().trim().min(10).max(500), "text").openapi({ description: "Why (at least 10 characters; kept in the audit record)" });

// The same result shapes as a first settlement (SettleMarketBody: a winner, void, no winner, per-outcome
// results with dead heats, placed runners), each with the reason.
const [byWinner, byVoid, byNoWinner, byOutcomes] = SettleMarketBody.options;
export const ResettleMarketBody = z
  .union([
    byWinner.extend({ reason: Reason }).strict(),
    byVoid.extend({ reason: Reason }).strict(),
    byNoWinner.extend({ reason: Reason }).strict(),
    byOutcomes.extend({ reason: Reason }).strict(),
  ])
  .openapi("ResettleMarket", {
    description: "The market's corrected result, in any shape a first settlement takes (a winner, void, no winner, per-outcome results with dead heats, placed runners), and why",
  });
export type ResettleMarketBody = z.infer<typeof ResettleMarketBody>;

export const UnsettleMarketBody = z.object({ reason: Reason }).strict().openapi("UnsettleMarket");

export const MarketCorrectionResponse = z
  .object({
    market: AdminMarket,
    regraded: z.number().int().openapi({ description: "Bets whose status, return or leg results changed" }),
    correction: z.number().int().openapi({ description: "Net cents moved to customers (negative: taken back)" }),
    debt: Cents.openapi({ description: "Of what was taken back, the part customers had spent: now owed" }),
  })
  .openapi("MarketCorrectionResponse");

export const DebtResponse = z
  .object({
    owed: Cents.openapi({ description: "What the customer owes the house (0 when nothing); taken from their next deposits or winnings first" }),
  })
  .openapi("Debt");
export type DebtResponse = z.infer<typeof DebtResponse>;

const q = (name: string, description: string) => ({ param: { name, in: "query" as const }, description });

export const SettlementExceptionsQuery = z.object({
  status: z.enum(["open", "all"]).default("open").openapi(q("status", "open (default): not yet resolved; all: resolved ones too")),
  limit: z.coerce.number().int().min(1).max(500).default(100).openapi(q("limit", "Rows, 1..500 (default 100), newest first")),
});

export const SettlementException = z
  .object({
    id: z.string(),
    betId: z.string(),
    marketId: z.string().nullable(),
    marketName: z.string().nullable(),
    eventName: z.string().nullable(),
    code: z.string().openapi({ description: "The database guard that refused the settlement, e.g. BET.RETURN_ABOVE_POTENTIAL" }),
    message: z.string().openapi({ description: "The reason in words" }),
    attemptedStatus: z.enum(["won", "lost", "void"]),
    attemptedReturn: Cents.openapi({ description: "What settlement tried to pay" }),
    via: z.string().openapi({ description: "What was settling: market.settle or a correction's action" }),
    createdAt: IsoDate,
    resolvedAt: IsoDate.nullable().openapi({ description: "When the bet left pending (settled by any path); null while open" }),
    userId: z.string(),
    betType: z.string(),
    stake: Cents,
    potentialReturn: Cents,
    betStatus: z.string().openapi({ description: "The bet's status now (pending until an operator settles it)" }),
  })
  .openapi("SettlementException");

export const SettlementExceptionsResponse = z.object({ items: z.array(SettlementException) }).openapi("SettlementExceptions");
export type SettlementExceptionsResponse = z.infer<typeof SettlementExceptionsResponse>;

export const MarketUnderReview = z
  .object({
    marketId: z.string(),
    marketName: z.string(),
    eventId: z.string(),
    eventName: z.string(),
    eventStatus: z.enum(["upcoming", "live", "finished"]),
    since: IsoDate.openapi({ description: "When it was unsettled" }),
    by: z.string().openapi({ description: "Who unsettled it (user id)" }),
    byName: z.string().nullable(),
    reason: z.string().openapi({ description: "Why it was unsettled" }),
    pendingBets: z.number().int().openapi({ description: "Bets on it still pending" }),
    decided: z.boolean().openapi({ description: "Every outcome has a result: released, it is settled from them at once" }),
  })
  .openapi("MarketUnderReview");
export type MarketUnderReview = z.infer<typeof MarketUnderReview>;

export const MarketReviewsResponse = z.object({ items: z.array(MarketUnderReview) }).openapi("MarketReviews");
export type MarketReviewsResponse = z.infer<typeof MarketReviewsResponse>;

export const ReleaseMarketBody = z.object({ reason: Reason }).strict().openapi("ReleaseMarket");

export const ReleaseMarketResponse = z
  .object({
    market: AdminMarket,
    settled: z.boolean().openapi({ description: "Settled by the system from its decided outcomes right away" }),
  })
  .openapi("ReleaseMarketResponse");
