/**
 * Markets and events for the operator: create a market with priced
 * outcomes, create an event with its match-winner market, liability limits, suspend / reopen,
 * settlement by market and resettlement of a wrongly settled bet. Money is integer cents; odds are
 * exact decimal strings. Every change writes an audit record.
 */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, OddsString, plain } from "./common.ts";
import { MarketStatus, MarketSuspendedReason, MarketType, SportCode } from "./events.ts";
import { MAX_AMOUNT_CENTS } from "../../domain/betting/placement-limits.ts";
import { SettleOverride } from "./settle-override.ts";
import { BetReasonCode } from "./approvals.ts";

export const DEFAULT_LIABILITY_LIMIT = 200_000_000;

export const AdminOutcome = z
  .object({
    id: z.string(),
    name: z.string(),
    odds: OddsString,
    result: z.enum(["won", "lost", "void", "dead_heat"]).nullable(),
    deadHeat: z
      .object({ numerator: z.number().int(), denominator: z.number().int() })
      .optional()
      .openapi({ description: "A dead heat: the stake on this outcome is multiplied by numerator/denominator and paid at full odds" }),
    withdrawn: z
      .object({ odds: OddsString, deduction: z.number().int(), at: z.string() })
      .optional()
      .openapi({ description: "Rule 4: the runner was withdrawn at this price and time; deduction in pence per pound" }),
  })
  .openapi("AdminOutcome");

/** Each-way place terms: the place odds fraction and the places paid (docs/money.md "Each way and Rule 4"). */
export const EachWayTerms = z
  .object({
    fractionNum: z.number().int().min(1).max(100),
    fractionDen: z.number().int().min(1).max(100),
    places: z.number().int().min(1).max(10),
  })
  .strict()
  .openapi("EachWayTerms");

export const AdminMarket = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventName: z.string(),
    type: MarketType,
    name: z.string(),
    description: z.string().nullable(),
    status: MarketStatus,
    suspendedReason: MarketSuspendedReason.optional(),
    liabilityLimit: Cents,
    settledAt: IsoDate.nullable().openapi({ description: "When the market was settled by market (its result recorded)" }),
    result: z
      .object({ kind: z.enum(["winner", "void", "no_winner", "outcomes"]), winningOutcomeId: z.string().nullable() })
      .nullable(),
    outcomes: z.array(AdminOutcome),
    sport: z.string().optional().openapi({ description: "The event's sport code (racing: runners can be withdrawn)" }),
    eachWay: EachWayTerms.nullable().optional().openapi({ description: "Each-way place terms (racing), null = no each way" }),
    underReview: z
      .object({ since: IsoDate, by: z.string(), reason: z.string() })
      .nullable()
      .optional()
      .openapi({ description: "Unsettled by an operator and held from automatic settlement until resettled or released" }),
  })
  .openapi("AdminMarket");
export type AdminMarket = z.infer<typeof AdminMarket>;
export const AdminMarketResponse = z.object({ market: AdminMarket }).openapi("AdminMarketResponse");

export const MarketIdParam = z.object({
  id: z.string().min(1).max(64).openapi({ param: { name: "id", in: "path" }, example: "evt_001-m1" }),
});

export const MarketLimitBody = z
  .object({
    liabilityLimit: Cents.min(100).max(MAX_AMOUNT_CENTS).openapi({
      description: "Per-market liability limit in cents, 1.00 .. 100,000,000.00 (default 200000000); placement refuses a bet past it (BET.LIABILITY_LIMIT)",
      example: DEFAULT_LIABILITY_LIMIT,
    }),
  })
  .strict()
  .openapi("MarketLimit");

const OutcomeInput = z
  .object({
    name: plain(z.string().trim().min(1, "Outcome name is required").max(80)),
    odds: OddsString,
  })
  .strict();

/** A trader's confirmation of a price outside the sanity range (docs/trading.md "Price sanity"); audited. */
export const PriceConfirm = z
  .object({ reason: plain(z.string().trim().min(10, "Give a reason of at least 10 characters").max(500), "text") })
  .strict()
  .openapi("PriceConfirm");

export const CreateMarketBody = z
  .object({
    eventId: z.string().min(1, "Event is required").max(64),
    marketType: MarketType,
    name: plain(z.string().trim().min(1, "Market Name is required").max(120)),
    description: plain(z.string().trim().max(500), "text").optional(),
    outcomes: z
      .array(OutcomeInput)
      .min(2, "A market needs at least 2 outcomes")
      .max(20, "A market takes at most 20 outcomes")
      .optional()
      .openapi({
        description:
          "Absent (the spec's body): the type's standard outcomes priced by the event's model with the book's margin " +
          "(result: home/draw/away; over_under: Over/Under at the line in the name; handicap: the home line in the name; " +
          "both_teams_score: Yes/No; correct_score: twelve scores and Any other); 422 MARKET.CANNOT_PRICE when the model cannot price them. " +
          "Given, they must fit the type (result: the home and away sides by team name or Home/Away, optionally Draw; a race: its runners; " +
          "over_under: exactly 'Over X' and 'Under X' with X the line in the name; handicap: the two sides at the home side's line in the name, " +
          "e.g. 'Leeds -1.5' and 'Hull +1.5' for 'Asian Handicap -1.5'; both_teams_score: Yes and No; correct_score: scores such as 2-1 and " +
          "'Any other', added when left out). Whole and half lines only. Refused with 422 MARKET.OUTCOME_UNKNOWN, MARKET.OUTCOMES_INCOMPLETE, " +
          "MARKET.LINE_MISSING, MARKET.LINE_MISMATCH, MARKET.LINE_INVALID or MARKET.TYPE_NOT_OFFERED (details.field names the input), " +
          "and 400 MARKET.DUPLICATE_OUTCOME for one outcome under two names",
      }),
    confirm: PriceConfirm.optional().openapi({ description: "Required when the book is under 100 % or over 130 %" }),
    eachWay: EachWayTerms.nullable().optional().openapi({
      description: "Racing winner markets only: omitted = standard terms by field size (5-7 runners 1/4 2 places, 8+ 1/5 3 places), null = no each way",
    }),
  })
  .strict()
  .openapi("CreateMarket");
export type CreateMarketBody = z.infer<typeof CreateMarketBody>;

export const CreateEventBody = z
  .object({
    sport: SportCode.openapi({ description: "Any sport but racing (a race needs runners: create it, then add a market)" }),
    league: plain(z.string().trim().min(1, "League is required").max(120)),
    homeTeam: plain(z.string().trim().min(1, "Home team is required").max(80)),
    awayTeam: plain(z.string().trim().min(1, "Away team is required").max(80)),
    startTime: z.string().datetime({ offset: true, message: "Start time must be an ISO date-time" }).openapi({ format: "date-time" }),
    featured: z.boolean().optional(),
    description: plain(z.string().trim().max(500), "text").optional(),
    prices: z
      .object({ home: OddsString, draw: OddsString.optional(), away: OddsString })
      .strict()
      .openapi({ description: "Match-winner prices; draw is required for sports with a draw and refused for the others" }),
  })
  .strict()
  .openapi("CreateEvent");
export type CreateEventBody = z.infer<typeof CreateEventBody>;

/** Each way: the runners placed (the winner need not be listed), a dead heat for the last place with its factor. */
const Placed = z
  .array(
    z
      .object({
        outcomeId: z.string().min(1).max(64),
        deadHeat: z.object({ numerator: z.number().int().min(1).max(1_000_000), denominator: z.number().int().min(1).max(1_000_000) }).strict().optional(),
      })
      .strict(),
  )
  .max(20)
  .optional()
  .openapi({ description: "Racing with each-way terms: the placed runners; 422 MARKET.RESULT_INVALID on a market without terms or with too many" });

export const SettleMarketBody = z
  .union([
    z.object({ winningOutcomeId: z.string().min(1).max(64), override: SettleOverride.optional(), placed: Placed }).strict(),
    z.object({ void: z.literal(true), override: SettleOverride.optional() }).strict(),
    z.object({ noWinner: z.literal(true), override: SettleOverride.optional(), placed: Placed }).strict(),
    z
      .object({
        outcomes: z
          .array(
            z
              .object({
                outcomeId: z.string().min(1).max(64),
                result: z.enum(["won", "lost", "void", "dead_heat"]),
                deadHeat: z
                  .object({ numerator: z.number().int().min(1).max(1_000_000), denominator: z.number().int().min(1).max(1_000_000) })
                  .strict()
                  .optional(),
              })
              .strict(),
          )
          .min(1)
          .max(100),
        override: SettleOverride.optional(),
        placed: Placed,
      })
      .strict(),
  ])
  .openapi("SettleMarket", {
    description:
      "The winning outcome; void:true (every leg void: singles refunded); noWinner:true (every outcome lost); or outcomes: one result " +
      "per outcome (won, lost, void, or dead_heat with a factor numerator/denominator in (0, 1]: the stake is divided, stake x factor " +
      "paid at full odds, the rest lost). 404 MARKET.OUTCOME_NOT_FOUND for an outcome of another market, 422 MARKET.RESULT_INVALID " +
      "for a factor outside (0, 1], an outcome given twice or one left out.",
  });
export type SettleMarketBody = z.infer<typeof SettleMarketBody>;

export const SettleMarketResponse = z
  .object({
    market: AdminMarket,
    graded: z.number().int().openapi({ description: "Pending bets with a leg on this market whose leg was graded now" }),
    settled: z.number().int().openapi({ description: "Of those, bets that settled (singles, and multiples whose legs all have results)" }),
    waiting: z.number().int().openapi({ description: "Multiples still waiting for other legs' results" }),
    regraded: z.number().int().optional().openapi({ description: "Bets settled one by one that contradicted this result, re-graded (correcting postings)" }),
    paid: Cents.openapi({ description: "Total paid out (payouts and refunds) by this settlement" }),
  })
  .openapi("SettleMarketResponse");
export type SettleMarketResponse = z.infer<typeof SettleMarketResponse>;

export const ResettleBody = z
  .object({
    status: z.enum(["won", "lost", "void", "placed"]).openapi({ description: "placed: an each-way single placed but not won (422 BET.NOT_EACH_WAY for any other bet)" }),
    legResults: z
      .array(z.object({ legId: z.string(), result: z.enum(["won", "lost", "void"]) }).strict())
      .max(20)
      .optional()
      .openapi({ description: "Per-leg results of a multiple; without them every leg takes the status" }),
    reasonCode: BetReasonCode,
    reason: plain(z.string().trim().min(1).max(500), "text").optional().openapi({ description: "Why, in words (required with reasonCode other); kept in the audit record" }),
    override: SettleOverride.optional().openapi({
      description: "Required when the new result contradicts the result recorded on a leg's market (409 SETTLE.CONTRADICTS_MARKET without it); audited",
    }),
  })
  .strict()
  .openapi("Resettle");
export type ResettleBody = z.infer<typeof ResettleBody>;

export const ResettleResponse = z
  .object({
    bet: z.object({
      id: z.string(),
      status: z.enum(["won", "lost", "void"]),
      actualReturn: Cents,
      previousStatus: z.enum(["won", "lost", "void"]),
      previousReturn: Cents,
      resettlementCount: z.number().int(),
      settledAt: IsoDate,
    }),
    correction: Cents.openapi({ description: "Posted to the customer's wallet by the bet_resettlement transaction (negative = taken back)" }),
  })
  .openapi("ResettleResponse");
export type ResettleResponse = z.infer<typeof ResettleResponse>;
