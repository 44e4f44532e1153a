/**
 * One bet's settlement write, built the same way by the paths that settle a bet for a market: a
 * market's settlement (settle-market.ts), a waiting multiple that a correction lets settle
 * (correct-market.ts) and a withdrawn runner's voids (domain/trading/withdraw-runner.ts). A manual
 * settlement (settle-bet.ts) audits other facts but builds the same write (settlementWrite).
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
  const plan = settlementWrite(ctx, actor, bet, { status, actualReturn, legResults }, now, {
    actorId: actor.role === "system" ? null : actor.id,
    before: { status: "pending", actualReturn: null },
    after: { status, actualReturn, legResults, via, marketId, ...(more.reason === undefined ? {} : { reason: more.reason }) },
  });
  if (!plan.ok) throw new Error(plan.error.message);
  return plan.value;
}

/**
 * The write of one graded bet, audited with what the caller says of it: status, legs, when and by
 * whom, what it pays back and the audit record. Refused only if the payback does not balance.
 */
export function settlementWrite(
  ctx: Pick<Ctx, "ids">,
  actor: Settler,
  bet: BetRecord,
  graded: { status: "won" | "lost" | "void"; actualReturn: number; legResults: LegGradeEntry[] },
  now: Date,
  audit: { actorId: string | null; before: unknown; after: unknown },
): Result<SettlementPlan> {
  const payout = payoutTransaction(ctx, actor.id, bet, graded.status, graded.actualReturn, now);
  if (!payout.ok) return payout;
  return ok({
    betId: bet.id,
    status: graded.status,
    actualReturn: graded.actualReturn,
    settledAt: now,
    settledBy: actor.id,
    legResults: graded.legResults,
    payout: payout.value,
    audit: {
      id: ctx.ids.next("aud"),
      actorId: audit.actorId,
      actorRole: actor.role,
      action: "bet.settle",
      entityType: "bet",
      entityId: bet.id,
      before: audit.before,
      after: audit.after,
      createdAt: now,
    },
  });
}

/** What a settled bet pays back (a refund when void, else a payout; the bonus share to the bonus), or null when it returns nothing. */
function payoutTransaction(
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
