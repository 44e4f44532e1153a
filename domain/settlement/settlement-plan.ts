/**
 * One bet's settlement write, built the same way by the paths that settle a bet for a market: a
 * market's settlement (settle-market.ts), a waiting multiple that a correction lets settle
 * (correct-market.ts) and a withdrawn runner's voids (domain/trading/withdraw-runner.ts). A manual
 * settlement (settle-bet.ts) audits other facts but pays back through the same payoutTransaction.
 */
import type { Ctx } from "../shared/context.ts";
import type { SettlementPlan } from "../ports/index.ts";
import type { BetRecord } from "../shared/types.ts";
import { ok, type Result } from "../shared/result.ts";
import { ledgerTransaction, type LedgerTransaction } from "../wallet/ledger.ts";
import { returnPostings } from "../wallet/bonus.ts";
import type { LegGradeEntry } from "./grade.ts";
import type { Settler } from "./settler.ts";

/**
 * Status, legs, the payout postings (bonus share to the bonus) and the audit record; `via` names
 * the path. `now` is the moment the caller settles at (default: the clock now); a `reason` given
 * is kept in the audit record.
 */
export function settlementPlan(
  ctx: Pick<Ctx, "clock" | "ids">,
  actor: Settler,
  bet: BetRecord,
  status: "won" | "lost" | "void",
  actualReturn: number,
  legResults: LegGradeEntry[],
  marketId: string,
  via = "market",
  more: { now?: Date; reason?: string | null } = {},
): SettlementPlan {
  const now = more.now ?? ctx.clock.now();
  const payout = payoutTransaction(ctx, actor.id, bet, status, actualReturn, now);
  if (!payout.ok) throw new Error(payout.error.message);
  return {
    betId: bet.id,
    status,
    actualReturn,
    settledAt: now,
    settledBy: actor.id,
    legResults,
    payout: payout.value,
    audit: {
      id: ctx.ids.next("aud"),
      actorId: actor.role === "system" ? null : actor.id,
      actorRole: actor.role,
      action: "bet.settle",
      entityType: "bet",
      entityId: bet.id,
      before: { status: "pending", actualReturn: null },
      after: { status, actualReturn, legResults, via, marketId, ...(more.reason === undefined ? {} : { reason: more.reason }) },
      createdAt: now,
    },
  };
}

/** What a settled bet pays back (a refund when void, else a payout; the bonus share to the bonus), or null when it returns nothing. */
export function payoutTransaction(
  ctx: Pick<Ctx, "ids">,
  actorId: string,
  bet: BetRecord,
  status: "won" | "lost" | "void",
  actualReturn: number,
  now: Date,
): Result<LedgerTransaction | null> {
  if (actualReturn <= 0) return ok(null);
  return ledgerTransaction(
    { id: ctx.ids.next("tx"), kind: status === "void" ? "bet_refund" : "bet_payout", reference: bet.id, createdAt: now, createdBy: actorId },
    returnPostings(bet, actualReturn),
  );
}
