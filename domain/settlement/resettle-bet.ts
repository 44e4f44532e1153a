/**
 * resettleBet: an admin corrects a bet that was settled wrongly. The new grade comes from
 * resettle.ts; the difference from what was paid is one bet_resettlement ledger transaction
 * (earlier postings are never touched). The database allows a settled bet's status to change only
 * together with its resettlement counter going up by exactly one (migration 0011), so a plain
 * second settlement still aborts and two concurrent resettlements cannot both apply. A customer
 * who has already spent an overpayment cannot be taken below zero: the wallet CHECK refuses it.
 */
import { requireWithinReach } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { HOUSE_ACCOUNT, ledgerTransaction, transfer, walletAccountId, type LedgerTransaction } from "../wallet/ledger.ts";
import { formatAmount } from "../risk/format.ts";
import { decideResettlement, type ResettlementRequest } from "./resettle.ts";
import { returnPostings } from "../wallet/bonus.ts";

export interface ResettledBet {
  bet: {
    id: string;
    status: "won" | "lost" | "void";
    actualReturn: number;
    previousStatus: "won" | "lost" | "void";
    previousReturn: number;
    resettlementCount: number;
    settledAt: Date;
  };
  correction: number;
}

export async function resettleBet(ctx: Ctx, betId: string, req: ResettlementRequest & { reason?: string }): Promise<Result<ResettledBet>> {
  const who = requireRole(ctx.actor, ["admin"], "resettle bets");
  if (!who.ok) return who;
  const actor = who.value;
  const reachable = await requireWithinReach(ctx, "bet", betId);
  if (!reachable.ok) return reachable;
  const settlements = ctx.ports.settlements;
  const bet = await ctx.ports.bets.findById(betId);
  if (!bet) return err(domainError("BET.NOT_FOUND", "No bet with that id"));
  const count = await settlements.resettlementCount(betId);
  if (count === null) return err(domainError("BET.NOT_FOUND", "No bet with that id"));
  const decision = decideResettlement(bet, req);
  if (!decision.ok) return decision;
  const d = decision.value;
  const previousStatus = bet.status as "won" | "lost" | "void";
  const previousReturn = bet.actualReturn ?? 0;
  const now = ctx.clock.now();
  let correction: LedgerTransaction | null = null;
  if (d.correction !== 0) {
    const tx = ledgerTransaction(
      { id: ctx.ids.next("tx"), kind: "bet_resettlement", reference: bet.id, createdAt: now, createdBy: actor.id },
      returnPostings(bet, d.correction),
    );
    if (!tx.ok) return tx;
    correction = tx.value;
  }
  const written = await settlements.resettle({
    betId,
    fromCount: count,
    fromStatus: previousStatus,
    status: d.status,
    actualReturn: d.actualReturn,
    legResults: d.legResults,
    settledAt: now,
    settledBy: actor.id,
    correction,
    audit: {
      id: ctx.ids.next("aud"),
      actorId: actor.id,
      actorRole: actor.role,
      action: "bet.resettle",
      entityType: "bet",
      entityId: betId,
      before: { status: previousStatus, actualReturn: previousReturn, legResults: bet.legs.map((l) => ({ legId: l.id, result: l.result })) },
      after: { status: d.status, actualReturn: d.actualReturn, legResults: d.legResults, correction: d.correction, reason: req.reason ?? null, ...(req.status === "placed" ? { result: "placed" } : {}) },
      createdAt: now,
    },
  });
  if (written === "conflict")
    return err(domainError("BET.RESETTLE_CONFLICT", "The bet changed while you were resettling it; reload and try again"));
  if (written === "insufficient_funds")
    return err(
      domainError(
        "BET.RESETTLE_INSUFFICIENT_FUNDS",
        `The customer's balance is too low to take back ${formatAmount(-d.correction)}; nothing was changed`,
        { correction: d.correction },
      ),
    );
  return ok({
    bet: {
      id: betId,
      status: d.status,
      actualReturn: d.actualReturn,
      previousStatus,
      previousReturn,
      resettlementCount: count + 1,
      settledAt: now,
    },
    correction: d.correction,
  });
}
