/** Rule 4: withdraw a runner from a race (admin, trader); docs/money.md "Each way and Rule 4". */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { formatOdds } from "../../domain/shared/odds.ts";
import { withdrawRunner } from "../../domain/trading/withdraw-runner.ts";

export const withdrawalRoutes = new OpenAPIHono<AppEnv>();
const traders = requireRole("admin", "trader");

const Params = z.object({
  id: z.string().min(1).max(64).openapi({ param: { name: "id", in: "path" }, example: "evt_001-m1" }),
  outcomeId: z.string().min(1).max(64).openapi({ param: { name: "outcomeId", in: "path" } }),
});

const WithdrawRunnerBody = z
  .object({
    odds: z
      .string()
      .regex(/^\d{1,4}(\.\d{1,3})?$/)
      .optional()
      .openapi({ description: "The runner's price at withdrawal (decimal odds); its current price when absent", example: "4.00" }),
  })
  .strict()
  .openapi("WithdrawRunner");

const WithdrawRunnerResponse = z
  .object({
    withdrawal: z.object({
      marketId: z.string(),
      outcomeId: z.string(),
      name: z.string(),
      odds: z.string(),
      deduction: z.number().int().min(0).max(90).openapi({ description: "Rule 4 deduction, pence per pound" }),
      withdrawnAt: z.string(),
    }),
  })
  .openapi("WithdrawnRunner");

withdrawalRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/markets/{id}/outcomes/{outcomeId}/withdraw",
    tags: ["Markets"],
    summary: "Withdraw a runner from a race (Rule 4; admin, trader). Audited.",
    description:
      "The runner takes no more bets and its bets are void when the market settles; the Tattersalls deduction of its price " +
      "(body odds, or its current price) is recorded with the time and taken from the winnings of bets on the other runners struck before it. " +
      "409 MARKET.RUNNER_ALREADY_WITHDRAWN, 409 MARKET.ALREADY_SETTLED (settled or closed), 422 MARKET.NOT_RACING, 404 MARKET.NOT_FOUND / MARKET.OUTCOME_NOT_FOUND.",
    middleware: [traders] as const,
    request: { params: Params, body: { required: false, content: { "application/json": { schema: WithdrawRunnerBody } } } },
    responses: { 200: json(WithdrawRunnerResponse, "Withdrawn"), ...errorResponses(400, 401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const { id, outcomeId } = c.req.valid("param");
    const body = (c.req.valid("json") as z.infer<typeof WithdrawRunnerBody> | undefined) ?? {};
    const w = unwrap(await withdrawRunner(ctxOf(c), id, outcomeId, body.odds !== undefined ? { odds: body.odds } : {}));
    return c.json(
      { withdrawal: { marketId: w.marketId, outcomeId: w.outcomeId, name: w.name, odds: formatOdds(w.priceMilli), deduction: w.deduction, withdrawnAt: w.withdrawnAt.toISOString() } },
      200,
    );
  },
);
