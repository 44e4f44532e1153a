/**
 * resettleBet: an admin corrects a bet that was settled wrongly. The new grade comes from
 * resettle.ts; the difference from what was paid is one bet_resettlement ledger transaction
 * (earlier postings are never touched). The database allows a settled bet's status to change only
 * together with its resettlement counter going up by exactly one (migration 0011), so a plain
 * second settlement still aborts and two concurrent resettlements cannot both apply. Money taken back
 * comes from where it went: the bonus share from the bonus, the cash share from cash (debt.ts). A
 * customer who has already spent an overpayment cannot be taken below zero: refused, nothing written.
 *
 * Every resettlement carries a reason code (bet-reasons.ts); one whose result contradicts its
 * market's recorded result needs the override with a reason too; one that moves more than the
 * four-eyes threshold waits for a second admin (approvals/four-eyes.ts). All of it is audited.
 */
import { requireWithinReach } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type DomainError, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import type { BetRecord } from "../shared/types.ts";
import { ledgerTransaction, type LedgerTransaction } from "../wallet/ledger.ts";
import { formatMoney } from "../shared/money.ts";
import { decideResettlement, type ResettlementDecision, type ResettlementRequest } from "./resettle.ts";
import { correctionPostings } from "../wallet/debt.ts";
import { checkBetReason, contradictions, type BetReason, type Contradiction } from "./bet-reasons.ts";
import { reasonOf, type SettleOverride } from "./settle-override.ts";
import { recordedResult, type MarketResult } from "./market-result.ts";
import { withWithdrawn } from "./rule4.ts";
import { approvalNote, fourEyes, type ApprovalPending, type Approving, type RequestDraft } from "../approvals/four-eyes.ts";

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

const insufficient = (correction: number) =>
  domainError("BET.RESETTLE_INSUFFICIENT_FUNDS", `The customer's balance is too low to take back ${formatMoney(-correction)}; nothing was changed`, { correction });

export type ResettleBetInput = ResettlementRequest & { reason?: BetReason; override?: SettleOverride };

/** The recorded result of every market the bet has a leg on (withdrawn runners void), by market id. */
async function recordedResults(ctx: Ctx, bet: BetRecord): Promise<Map<string, MarketResult>> {
  const out = new Map<string, MarketResult>();
  for (const marketId of new Set(bet.legs.map((l) => l.marketId))) {
    const m = await ctx.ports.markets.findById(marketId);
    const r = m ? withWithdrawn(m, recordedResult(m)) : null;
    if (r) out.set(marketId, r);
  }
  return out;
}

/** Against its markets: nothing contradicts, or the override (with its reason) owns the contradiction. */
async function checkAgainstMarkets(ctx: Ctx, bet: BetRecord, d: ResettlementDecision, req: ResettleBetInput): Promise<Result<{ override: SettleOverride | null; against: Contradiction[] }>> {
  const against = contradictions(bet.legs, d.legResults, req.status === "placed", await recordedResults(ctx, bet));
  if (against.length === 0) return ok({ override: null, against });
  if (!req.override) {
    const names = against.map((c) => bet.legs.find((l) => l.id === c.legId)!).map((l) => `${l.marketName} (${l.selectionName})`).join(", ");
    return err(
      domainError("SETTLE.CONTRADICTS_MARKET", `Resettling this bet ${req.status} contradicts the result recorded on ${names}: it needs an override with a reason`, {
        legs: against,
      }),
    );
  }
  const override = reasonOf(req.override, "resettling a bet against its market's result");
  return override.ok ? ok({ override: override.value, against }) : override;
}

/** The four-eyes request: the money it moves is the size of the correction either way. */
function approvalDraft(betId: string, req: ResettleBetInput, d: ResettlementDecision, against: { resettlementCount: number; status: string; actualReturn: number }): RequestDraft {
  return {
    kind: "bet_resettle",
    subjectType: "bet",
    subjectId: betId,
    amount: Math.abs(d.correction),
    threshold: "money",
    summary: `Resettle bet ${betId} ${against.status} -> ${req.status}: ${d.correction >= 0 ? "pays" : "takes back"} ${formatMoney(Math.abs(d.correction))}`,
    input: req,
    against,
  };
}

/** The correcting ledger transaction (none when the return does not change), refused rather than put the customer into debt. */
async function correctionTransaction(
  ctx: Ctx,
  bet: BetRecord,
  previousReturn: number,
  d: ResettlementDecision,
  actorId: string,
  now: Date,
): Promise<Result<LedgerTransaction | null>> {
  if (d.correction === 0) return ok(null);
  // Taken back from where it went (debt.ts correctionPostings); by bet, never into debt.
  const postings = correctionPostings(bet, previousReturn, d.actualReturn, await ctx.ports.corrections.walletAndDebt(bet.userId));
  if (postings.some((p) => p.accountId.startsWith("debt:"))) return err(insufficient(d.correction));
  return ledgerTransaction({ id: ctx.ids.next("tx"), kind: "bet_resettlement", reference: bet.id, createdAt: now, createdBy: actorId }, postings);
}

/** Why the write changed nothing: decided by another admin, raced by another resettlement, or no money to take back. */
function writeRefusal(written: "conflict" | "insufficient_funds" | "approval_decided", correction: number): DomainError {
  if (written === "approval_decided") return domainError("APPROVAL.ALREADY_DECIDED", "This request was decided by someone else meanwhile");
  if (written === "conflict") return domainError("BET.RESETTLE_CONFLICT", "The bet changed while you were resettling it; reload and try again");
  return insufficient(correction);
}

export async function resettleBet(ctx: Ctx, betId: string, req: ResettleBetInput, approving?: Approving): Promise<Result<ResettledBet | ApprovalPending>> {
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
  const reason = checkBetReason(req.reason, "resettling a bet");
  if (!reason.ok) return reason;
  const markets = await checkAgainstMarkets(ctx, bet, d, req);
  if (!markets.ok) return markets;
  const previousStatus = bet.status as "won" | "lost" | "void";
  const previousReturn = bet.actualReturn ?? 0;

  const gate = await fourEyes(ctx, actor, approving, approvalDraft(betId, req, d, { resettlementCount: count, status: previousStatus, actualReturn: previousReturn }));
  if (!gate.ok) return gate;
  if (!gate.value.apply) return ok(gate.value.pending);
  const claim = gate.value.claim;

  const now = ctx.clock.now();
  const tx = await correctionTransaction(ctx, bet, previousReturn, d, actor.id, now);
  if (!tx.ok) return tx;
  const correction = tx.value;
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
    approval: claim,
    audit: {
      id: ctx.ids.next("aud"),
      actorId: actor.id,
      actorRole: actor.role,
      action: "bet.resettle",
      entityType: "bet",
      entityId: betId,
      before: { status: previousStatus, actualReturn: previousReturn, legResults: bet.legs.map((l) => ({ legId: l.id, result: l.result })) },
      after: {
        status: d.status,
        actualReturn: d.actualReturn,
        legResults: d.legResults,
        correction: d.correction,
        reason: reason.value,
        ...(req.status === "placed" ? { result: "placed" } : {}),
        ...(markets.value.override ? { override: markets.value.override, contradicts: markets.value.against } : {}),
        ...approvalNote(claim, approving),
      },
      createdAt: now,
    },
  });
  if (written !== "resettled") return err(writeRefusal(written, d.correction));
  return ok({
    bet: { id: betId, status: d.status, actualReturn: d.actualReturn, previousStatus, previousReturn, resettlementCount: count + 1, settledAt: now },
    correction: d.correction,
  });
}
