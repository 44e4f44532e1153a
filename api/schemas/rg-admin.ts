/** The operators' Responsible Gambling screen: GET /api/admin/responsible and the interaction log. */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, plain } from "./common.ts";

const Customer = { userId: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() };
const LimitType = z.enum(["deposit", "loss"]);

export const RgOverview = z
  .object({
    activeLimits: z.array(z.object({ ...Customer, since: IsoDate.openapi({ description: "When the oldest of these limits was last set" }), limits: z.array(z.object({ type: LimitType, period: z.string(), amount: Cents })) })),
    pendingIncreases: z.array(
      z.object({ ...Customer, type: LimitType, period: z.string(), from: Cents.nullable(), to: Cents.nullable().openapi({ description: "null = removal" }), requestedAt: IsoDate, effectiveAt: IsoDate }),
    ),
    timeouts: z.array(z.object({ ...Customer, startedAt: IsoDate, until: IsoDate.nullable(), reason: z.string().nullable(), inherited: z.boolean() })),
    exclusions: z.array(
      z.object({
        ...Customer,
        startedAt: IsoDate,
        until: IsoDate.nullable().openapi({ description: "End of the period; null = permanent" }),
        stage: z.enum(["period", "awaiting_return", "cooling_off"]),
        returnAccessAt: IsoDate.nullable(),
        inherited: z.boolean().openapi({ description: "Inherited from another account of the same person" }),
      }),
    ),
    realityChecks: z.array(z.object({ ...Customer, minutes: z.number().int(), breaks: z.number().int(), lastBreakAt: IsoDate.nullable() })),
    harm: z.array(
      z.object({
        marker: z.enum(["deposits_rising", "losses_rising", "night_play", "reversed_withdrawals"]),
        customers: z.array(z.object({ ...Customer, since: IsoDate.nullable().openapi({ description: "The first such event in the marker's window" }), detail: z.string() })),
      }),
    ),
  })
  .openapi("RgOverview");
export type RgOverview = z.infer<typeof RgOverview>;

export const InteractionChannel = z.enum(["phone", "email", "chat", "in_app", "letter"]);
export const RgInteraction = z
  .object({
    id: z.string(),
    userId: z.string(),
    operatorId: z.string(),
    operatorName: z.string(),
    channel: InteractionChannel,
    summary: z.string(),
    createdAt: IsoDate,
    customer: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }),
  })
  .openapi("RgInteraction");
export type RgInteraction = z.infer<typeof RgInteraction>;

export const RgInteractionBody = z
  .object({ userId: z.string().min(1).max(100), channel: InteractionChannel, summary: plain(z.string().trim().min(1, "Required").max(2000), "text") })
  .strict()
  .openapi("RgInteractionBody");
export type RgInteractionBody = z.infer<typeof RgInteractionBody>;

export const RgInteractionsQuery = z.object({
  userId: z.string().max(100).optional().openapi({ param: { name: "userId", in: "query" } }),
});

export const RegisterSimulatorBody = z
  .object({
    firstName: plain(z.string().trim().min(1).max(60)),
    lastName: plain(z.string().trim().min(1).max(60)),
    dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD"),
  })
  .strict()
  .openapi("RegisterSimulatorBody");
