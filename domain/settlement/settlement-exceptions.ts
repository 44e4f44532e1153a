/**
 * Settlement exceptions (docs/trading.md "Settlement exceptions"). A bet whose settlement a database
 * guard refuses (a return above its potential return, a ledger check) is a fault in the data or in
 * a pricing rule, not in the request: settling its market must not answer 500 or stop there. The
 * refusal is recorded with the guard's code and what settlement tried to write (one open record per
 * bet and guard; the results job's retries add nothing), the bet stays pending for an operator, and
 * the rest of the market settles. Operators list them (listSettlementExceptions); settling the bet
 * by any path resolves its exceptions (a trigger on the bet's status).
 */
import type { Ctx, SystemCtx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { ok, type Result } from "../shared/result.ts";
import type { SettlementExceptionView, SettlementPlan } from "../ports/index.ts";

/** What settles a bet: a market's settlement or a correction, for the record. */
export interface SettlementVia {
  marketId: string | null;
  action: string;
}

/** Plain words for the guards a settlement can meet; any other is shown by its code. */
const GUARD_WORDS: Record<string, string> = {
  "BET.RETURN_ABOVE_POTENTIAL": "The graded return is above the bet's potential return",
  "CHECK constraint failed: ledger_accounts_wallet_nonneg_ck": "The payout's postings would take an account below zero",
};

export const guardMessage = (code: string): string => GUARD_WORDS[code] ?? `The database refused the settlement (${code})`;

/**
 * Settle one bet (the ordinary settle-once write); when a guard refuses it, record the exception
 * instead and go on. True when the bet settled now.
 */
export async function settleOrRecord(ctx: SystemCtx, plan: SettlementPlan, via: SettlementVia): Promise<boolean> {
  const written = await ctx.ports.bets.settle(plan);
  if (written === "settled") return true;
  if (typeof written === "object") await recordRefusal(ctx, plan, written.refused, via);
  return false;
}

/** Record a guard's refusal of `plan` (and its audit entry); an open one for the bet and guard is kept. */
export async function recordRefusal(
  ctx: SystemCtx,
  plan: Pick<SettlementPlan, "betId" | "status" | "actualReturn">,
  code: string,
  via: SettlementVia,
): Promise<void> {
  const now = ctx.clock.now();
  const message = guardMessage(code);
  await ctx.ports.settlementExceptions.record(
    {
      id: ctx.ids.next("sxc"),
      betId: plan.betId,
      marketId: via.marketId,
      code,
      message,
      attemptedStatus: plan.status,
      attemptedReturn: plan.actualReturn,
      via: via.action,
      createdAt: now,
    },
    {
      id: ctx.ids.next("aud"),
      actorId: null,
      actorRole: "system",
      action: "bet.settle_refused",
      entityType: "bet",
      entityId: plan.betId,
      before: { status: "pending" },
      after: { status: "pending", refused: code, message, attempted: { status: plan.status, actualReturn: plan.actualReturn }, via: via.action, marketId: via.marketId },
      createdAt: now,
    },
  );
}

/** The operators' list: open exceptions (or all), newest first. */
export async function listSettlementExceptions(
  ctx: Ctx,
  input: { includeResolved?: boolean; limit?: number } = {},
): Promise<Result<SettlementExceptionView[]>> {
  const who = requireRole(ctx.actor, ["admin"], "see settlement exceptions");
  if (!who.ok) return who;
  const limit = Math.max(1, Math.min(500, input.limit ?? 100));
  return ok(await ctx.ports.settlementExceptions.list({ includeResolved: input.includeResolved ?? false, limit }));
}
