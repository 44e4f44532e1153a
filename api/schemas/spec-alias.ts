/**
 * The spec's request shapes accepted as aliases of ours. Ours stay the documented default; these
 * are tried only when a body is not in our shape.
 */
import { z } from "@hono/zod-openapi";
import { OddsString } from "./common.ts";
import { BetType, PlaceBetBody, PlaceBetResponse } from "./bets.ts";
import { MAX_AMOUNT_CENTS } from "../../domain/betting/placement-limits.ts";
import { centsOfDollars, DOLLARS_PATTERN, SPEC_MATCH_MARKET, SPEC_OUTCOMES, stakeUnitMismatch } from "../../domain/betting/spec-alias.ts";

/** A stake in dollars as a decimal string ("10", "2.50"), at most 2 decimals (converted to cents before placement). */
export const DollarStake = z
  .string()
  .regex(DOLLARS_PATTERN, "Stake must be an amount in dollars with at most 2 decimals, such as 2.50")
  .refine((s) => centsOfDollars(s)! <= MAX_AMOUNT_CENTS, "Stake is above the largest amount a bet takes");

/** The spec's odds: a decimal string, or a number. */
const SpecOdds = z.union([OddsString, z.number().positive().transform((n) => String(n)).pipe(OddsString)]);

/** The spec's selection: id = `<eventId>-home|-draw|-away`, marketId "match-winner", outcomeId home/draw/away. */
export const SpecSelection = z
  .object({
    id: z.string().max(128).optional(),
    eventId: z.string().min(1).max(64),
    marketId: z.literal(SPEC_MATCH_MARKET),
    outcomeId: z.enum(SPEC_OUTCOMES),
    odds: SpecOdds,
    eventName: z.string().max(200).optional(),
    marketName: z.string().max(200).optional(),
    selectionName: z.string().max(200).optional(),
  })
  .strict();

/** The spec's body {selections, stake, betType}: the stake in dollars (a string), every selection in the spec's shape. */
export const SpecPlaceBetBody = z
  .object({
    selections: z.array(SpecSelection).max(20),
    stake: DollarStake,
    betType: BetType,
    sgmOdds: OddsString.optional(),
  })
  .strict()
  .openapi("SpecPlaceBet");
export type SpecPlaceBetBody = z.infer<typeof SpecPlaceBetBody>;

/**
 * What POST /api/bets validates: our body (integer cents, selections by real ids) or the spec's
 * (dollars as a string, match-winner selections), never a mix: the stake's unit follows the shape,
 * and a body whose stake does not fit its selections is a 400 naming `stake`.
 */
export const PlaceBetRequest = z
  .union([PlaceBetBody, SpecPlaceBetBody])
  .superRefine((body, ctx) => {
    const mismatch = stakeUnitMismatch(body.stake, body.selections);
    if (mismatch) ctx.addIssue({ code: "custom", path: ["stake"], message: mismatch });
  })
  .openapi({
    description:
      "Our body: stake in integer cents, selections by market and outcome id. Or the spec's: stake as a decimal string in dollars " +
      '("10", "2.50"; at most 2 decimals) with selections {id, eventId, marketId: "match-winner", outcomeId: "home"|"draw"|"away", odds} ' +
      "mapped to the event's match-result market. Never a mix: a dollar-string stake with selections by id, or integer cents with " +
      "match-winner selections, is 400 REQUEST.INVALID naming stake.",
  });

/** Whether the raw body uses the spec's shapes anywhere (a dollar-string stake or a match-winner selection). */
export function looksLikeSpecBody(raw: unknown): boolean {
  if (!raw || typeof raw !== "object") return false;
  const b = raw as { stake?: unknown; selections?: unknown };
  if (typeof b.stake === "string") return true;
  return Array.isArray(b.selections) && b.selections.some((s) => !!s && typeof s === "object" && (s as { marketId?: unknown }).marketId === SPEC_MATCH_MARKET);
}

/** The answer to a body whose stake was a dollar string: the bet's stake and potentialReturn in dollars too. */
export const SpecPlaceBetResponse = PlaceBetResponse.extend({
  bet: PlaceBetResponse.shape.bet.extend({
    stake: z.string().openapi({ example: "10.00", description: "Dollars, as the request's stake was" }),
    potentialReturn: z.string().openapi({ example: "21.50", description: "Dollars, as the request's stake was" }),
  }),
}).openapi("SpecPlaceBetResponse");
