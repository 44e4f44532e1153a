import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, OddsString } from "./common.ts";

export const BetStatus = z.enum(["pending", "won", "lost", "void"]);
export type BetStatus = z.infer<typeof BetStatus>;
export const LegResult = z.enum(["pending", "won", "lost", "void"]);

export const SelectionInput = z
  .object({
    eventId: z.string().min(1).max(64),
    marketId: z.string().min(1).max(64),
    outcomeId: z.string().min(1).max(64),
    odds: OddsString.openapi({ description: "The price the customer saw; placement refuses if it moved" }),
  })
  .strict();
export const PlaceBetBody = z
  .object({
    selections: z.array(SelectionInput).max(20),
    stake: Cents.openapi({ description: "Stake in cents (min 100 = 1.00)" }),
    betType: z.enum(["single", "multiple"]),
  })
  .strict()
  .openapi("PlaceBet");
export type PlaceBetBody = z.infer<typeof PlaceBetBody>;

export const PlaceBetResponse = z
  .object({
    bet: z.object({
      id: z.string(),
      potentialReturn: Cents,
      stake: Cents,
      totalOdds: OddsString,
      status: BetStatus,
      placedAt: IsoDate,
    }),
    balance: Cents,
  })
  .openapi("PlaceBetResponse");
export type PlaceBetResponse = z.infer<typeof PlaceBetResponse>;

export const BetLeg = z.object({
  id: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  marketName: z.string(),
  selectionName: z.string(),
  odds: OddsString,
  result: LegResult,
});
export const Bet = z
  .object({
    id: z.string(),
    betType: z.enum(["single", "multiple"]),
    stake: Cents,
    totalOdds: OddsString,
    potentialReturn: Cents,
    actualReturn: Cents.nullable(),
    status: BetStatus,
    placedAt: IsoDate,
    settledAt: IsoDate.nullable(),
    legs: z.array(BetLeg),
  })
  .openapi("Bet");
export type Bet = z.infer<typeof Bet>;

export const RiskProfile = z.object({
  riskLevel: z.enum(["low", "medium", "high", "critical"]),
  riskScore: z.number().int().min(0).max(100),
});
export const AdminBet = Bet.extend({
  userId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  amount: Cents.openapi({ description: "Stake in cents (the spec's 'amount')" }),
  odds: OddsString,
  eventName: z.string(),
  marketName: z.string(),
  selectionName: z.string(),
  riskProfile: RiskProfile,
}).openapi("AdminBet");
export type AdminBet = z.infer<typeof AdminBet>;

export const SettleBetBody = z
  .object({
    status: z.enum(["won", "lost", "void"]),
    actualReturn: Cents.min(0).openapi({ description: "Must equal the server's figure or the request is refused" }),
    legResults: z
      .array(z.object({ legId: z.string(), result: z.enum(["won", "lost", "void"]) }).strict())
      .max(20)
      .optional()
      .openapi({ description: "Per-leg results of a multiple; void legs count as odds 1.00" }),
  })
  .strict()
  .openapi("SettleBet");
export type SettleBetBody = z.infer<typeof SettleBetBody>;
export const SettleBetResponse = z
  .object({ bet: z.object({ id: z.string(), status: BetStatus, actualReturn: Cents, settledAt: IsoDate }) })
  .openapi("SettleBetResponse");
