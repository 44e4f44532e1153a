/**
 * Responsible gambling: limits, the first-deposit limit prompt, time-outs, self-exclusion, reality checks.
 * GET /api/responsible answers ResponsibleState; PUT /limits, PUT /limit-prompt, POST /exclusion and
 * POST /break each answer the new ResponsibleState too.
 */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, plain } from "./common.ts";

export const LimitType = z.enum(["deposit", "loss"]);
export type LimitType = z.infer<typeof LimitType>;
export const LimitPeriod = z.enum(["daily", "weekly", "monthly"]);
export type LimitPeriod = z.infer<typeof LimitPeriod>;

export const LimitState = z
  .object({
    amount: Cents.nullable().openapi({ description: "The limit in force (cents), null = no limit" }),
    used: Cents.openapi({ description: "Deposits (or net losses) in the current rolling window, cents" }),
    pending: z
      .object({
        amount: Cents.nullable().openapi({ description: "The new limit, null = removal" }),
        effectiveAt: IsoDate,
      })
      .nullable()
      .openapi({ description: "An increase or removal waiting out its 24 hours" }),
  })
  .openapi("LimitState");
export type LimitState = z.infer<typeof LimitState>;

export const PeriodLimits = z.object({ daily: LimitState, weekly: LimitState, monthly: LimitState });
export type PeriodLimits = z.infer<typeof PeriodLimits>;

const Suggested = z.object({ daily: Cents, weekly: Cents, monthly: Cents });

export const ExclusionState = z.object({
  active: z.boolean(),
  kind: z.enum(["timeout", "self_exclusion"]).nullable(),
  until: IsoDate.nullable().openapi({ description: "End of the period; null while active = permanent" }),
  reason: z.string().nullable(),
  stage: z
    .enum(["period", "awaiting_return", "cooling_off"])
    .nullable()
    .openapi({ description: "period: running; awaiting_return: a self-exclusion's period is over, closed until the customer asks to return; cooling_off: asked, access at returnAccessAt" }),
  returnAccessAt: IsoDate.nullable().openapi({ description: "When access comes back after asking to return (24 h cooling-off)" }),
  inherited: z.boolean().openapi({ description: "The exclusion came from another account of the same person" }),
  registerListed: z.boolean().openapi({ description: "The national self-exclusion register (GAMSTOP) lists this customer" }),
});
export type ExclusionState = z.infer<typeof ExclusionState>;

export const SessionStats = z.object({
  startedAt: IsoDate.openapi({ description: "When this sign-in session started" }),
  minutes: z.number().int(),
  netWinLoss: Cents.openapi({ description: "Returns minus stakes since the session started (signed cents); stakes of bets still pending and entry fees of contests not resolved yet are not counted as lost" }),
  openStakes: Cents.openapi({ description: "Stakes on bets placed since the session started that are still pending, and entry fees of contest entries not resolved yet" }),
  todayMinutes: z.number().int(),
  weeklyAverageMinutes: z.number().int(),
  longestMinutes: z.number().int(),
});
export type SessionStats = z.infer<typeof SessionStats>;

export const ResponsibleState = z
  .object({
    depositLimits: PeriodLimits,
    lossLimits: PeriodLimits,
    /** The spec's defaults, shown as suggestions; none is set until the customer sets it. */
    suggestedLimits: z.object({ deposit: Suggested, loss: Suggested }),
    limitPromptAnswered: z.boolean(),
    exclusion: ExclusionState,
    realityCheckMinutes: z.number().int().openapi({ description: "0 = off; set through PUT /api/account/settings" }),
    session: SessionStats,
  })
  .openapi("ResponsibleState");
export type ResponsibleState = z.infer<typeof ResponsibleState>;

export const SetLimitBody = z
  .object({
    type: LimitType,
    period: LimitPeriod,
    amount: Cents.positive().max(100_000_000).nullable().openapi({ description: "Cents; null removes the limit (after 24 hours)" }),
  })
  .strict()
  .openapi("SetLimitBody");
export type SetLimitBody = z.infer<typeof SetLimitBody>;

export const LimitPromptBody = z.object({ declined: z.literal(true) }).strict().openapi("LimitPromptBody");
export type LimitPromptBody = z.infer<typeof LimitPromptBody>;

export const TimeoutPeriod = z.enum(["24h", "1w", "1m", "6w"]);
export type TimeoutPeriod = z.infer<typeof TimeoutPeriod>;
export const SelfExclusionPeriod = z.enum(["6m", "1y", "5y", "permanent"]);
export type SelfExclusionPeriod = z.infer<typeof SelfExclusionPeriod>;
/** Kept for the site: every period a customer can choose. */
export type ExclusionPeriod = TimeoutPeriod | SelfExclusionPeriod;
export const ExclusionBody = z
  .object({ period: SelfExclusionPeriod, reason: plain(z.string().trim().max(500), "text").optional() })
  .strict()
  .openapi("ExclusionBody");
export type ExclusionBody = z.infer<typeof ExclusionBody>;
export const TimeoutBody = z
  .object({ period: TimeoutPeriod, reason: plain(z.string().trim().max(500), "text").optional() })
  .strict()
  .openapi("TimeoutBody");
export type TimeoutBody = z.infer<typeof TimeoutBody>;
