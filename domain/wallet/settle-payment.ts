/**
 * Moving a pending payment to what the provider says, and reconciling the pending payments left by
 * a stopped process. Used by the deposit and withdrawal requests, by an operator's approval, and by
 * the reconciliation job (api/jobs/payment-reconciler.ts) on start and periodically.
 *
 * Every move is one write guarded by "still pending" (PaymentTransition), with its ledger postings:
 *   deposit completed:    payments -> wallet (amount), wallet -> house (fee), promotions -> bonus account (bonus)
 *   deposit failed:       nothing moves (the provider took nothing)
 *   withdrawal completed: payments_held -> payments (the provider paid it)
 *   withdrawal failed:    payments_held -> wallet (the hold comes back, once)
 * So a request and the reconciler racing for the same payment move it once, and money moves once.
 */
import type { Ctx } from "../shared/context.ts";
import type { Clock, Ids } from "../shared/clock.ts";
import type { Ports } from "../ports/index.ts";
import { type PaymentRecord, type TransitionOutcome } from "../ports/payments.ts";
import { type ProviderAnswer } from "../ports/payment-provider.ts";
import {
  HOUSE_ACCOUNT, ledgerTransaction, PAYMENTS_ACCOUNT, PAYMENTS_HELD_ACCOUNT, PROMOTIONS_ACCOUNT, transfer, walletAccountId,
  type LedgerTransaction, type Posting, type TransactionKind,
} from "./ledger.ts";
import { bonusAccountId } from "./bonus.ts";

type Deps = Pick<Ctx, "ports" | "clock" | "ids">;
const asCtx = (d: Deps): Ctx => ({ actor: { kind: "anonymous" }, ports: d.ports, clock: d.clock, ids: d.ids });

export const NOT_RECEIVED = "The payment provider never received this payment; nothing was taken";

function tx(d: Deps, kind: TransactionKind, reference: string, createdBy: string | null, postings: Posting[]): LedgerTransaction {
  const built = ledgerTransaction({ id: d.ids.next("tx"), kind, reference, createdAt: d.clock.now(), createdBy }, postings);
  // Amounts of a stored payment are positive whole cents (a CHECK says so): this cannot fail.
  if (!built.ok) throw new Error(built.error.message);
  return built.value;
}

/** The hold of a withdrawal going back to the wallet (failed or rejected). */
export const returnHold = (d: Deps, p: PaymentRecord): LedgerTransaction =>
  tx(d, "withdrawal_returned", p.id, null, transfer(PAYMENTS_HELD_ACCOUNT, walletAccountId(p.userId), p.amount));

/**
 * Move a pending payment to the provider's answer (null: the provider never received it). Answers
 * what the write did: "stale" when something else moved it first.
 */
export async function applyProviderAnswer(d: Deps, p: PaymentRecord, answer: ProviderAnswer | null): Promise<TransitionOutcome> {
  const at = d.clock.now();
  const wallet = walletAccountId(p.userId);
  const base = { paymentId: p.id, userId: p.userId, from: "pending" as const, at, walletAccountId: wallet };
  const payments = asCtx(d).ports.payments;
  if (p.direction === "deposit") {
    if (answer === null || !answer.approved)
      return payments.transition({ ...base, to: "failed", providerReference: answer?.providerReference ?? null, failureReason: answer ? answer.reason : NOT_RECEIVED });
    const postings = [...transfer(PAYMENTS_ACCOUNT, wallet, p.amount), ...(p.fee > 0 ? transfer(wallet, HOUSE_ACCOUNT, p.fee) : [])];
    const deposit = tx(d, "deposit", p.id, p.userId, postings);
    // The bonus goes to the bonus account, never cash (docs/money.md "Bonus funds").
    const bonus = p.bonus > 0 ? [tx(d, "deposit_bonus", p.id, null, transfer(PROMOTIONS_ACCOUNT, bonusAccountId(p.userId), p.bonus))] : [];
    return payments.transition({ ...base, to: "completed", providerReference: answer.providerReference, settle: deposit, extra: bonus });
  }
  if (answer === null || !answer.approved)
    return payments.transition({
      ...base, to: "failed", providerReference: answer?.providerReference ?? null, failureReason: answer ? answer.reason : NOT_RECEIVED, settle: returnHold(d, p),
    });
  return payments.transition({
    ...base, to: "completed", providerReference: answer.providerReference, settle: tx(d, "withdrawal", p.id, null, transfer(PAYMENTS_HELD_ACCOUNT, PAYMENTS_ACCOUNT, p.amount)),
  });
}

/** Send a pending withdrawal's payout (idempotent at the provider by our payment id) and record the outcome. */
export async function payOut(d: Deps, p: PaymentRecord): Promise<TransitionOutcome> {
  const answer = await asCtx(d).ports.paymentProvider.payout({ reference: p.id, userId: p.userId, method: p.method, amount: p.amount });
  return applyProviderAnswer(d, p, answer);
}

export interface ReconcileSummary {
  checked: number;
  completed: number;
  failed: number;
  /** Moved by someone else while we asked. */
  stale: number;
}

/**
 * Every payment still pending and created before now - graceMs: a deposit takes what the provider
 * recorded for our payment id (nothing recorded: failed, nothing was taken); a withdrawal's payout
 * is asked for again with the same id, which the provider answers as before if it already acted,
 * so it is never paid twice. Payments awaiting an operator's approval are left alone.
 */
export async function reconcilePayments(d: { ports: Ports; clock: Clock; ids: Ids }, opts: { graceMs: number; limit?: number }): Promise<ReconcileSummary> {
  const ctx = asCtx(d);
  const payments = ctx.ports.payments;
  const provider = ctx.ports.paymentProvider;
  const before = new Date(d.clock.now().getTime() - opts.graceMs);
  const open = await payments.list({ states: ["pending"], createdBefore: before, limit: opts.limit ?? 500 });
  const summary: ReconcileSummary = { checked: 0, completed: 0, failed: 0, stale: 0 };
  for (const p of open) {
    summary.checked += 1;
    const out = p.direction === "deposit"
      ? await applyProviderAnswer(d, p, await provider.lookup("charge", p.id))
      : await payOut(d, p);
    if (out.kind !== "moved") summary.stale += 1;
    else {
      const now = await payments.find(p.id);
      if (now?.state === "completed") summary.completed += 1;
      else summary.failed += 1;
    }
  }
  return summary;
}

