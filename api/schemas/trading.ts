/**
 * The trading desk, from real bets, prices and price history.
 * Money is integer cents; ratios are percent numbers 0..100 (see api/schemas/risk.ts for how
 * exposure and liability are defined).
 *
 * - dailyPnl: the house ledger's movement today (UTC day of the server clock) from bet transactions
 *   (stakes in, payouts, refunds, resettlements and cash-outs out).
 * - holdPercent: (stakes - returns) / stakes of settled bets.
 * - publicPercentage: share of stakes on each match-winner outcome (singles and multiples' legs).
 * - sharpMoney: an open bet on the event by a customer whose sharp score is 60 or more.
 * - steamMove: a steam move on one of the event's markets: in the last 10 minutes an outcome moved
 *   3+ times, every move the same direction, 5 % or more in total (domain/risk/steam.ts).
 */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, OddsString, RiskLevel } from "./common.ts";
import { LiveOddsItem } from "./events.ts";
import { PriceConfirm } from "./markets.ts";
import { OutcomeExposure } from "./risk.ts";

export const TradingRiskLevel = z.enum(["low", "medium", "high", "critical", "sharp"]);

export const EventExposure = z
  .object({
    eventId: z.string(),
    eventName: z.string(),
    sport: z.string(),
    sportName: z.string(),
    homeTeam: z.string(),
    awayTeam: z.string(),
    status: z.enum(["upcoming", "live", "finished"]).openapi({ description: "finished: the event ended but bets on it are not settled yet" }),
    startTime: IsoDate,
    marketId: z.string().nullable().openapi({ description: "The match-winner market" }),
    totalLiability: Cents.openapi({ description: "Sum of the event's market liabilities, each market at its worst outcome (the running totals placement enforces)" }),
    eventLimit: z
      .object({ liability: Cents, limit: Cents, limitUsage: z.number() })
      .nullable()
      .openapi({
        description: "totalLiability against the event's own limit (its own, else the default) and usage (percent): placement refuses past it (BET.EVENT_LIMIT)",
      }),
    tightestMarket: z
      .object({ marketId: z.string(), marketName: z.string(), liability: Cents, limit: Cents, limitUsage: z.number() })
      .nullable()
      .openapi({
        description: "The event's market nearest its own limit, with its liability (largest outcome), limit and usage (percent).",
      }),
    homeExposure: Cents.openapi({ description: "Payout owed if the home side wins the match-winner market" }),
    drawExposure: Cents.nullable(),
    awayExposure: Cents,
    outcomes: z.array(OutcomeExposure).openapi({ description: "Every outcome of the match-winner market by name (racing: the runners)" }),
    payout: Cents.openapi({ description: "Paid out if every open bet counted on the event's markets wins" }),
    exposure: Cents.openapi({ description: "Sum of the event's markets' worst-case payouts" }),
    volume: Cents.openapi({ description: "Stakes of open bets on the event" }),
    publicPercentage: z.object({ home: z.number(), draw: z.number().nullable(), away: z.number() }),
    riskLevel: TradingRiskLevel.openapi({ description: "From the event's riskValue; 'sharp' when sharp money is on it and the level is below high" }),
    riskValue: z.number().int().min(0).max(100),
    sharpMoney: z.boolean(),
    steamMove: z.boolean(),
  })
  .openapi("EventExposure");
export type EventExposure = z.infer<typeof EventExposure>;

export const TradingOverview = z
  .object({
    totalPayout: Cents.openapi({ description: "Potential payout: paid out if every open bet wins (each bet once); equals the dashboard's potentialPayout" }),
    totalExposure: Cents,
    totalLiability: Cents.openapi({ description: "Sum of the market liabilities, each market at its worst outcome; equals the risk tab's and the dashboard's" }),
    dailyPnl: z.number().int().openapi({ description: "Stakes - returns of the bets settled today, UTC (positive = house up); domain/risk/pnl.ts" }),
    holdPercent: z.number().openapi({ description: "dailyPnl / stakes of the bets settled today, percent" }),
    activeAlerts: z.number().int().openapi({ description: "Open trading alerts from the one engine; the risk tab reads the same count" }),
    bankroll: Cents.openapi({ description: "House account balance + configured base (risk_settings.bankroll_base)" }),
    markets: z.array(EventExposure).openapi({ description: "Open events with bets, highest liability first (max 30)" }),
    generatedAt: IsoDate,
  })
  .openapi("TradingOverview");
export type TradingOverview = z.infer<typeof TradingOverview>;

/** The first 6 live events with their match-winner prices (same shape as /api/live-odds items). */
export const OddsControl = z.array(LiveOddsItem).openapi("OddsControl");

export const AdjustOddsBody = z
  .object({
    outcomeId: z.string().min(1).max(64),
    odds: OddsString.optional().openapi({ description: "Set this exact price (1.01..1000, up to 3 decimals)" }),
    direction: z.enum(["up", "down"]).optional().openapi({ description: "Move one 0.01 tick; never below 1.01" }),
    confirm: PriceConfirm.optional().openapi({ description: "Required when the new price takes the book under 100 % or over 130 %" }),
  })
  .strict()
  .refine((b) => (b.odds === undefined) !== (b.direction === undefined), {
    message: "Give either odds or direction",
    path: ["odds"],
  })
  .openapi("AdjustOdds");
export type AdjustOddsBody = z.infer<typeof AdjustOddsBody>;

export const AdjustOddsResponse = z
  .object({
    outcome: z.object({
      id: z.string(),
      name: z.string(),
      odds: OddsString,
      previousOdds: OddsString,
      marketId: z.string(),
      eventId: z.string(),
      updatedAt: IsoDate,
    }),
  })
  .openapi("AdjustOddsResponse");
export type AdjustOddsResponse = z.infer<typeof AdjustOddsResponse>;

export const AlertType = z.enum(["liability_limit", "exposure", "steam_move"]);
export const AlertSeverity = z.enum(["info", "warning", "critical"]);
export const TradingAlert = z
  .object({
    id: z.string(),
    type: AlertType,
    severity: AlertSeverity,
    message: z.string(),
    eventId: z.string().nullable(),
    eventName: z.string().nullable(),
    marketId: z.string().nullable(),
    createdAt: IsoDate,
    acknowledged: z.boolean(),
    acknowledgedAt: IsoDate.nullable(),
    acknowledgedBy: z.string().nullable().openapi({ description: "The acknowledging user's id" }),
    acknowledgedByName: z.string().nullable().openapi({ description: "The acknowledging user's name (first and last, else email); null when not acknowledged" }),
    resolvedAt: IsoDate.nullable().openapi({ description: "Cleared: the exposure fell below the alert's level or the event finished or settled" }),
    resolvedBy: z.string().nullable().openapi({ description: "'system' for automatic clearing" }),
  })
  .openapi("TradingAlert");
export type TradingAlert = z.infer<typeof TradingAlert>;

export const AlertsQuery = z.object({
  status: z
    .enum(["active", "acknowledged", "all"])
    .default("all")
    .openapi({ param: { name: "status", in: "query" }, description: "active = not acknowledged (default all)" }),
  limit: z.coerce.number().int().min(1).max(500).default(100).openapi({ param: { name: "limit", in: "query" } }),
});
export const TradingAlerts = z.array(TradingAlert).openapi("TradingAlerts");
export const AcknowledgeResponse = z.object({ alert: TradingAlert }).openapi("AcknowledgeAlertResponse");

export const SharpBettor = z
  .object({
    userId: z.string(),
    username: z.string().openapi({ description: "First name and last initial" }),
    email: z.string(),
    clv: z.number().openapi({ description: "Average closing-line value of their bets' legs, percent (placed odds / closing odds - 1)" }),
    winRate: z.number().openapi({ description: "Won / (won + lost) settled bets, percent" }),
    avgStake: Cents,
    profit: Cents.openapi({ description: "Their result on settled bets: returns - stakes (positive = the customer is up)" }),
    sharpScore: z.number().int().min(0).max(100),
    totalBets: z.number().int(),
    settledBets: z.number().int(),
    lastBet: IsoDate.nullable(),
    riskLevel: RiskLevel,
    stakeFactor: z.number(),
  })
  .openapi("SharpBettor");
export type SharpBettor = z.infer<typeof SharpBettor>;
export const SharpBettors = z.array(SharpBettor).openapi("SharpBettors");

export const CustomerIdParam = z.object({
  userId: z.string().min(1).max(64).openapi({ param: { name: "userId", in: "path" } }),
});
export const StakeFactorBody = z
  .object({
    factor: z
      .number()
      .min(0.0001)
      .max(1)
      .refine((f) => Math.abs(f * 10_000 - Math.round(f * 10_000)) < 1e-6, "The factor has at most 4 decimals (0.01 %)")
      .openapi({ description: "0.0001 (0.01 %)..1 in steps of 0.0001; 1 removes the extra limit. Max stake = sport base x factor / (price - 1)", example: 0.25 }),
  })
  .strict()
  .openapi("StakeFactor");
export const StakeFactorResponse = z
  .object({ userId: z.string(), stakeFactor: z.number(), maxStake: Cents.openapi({ description: "Largest stake placement now accepts at 2.00 on the largest sport base (docs/trading.md)" }) })
  .openapi("StakeFactorResponse");
