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

const Terms = z.object({ fractionNum: z.number().int(), fractionDen: z.number().int(), places: z.number().int() });

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
    reform: z
      .object({
        prices: z
          .array(z.object({ outcomeId: z.string(), name: z.string(), from: z.string(), odds: z.string() }))
          .openapi({ description: "The remaining runners re-priced: their share of the book renormalised, the race's margin applied" }),
        book: z.number().openapi({ description: "The re-formed book, sum of 1 / price (1.18 = 118%); 0 when no book could be made" }),
        eachWay: Terms.nullable().openapi({ description: "Each-way terms for new bets from the new field size; null = win only" }),
        eachWayBefore: Terms.nullable(),
        reopensAt: z.string().openapi({ description: "The market is suspended until then; bets struck at or before it are refused" }),
        reopens: z.boolean().openapi({ description: "false: fewer than two runners left, the market stays suspended for a trader" }),
        voided: z.number().int().openapi({ description: "The runner's singles made void (stakes returned)" }),
        raised: z
          .array(z.object({ betId: z.string(), from: z.number().int(), to: z.number().int() }))
          .openapi({ description: "Each-way bets whose potential return (cents) rose with the smaller field (liability and payout totals follow)" }),
      })
      .nullable()
      .openapi({ description: "The race winner re-formed without the runner (null for another market type)" }),
  })
  .openapi("WithdrawnRunner");

withdrawalRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/markets/{id}/outcomes/{outcomeId}/withdraw",
    tags: ["Markets"],
    summary: "Withdraw a runner from a race (Rule 4; admin, trader). Audited.",
    description:
      "In one write: the runner takes no more bets and its singles are void (stakes back; a multiple's leg on it is void when the race settles); " +
      "the Tattersalls deduction of its price (body odds, or its current price) is recorded with the time and taken from the winnings of bets " +
      "on the other runners struck before it; the race winner is re-formed (the other runners re-priced to the race's margin, each-way terms " +
      "for new bets from the new field size) and suspended until `reopensAt`; each-way bets whose field fell into a lower band have their " +
      "potential return raised. 409 MARKET.RUNNER_ALREADY_WITHDRAWN, 409 MARKET.ALREADY_SETTLED (settled or closed), 409 " +
      "MARKET.RUNNER_NOT_WITHDRAWABLE (the race kept changing under the write), 422 MARKET.NOT_RACING, 404 MARKET.NOT_FOUND / MARKET.OUTCOME_NOT_FOUND.",
    middleware: [traders] as const,
    request: { params: Params, body: { required: false, content: { "application/json": { schema: WithdrawRunnerBody } } } },
    responses: { 200: json(WithdrawRunnerResponse, "Withdrawn"), ...errorResponses(400, 401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const { id, outcomeId } = c.req.valid("param");
    const body = (c.req.valid("json") as z.infer<typeof WithdrawRunnerBody> | undefined) ?? {};
    const w = unwrap(await withdrawRunner(ctxOf(c), id, outcomeId, body.odds !== undefined ? { odds: body.odds } : {}));
    const r = w.reform;
    return c.json(
      {
        withdrawal: { marketId: w.marketId, outcomeId: w.outcomeId, name: w.name, odds: formatOdds(w.priceMilli), deduction: w.deduction, withdrawnAt: w.withdrawnAt.toISOString() },
        reform: r && {
          prices: r.prices.map((p) => ({ outcomeId: p.outcomeId, name: p.name, from: formatOdds(p.fromMilli), odds: formatOdds(p.priceMilli) })),
          book: Math.round(r.book * 10_000) / 10_000,
          eachWay: r.eachWay,
          eachWayBefore: r.eachWayBefore,
          reopensAt: r.reopensAt.toISOString(),
          reopens: r.reopens,
          voided: r.voided,
          raised: r.raised,
        },
      },
      200,
    );
  },
);
