/**
 * settleBet: an operator grades a pending bet won, lost or void. The server computes the return;
 * a won bet pays stake x odds (void legs at 1.00) from the house to the wallet, a void bet returns
 * the stake, a lost bet pays nothing. The Bets port writes status, legs, payout and audit record
 * in one write that the database refuses if the bet is no longer pending, so it pays once.
 */
import { requireWithinReach } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { decideSettlement, type SettlementRequest } from "./grade.ts";
import { betSettleTiming, lenient, type SettleOverride } from "./settle-override.ts";
import { HOUSE_ACCOUNT, transfer, walletAccountId } from "../wallet/ledger.ts";
import { settlementWrite } from "./settlement-plan.ts";
import { checkBetReason, type BetReason } from "./bet-reasons.ts";

export interface SettledBet {
  bet: { id: string; status: "won" | "lost" | "void"; actualReturn: number; settledAt: string };
}

/** A void by hand carries a reason code (bet-reasons.ts): it refunds against the result, so it is owned and counted. */
export async function settleBet(ctx: Ctx, betId: string, req: SettlementRequest & { override?: SettleOverride; reason?: BetReason }): Promise<Result<SettledBet>> {
  const who = requireRole(ctx.actor, ["admin"], "settle bets");
  if (!who.ok) return who;
  const actor = who.value;
  // The demo sandbox, checked here too, for callers other than the route (a bulk settlement).
  const reachable = await requireWithinReach(ctx, "bet", betId);
  if (!reachable.ok) return reachable;
  const bet = await ctx.ports.bets.findById(betId);
  if (!bet) return err(domainError("BET.NOT_FOUND", "No bet with that id"));

  const decision = decideSettlement(bet, req);
  if (!decision.ok) return decision;
  const { status, actualReturn, legResults } = decision.value;
  const timing = lenient(await betSettleTiming(ctx, bet, status, req.override));
  if (!timing.ok) return timing;
  const reason = status === "void" || req.reason ? checkBetReason(req.reason, "voiding a bet") : ok(null);
  if (!reason.ok) return reason;

  const now = ctx.clock.now();
  const plan = settlementWrite(ctx, actor, bet, { status, actualReturn, legResults }, now, {
    actorId: actor.id,
    before: { status: bet.status, actualReturn: null },
    after: { status, actualReturn, legResults, ...(req.status === "placed" ? { result: "placed" } : {}), ...(timing.value ? { override: timing.value } : {}), ...(reason.value ? { reason: reason.value } : {}) },
  });
  if (!plan.ok) return plan;
  const written = await ctx.ports.bets.settle(plan.value);
  if (written === "not_pending") return err(domainError("BET.NOT_PENDING", "This bet has already been settled"));
  if (written === "not_found") return err(domainError("BET.NOT_FOUND", "No bet with that id"));
  if (typeof written === "object")
    return err(domainError("BET.SETTLEMENT_REFUSED", `The database refused this settlement (${written.refused}); nothing was written`, { guard: written.refused }));
  return ok({ bet: { id: bet.id, status, actualReturn, settledAt: now.toISOString() } });
}
