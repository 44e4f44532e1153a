/**
 * CRM, payments and live in-play for the admin console.
 * Every figure is computed from real customers, bets, the ledger and the events table.
 */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, OddsString, SuspensionCategory, plain } from "./common.ts";
import { AdminUser } from "./users.ts";
import { FraudAlert } from "./fraud.ts";

// ---- CRM ------------------------------------------------------------------------------------

export const SegmentId = z.enum(["high_value", "regular", "casual", "at_risk"]);
export type SegmentId = z.infer<typeof SegmentId>;

export const CrmSegment = z
  .object({
    id: SegmentId,
    name: z.string(),
    rule: z.string().openapi({ description: "How a customer falls into this segment (see domain/crm/segments.ts)" }),
    count: z.number().int(),
    totalValue: Cents.openapi({ description: "Sum of the segment's customers' lifetime value (stakes minus returns)" }),
    avgBet: Cents,
    winRate: z.number().openapi({ description: "Won / settled bets, 0..100 percent" }),
  })
  .openapi("CrmSegment");
export type CrmSegment = z.infer<typeof CrmSegment>;

export const CustomerProfile = z
  .object({
    id: z.string(),
    username: z.string().openapi({ description: "First name and last initial" }),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    joinDate: IsoDate,
    isActive: z.boolean(),
    balance: Cents,
    totalStaked: Cents,
    totalWon: Cents.openapi({ description: "Returns paid on won bets" }),
    totalLost: Cents.openapi({ description: "Stakes of lost bets" }),
    betCount: z.number().int(),
    pendingBets: z.number().int(),
    winRate: z.number().openapi({ description: "Won / settled bets, 0..100 percent" }),
    avgStake: Cents,
    favoriteMarkets: z.array(z.string()),
    riskScore: z.number().int().min(0).max(100),
    ltv: Cents.openapi({ description: "Lifetime value to the house: stakes of settled bets minus returns" }),
    segment: SegmentId,
    kyc: z.enum(["verified", "pending", "rejected"]),
    vip: z.boolean().openapi({ description: "High value segment" }),
    lastActivity: IsoDate.nullable(),
    depositTotal: Cents,
    withdrawalTotal: Cents,
    bonusUsed: Cents.openapi({ description: "deposit_bonus and operator adjustments credited to the wallet" }),
  })
  .openapi("CustomerProfile");
export type CustomerProfile = z.infer<typeof CustomerProfile>;

export const CrmCustomersQuery = z.object({
  search: z.string().max(200).optional().openapi({ param: { name: "search", in: "query" } }),
  segment: SegmentId.optional().openapi({ param: { name: "segment", in: "query" } }),
});

export const CustomerIdParam = z.object({
  id: z.string().min(1).max(64).openapi({ param: { name: "id", in: "path" }, example: "usr_customer_1" }),
});

export const SendBonusBody = z
  .object({
    amount: Cents.min(1).max(100_000_00).openapi({ description: "Cents, 0.01 to 100,000.00" }),
    reason: plain(z.string().trim().min(1).max(500), "text"),
  })
  .strict()
  .openapi("SendBonus");
export type SendBonusBody = z.infer<typeof SendBonusBody>;
export const SendBonusResponse = z
  .object({
    transactionId: z.string(), amount: Cents,
    balance: Cents.openapi({ description: "The customer's cash balance (unchanged: the bonus is credited to the bonus account)" }),
    bonusBalance: Cents,
  })
  .openapi("SendBonusResponse");
export type SendBonusResponse = z.infer<typeof SendBonusResponse>;

export const FlagAccountBody = z.object({ reason: plain(z.string().trim().min(1).max(1000), "text") }).strict().openapi("FlagAccount");
export type FlagAccountBody = z.infer<typeof FlagAccountBody>;
export const FlagAccountResponse = z.object({ alert: FraudAlert }).openapi("FlagAccountResponse");

/**
 * Restrict = suspend the account (isActive false): the customer can no longer sign in or bet and
 * every session ends at once; Activate in User Management lifts it. Audited like any suspension.
 */
export const RestrictAccountBody = z
  .object({
    reason: plain(z.string().trim().min(1).max(1000), "text").openapi({ description: "The operator's note: audited, never shown to the customer" }),
    category: SuspensionCategory.optional().openapi({ description: "Why, as the customer is told it (default review)" }),
  })
  .strict()
  .openapi("RestrictAccount");
export type RestrictAccountBody = z.infer<typeof RestrictAccountBody>;
export const RestrictAccountResponse = z
  .object({ user: AdminUser, sessionsEnded: z.number().int() })
  .openapi("RestrictAccountResponse");

// ---- Payments -------------------------------------------------------------------------------

export const PaymentKind = z.enum(["deposit", "withdrawal", "deposit_bonus", "adjustment"]);
export type PaymentKind = z.infer<typeof PaymentKind>;

export const PaymentsSummary = z
  .object({
    deposits24h: Cents,
    depositCount24h: z.number().int(),
    withdrawals24h: Cents,
    withdrawalCount24h: z.number().int(),
    bonuses24h: Cents.openapi({ description: "deposit_bonus and credit adjustments in the last 24 h" }),
    netFlow: Cents.openapi({ description: "deposits24h - withdrawals24h" }),
    pending: z.number().int().openapi({
      description: "Payments still open: pending at the provider or awaiting an operator's approval.",
    }),
    byMethod: z.array(
      z.object({
        method: z.string().openapi({ description: "card, paypal, crypto, bank (recorded with the payment), or 'unrecorded' for a ledger-only movement whose reference names none" }),
        deposits: Cents,
        withdrawals: Cents,
        count: z.number().int(),
      }),
    ),
    totals: z.object({ deposits: Cents, withdrawals: Cents, bonuses: Cents, walletBalances: Cents }),
  })
  .openapi("PaymentsSummary");
export type PaymentsSummary = z.infer<typeof PaymentsSummary>;

export const PaymentTransaction = z
  .object({
    id: z.string(),
    type: PaymentKind,
    amount: Cents.openapi({ description: "Signed, from the customer's wallet's point of view" }),
    method: z.string(),
    status: z.enum(["awaiting_approval", "pending", "completed", "failed", "reversed", "rejected"]).openapi({
      description: "The payment's state (forward only); bonuses and adjustments are completed",
    }),
    statusLabel: z.string().openapi({ example: "Failed, returned to your balance" }),
    timestamp: IsoDate,
    reference: z.string().nullable().openapi({ description: "The provider's reference for a payment; the ledger reference otherwise" }),
    paymentId: z.string().nullable(),
    failureReason: z.string().nullable(),
    user: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
    createdBy: z.string().nullable(),
  })
  .openapi("PaymentTransaction");
export type PaymentTransaction = z.infer<typeof PaymentTransaction>;

export const PaymentTransactionsQuery = z.object({
  type: z.enum(["deposit", "withdrawal", "deposit_bonus", "adjustment", "all"]).default("all").openapi({ param: { name: "type", in: "query" } }),
  userId: z.string().min(1).max(64).optional().openapi({ param: { name: "userId", in: "query" } }),
  limit: z.coerce.number().int().min(1).max(1000).default(100).openapi({ param: { name: "limit", in: "query" } }),
});

// ---- Live in-play ---------------------------------------------------------------------------

export const AdminLiveMatch = z
  .object({
    id: z.string(),
    sport: z.string(),
    sportName: z.string(),
    league: z.string(),
    homeTeam: z.string(),
    awayTeam: z.string(),
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
    minute: z.number().int().nullable(),
    status: z.string().openapi({ description: "Status text, e.g. \"Live 67'\"" }),
    isLive: z.boolean(),
    marketId: z.string().nullable(),
    marketStatus: z.enum(["open", "suspended", "closed"]).nullable(),
    homeOdds: OddsString.nullable(),
    drawOdds: OddsString.nullable(),
    awayOdds: OddsString.nullable(),
    outcomes: z.array(z.object({ id: z.string(), name: z.string(), odds: OddsString })),
    totalVolume: Cents.openapi({ description: "Sum of real stakes on this event" }),
    betCount: z.number().int(),
    highActivity: z.boolean().openapi({ description: "At least 5 bets in the last 10 minutes" }),
    lastUpdate: IsoDate,
  })
  .openapi("AdminLiveMatch");
export type AdminLiveMatch = z.infer<typeof AdminLiveMatch>;
