import { z } from "@hono/zod-openapi";
import { SettleOverride } from "./settle-override.ts";
import { BetReasonCode } from "./approvals.ts";
import { Cents, IsoDate, OddsString, plain } from "./common.ts";
import { MAX_AMOUNT_CENTS } from "../../domain/betting/placement-limits.ts";

export const BetStatus = z.enum(["pending", "won", "lost", "void", "cashed_out"]);
export type BetStatus = z.infer<typeof BetStatus>;
export const LegResult = z.enum(["pending", "won", "lost", "void"]);
/** same_game_multi: 2-4 legs of one event from different markets, priced from the joint score model (domain/pricing/sgm.ts). */
export const BetType = z.enum(["single", "multiple", "same_game_multi"]);
export type BetType = z.infer<typeof BetType>;

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
    stake: Cents.max(MAX_AMOUNT_CENTS).openapi({ description: "Stake in cents (min 100 = 1.00; the odds-aware maximum is checked on placement)" }),
    betType: BetType,
    sgmOdds: OddsString.optional().openapi({ description: "Same game multi: the quoted combined price; placement refuses if the new price is not acceptable" }),
    eachWay: z.boolean().optional().openapi({
      description: "Each way (a single on a market with place terms): stake is the unit stake and the bet costs 2 x stake. " +
        "422 BET.EACH_WAY_SINGLES_ONLY in a multiple, 422 BET.EACH_WAY_NOT_OFFERED on a market without terms",
    }),
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
  withdrawn: z.boolean().optional().openapi({ description: "Rule 4: the runner was withdrawn; the leg is void (a single's stake returned) at settlement" }),
  rule4: z.number().int().min(0).max(90).optional().openapi({ description: "A multiple's leg: Rule 4 deduction (pence per pound) for runners withdrawn after the bet; the leg's odds become 1 + (odds - 1) x (1 - deduction)" }),
});
/** Whether a pending bet can be cashed out now (absent on settled bets). */
export const CashOutAvailability = z
  .object({
    available: z.boolean(),
    reason: z.string().optional().openapi({ description: "Why not, e.g. 'A market is suspended'" }),
  })
  .openapi("CashOutAvailability");
export type CashOutAvailability = z.infer<typeof CashOutAvailability>;

export const Bet = z
  .object({
    id: z.string(),
    betType: BetType,
    stake: Cents,
    totalOdds: OddsString,
    potentialReturn: Cents,
    actualReturn: Cents.nullable(),
    status: BetStatus,
    placedAt: IsoDate,
    settledAt: IsoDate.nullable(),
    legs: z.array(BetLeg),
    cashOut: CashOutAvailability.optional(),
    eachWay: z
      .object({
        fractionNum: z.number().int(), fractionDen: z.number().int(), places: z.number().int(), unitStake: Cents,
        settledOn: z
          .object({ fractionNum: z.number().int(), fractionDen: z.number().int(), places: z.number().int(), runners: z.number().int() })
          .optional()
          .openapi({ description: "Withdrawals after the bet moved the field into a lower band: the terms it is (was) settled on and the runners left; 1/1 one place = win only" }),
      })
      .optional()
      .openapi({ description: "An each-way bet: the place terms it was struck at and the unit stake (stake = 2 x unit)" }),
    rule4: z
      .object({ deduction: z.number().int().min(0).max(90) })
      .optional()
      .openapi({ description: "Rule 4: pence per pound deducted from winnings for runners withdrawn after the bet was struck" }),
  })
  .openapi("Bet");
export type Bet = z.infer<typeof Bet>;

export const RiskProfile = z.object({
  riskLevel: z.enum(["low", "medium", "high", "critical"]),
  riskScore: z.number().int().min(0).max(100),
});
export const AdminBet = Bet.extend({
  userId: z.string(),
  demo: z.boolean().openapi({ description: "A demo customer's bet (play money): shown to demo staff only, in the demo sandbox" }),
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
    status: z.enum(["won", "lost", "void", "placed"]).openapi({
      description: "placed: an each-way single whose runner placed but did not win (win part lost, place part paid; 422 BET.NOT_EACH_WAY for any other bet)",
    }),
    actualReturn: Cents.min(0).openapi({ description: "Must equal the server's figure or the request is refused" }),
    legResults: z
      .array(z.object({ legId: z.string(), result: z.enum(["won", "lost", "void"]) }).strict())
      .max(20)
      .optional()
      .openapi({ description: "Per-leg results of a multiple; void legs count as odds 1.00" }),
    override: SettleOverride.optional(),
    reasonCode: BetReasonCode.optional().openapi({ description: "Required to void a bet (422 SETTLE.REASON_REQUIRED without it); audited" }),
    reason: plain(z.string().trim().min(1).max(500), "text").optional().openapi({ description: "Why, in words (required with reasonCode other)" }),
  })
  .strict()
  .openapi("SettleBet");
export type SettleBetBody = z.infer<typeof SettleBetBody>;
export const SettleBetResponse = z
  .object({ bet: z.object({ id: z.string(), status: BetStatus, actualReturn: Cents, settledAt: IsoDate }) })
  .openapi("SettleBetResponse");

export const CashOutQuoteResponse = z
  .object({
    quoteId: z.string(),
    amount: Cents.openapi({ description: "stake x placed odds / current odds x 0.95, rounded down to the cent" }),
    expiresAt: IsoDate,
  })
  .openapi("CashOutQuote");
export type CashOutQuoteResponse = z.infer<typeof CashOutQuoteResponse>;
export const CashOutBody = z.object({ quoteId: z.string().min(1).max(64) }).strict().openapi("CashOutBody");
export type CashOutBody = z.infer<typeof CashOutBody>;
export const CashOutResponse = z
  .object({ bet: Bet, amount: Cents, balance: Cents })
  .openapi("CashOutResponse");
export type CashOutResponse = z.infer<typeof CashOutResponse>;

export const SameGameMultiLeg = z.object({
  outcomeId: z.string(),
  marketId: z.string(),
  marketName: z.string(),
  selectionName: z.string(),
  odds: OddsString,
});
export const SameGameMulti = z
  .object({
    eventId: z.string(),
    eventName: z.string(),
    legs: z.array(SameGameMultiLeg),
    odds: OddsString.openapi({ description: "the bet builder's price (domain/pricing/sgm.ts): the joint probability less the SGM margin for its legs, on the ladder, never above the legs multiplied" }),
    punters: z.number().int().openapi({ description: "Real bets placed on exactly these legs" }),
  })
  .openapi("SameGameMulti");
export type SameGameMulti = z.infer<typeof SameGameMulti>;
export const SgmQuoteBody = z
  .object({
    selections: z.array(z.object({ eventId: z.string().min(1).max(64), marketId: z.string().min(1).max(64), outcomeId: z.string().min(1).max(64) }).strict()).max(20),
  })
  .strict()
  .openapi("SgmQuoteBody");
export const SgmQuoteResponse = z
  .object({ odds: OddsString, legs: z.array(z.object({ outcomeId: z.string(), odds: OddsString })) })
  .openapi("SgmQuote");
export const SameGameMultisResponse = z.object({ items: z.array(SameGameMulti) }).openapi("SameGameMultis");
export type SameGameMultisResponse = z.infer<typeof SameGameMultisResponse>;
