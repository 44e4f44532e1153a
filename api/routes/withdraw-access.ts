/** Funds always reachable, because they are the customer's: a suspended customer's account page reads this to withdraw, or to see why not. */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { WithdrawAccessResponse } from "../schemas/withdraw-access.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { allowSuspendedCustomer, requireRole } from "../middleware/session.ts";
import { withdrawAccess } from "../../domain/wallet/withdraw-access.ts";

export const withdrawAccessRoutes = new OpenAPIHono<AppEnv>();

withdrawAccessRoutes.openapi(
  createRoute({
    method: "get",
    path: "/wallet/withdraw-access",
    tags: ["Wallet"],
    summary: "The customer's name, balance and whether they can withdraw now (blockedBy: under_investigation, verification_required); open to a suspended customer",
    middleware: [allowSuspendedCustomer(), requireRole("customer")] as const,
    responses: { 200: json(WithdrawAccessResponse, "Withdraw access"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(unwrap(await withdrawAccess(ctxOf(c))), 200),
);
