/** GET /customer/balance: the signed-in user's cash balance, as the spec's header reads it. */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { BalanceResponse } from "../schemas/auth.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireUser } from "../middleware/session.ts";
import { myBalance } from "../../domain/wallet/balance.ts";

export const customerRoutes = new OpenAPIHono<AppEnv>();

customerRoutes.openapi(
  createRoute({
    method: "get",
    path: "/customer/balance",
    tags: ["Wallet"],
    summary: "The signed-in user's wallet balance in cents (0 for staff, who have no wallet)",
    middleware: [requireUser()] as const,
    responses: { 200: json(BalanceResponse, "Balance"), ...errorResponses(401) },
  }),
  async (c) => c.json(unwrap(await myBalance(ctxOf(c))), 200),
);
