/** The bonus wallet: the customer's bonus and wagering, and the operator's view of a customer's (docs/money.md "Bonus funds"). */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { withinReach } from "../middleware/reach.ts";
import { customerBonus, myBonus } from "../../domain/wallet/bonus-account.ts";

export const bonusRoutes = new OpenAPIHono<AppEnv>();

const BonusResponse = z
  .object({
    cash: z.number().int(), bonus: z.number().int(), active: z.boolean(), wagered: z.number().int(), required: z.number().int(),
    minOdds: z.string(), expiresAt: z.string().nullable(), progressText: z.string().nullable(),
  })
  .openapi("Bonus");

bonusRoutes.openapi(
  createRoute({
    method: "get",
    path: "/wallet/bonus",
    tags: ["Wallet"],
    summary: "Cash and bonus balances, wagering progress and expiry (customer); a bonus whose wagering is met is released to cash first",
    middleware: [requireRole("customer")] as const,
    responses: { 200: json(BonusResponse, "Bonus"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(unwrap(await myBonus(ctxOf(c))), 200),
);

bonusRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/customers/{id}/bonus",
    tags: ["Admin: CRM"],
    summary: "A customer's bonus balance and wagering (admin)",
    middleware: [requireRole("admin"), withinReach("user")] as const,
    request: { params: z.object({ id: z.string().min(1).max(100) }) },
    responses: { 200: json(BonusResponse, "Bonus"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(unwrap(await customerBonus(ctxOf(c), c.req.valid("param").id)), 200),
);
