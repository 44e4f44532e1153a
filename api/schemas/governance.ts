/** The event limit and the governed risk settings (the settings screen). */
import { z } from "@hono/zod-openapi";
import { Cents } from "./common.ts";
import { MAX_AMOUNT_CENTS } from "../../domain/betting/placement-limits.ts";
import { GOVERNED_SETTINGS } from "../../domain/ports/index.ts";

export const EventLimitView = z
  .object({
    eventId: z.string(),
    eventName: z.string(),
    ownLimit: Cents.nullable().openapi({ description: "The event's own limit in cents, or null when it takes the default" }),
    limit: Cents.openapi({ description: "The limit placement enforces: the event's own, else the default" }),
    defaultLimit: Cents,
    liability: Cents.openapi({ description: "Sum over the event's markets of each market's worst outcome liability (real book)" }),
    limitUsage: z.number().openapi({ description: "liability / limit, percent (2 decimals)" }),
  })
  .openapi("EventLimit");

export const EventLimitResponse = z.object({ event: EventLimitView });

export const EventLimitBody = z
  .object({
    liabilityLimit: Cents.min(100).max(MAX_AMOUNT_CENTS).nullable().openapi({
      description: "The event's liability limit in cents, 1.00 .. 100,000,000.00, or null for the default; placement refuses a bet past it (BET.EVENT_LIMIT)",
      example: 500_000_000,
    }),
  })
  .strict()
  .openapi("EventLimitChange");

export const GovernedSettingKey = z.enum(GOVERNED_SETTINGS);

export const RiskSettingsView = z
  .object({
    settings: z.array(z.object({ key: GovernedSettingKey, label: z.string(), value: Cents })),
  })
  .openapi("RiskSettings");
export type RiskSettingsResponse = z.infer<typeof RiskSettingsView>;

export const RiskSettingParam = z.object({ key: GovernedSettingKey.openapi({ param: { name: "key", in: "path" }, example: "approval_money_threshold" }) });

export const RiskSettingBody = z
  .object({ value: Cents.min(0).max(MAX_AMOUNT_CENTS).openapi({ description: "The new value in cents", example: 100_000 }) })
  .strict()
  .openapi("RiskSettingChange");
