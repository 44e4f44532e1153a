import { z } from "@hono/zod-openapi";
import { Cents, Role } from "./common.ts";
import { UserSettings } from "./account.ts";

export const CurrentUser = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: Role,
    isDemoUser: z.boolean(),
    isActive: z.boolean(),
    verificationLevel: z.enum(["none", "basic", "full"]),
    balance: Cents.openapi({ description: "Wallet balance in cents (0 for staff without a wallet)" }),
    settings: UserSettings,
  })
  .openapi("CurrentUser");

/**
 * GET /api/auth/session: the signed-in user, or null for a visitor. A union with null, not
 * .nullable(): on a named schema the generator writes .nullable() as allOf [CurrentUser, object|null],
 * which no null satisfies, so the document would say a visitor's answer is invalid.
 */
export const SessionResponse = z.object({ user: z.union([CurrentUser, z.null()]) }).openapi("SessionResponse");
export type CurrentUser = z.infer<typeof CurrentUser>;

export const DemoLoginBody = z
  .object({
    role: Role,
    startOver: z.boolean().optional().openapi({ description: "true: a fresh demo user even when this browser is signed in as one of that role" }),
  })
  .strict()
  .openapi("DemoLoginBody");
export const DemoLoginResponse = z
  .object({
    user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), role: Role }),
    redirectTo: z.string().openapi({ example: "/betting" }),
  })
  .openapi("DemoLoginResponse");
export type DemoLoginResponse = z.infer<typeof DemoLoginResponse>;

export const OkResponse = z.object({ ok: z.literal(true) }).openapi("Ok");

export const BalanceResponse = z.object({ balance: Cents }).openapi("Balance");
export type BalanceResponse = z.infer<typeof BalanceResponse>;
