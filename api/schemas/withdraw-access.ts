/** GET /api/wallet/withdraw-access: what a customer, suspended or not, may do with their money. */
import { z } from "@hono/zod-openapi";
import { Cents } from "./common.ts";

export const WithdrawAccessResponse = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    suspended: z.boolean(),
    verificationLevel: z.enum(["none", "basic", "full"]),
    balance: Cents,
    blockedBy: z
      .enum(["under_investigation", "verification_required"])
      .nullable()
      .openapi({ description: "null: the customer can withdraw now" }),
  })
  .openapi("WithdrawAccess");
export type WithdrawAccessResponse = z.infer<typeof WithdrawAccessResponse>;
