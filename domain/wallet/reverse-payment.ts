/**
 * A completed payment the provider reversed afterwards (docs/money.md "Reversed payments"): a
 * withdrawal the customer's bank returned, or a deposit charged back. We learn of it two ways: the
 * reconciler asks the provider about payments completed within a bounded window
 * (reconcileReversals), or an operator marks it reversed with a reason (markReversed, admin). Both
 * end in applyReversal: completed -> reversed with its ledger transaction (reversal.ts) and an
 * audit record, in one write guarded by the state and by the balances read. Twice = once: a
 * payment already reversed is answered as it is, nothing moves again.
 */
import type { Ctx } from "../shared/context.ts";
import type { Clock, Ids } from "../shared/clock.ts";
import type { Ports } from "../ports/index.ts";
import type { AuditEntry } from "../shared/types.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { type PaymentRecord } from "../ports/payments.ts";
import { ledgerTransaction } from "./ledger.ts";
import { canReverse } from "./payment-state.ts";
import { reversalPlan } from "./reversal.ts";

type Deps = Pick<Ctx, "ports" | "clock" | "ids">;
const asCtx = (d: Deps): Ctx => ({ actor: { kind: "anonymous" }, ports: d.ports, clock: d.clock, ids: d.ids });
const MAX_ATTEMPTS = 5;

/** Who reverses: an operator (by id) or the reconciler (null, the provider's word). */
export type Reverser = { id: string; role: string } | null;

export async function applyReversal(d: Deps, paymentId: string, reason: string, by: Reverser): Promise<Result<PaymentRecord>> {
  const payments = asCtx(d).ports.payments;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const p = await payments.find(paymentId);
    if (!p) return err(domainError("PAYMENT.NOT_FOUND", "No payment with that id"));
    if (p.state === "reversed" && p.reversalTransactionId) return ok(p);
    if (!canReverse(p) || (p.direction !== "deposit" && p.direction !== "withdrawal"))
      return err(domainError("PAYMENT.NOT_REVERSIBLE", `Only a completed deposit or withdrawal can be reversed; this one is ${p.state.replace("_", " ")}`, { state: p.state }));
    const context = await payments.reversalContext(p.id, p.userId);
    const plan = reversalPlan({ userId: p.userId, direction: p.direction, amount: p.amount, fee: p.fee }, context);
    const at = d.clock.now();
    const tx = ledgerTransaction(
      { id: d.ids.next("tx"), kind: p.direction === "deposit" ? "deposit_reversed" : "withdrawal_reversed", reference: p.id, createdAt: at, createdBy: by?.id ?? null },
      plan.postings,
    );
    if (!tx.ok) return tx;
    const audit: AuditEntry = {
      id: d.ids.next("aud"), actorId: by?.id ?? null, actorRole: by?.role ?? "system", action: "payment.reverse", entityType: "payment", entityId: p.id,
      before: { state: p.state },
      after: { state: "reversed", direction: p.direction, amount: p.amount, reason, wallet: plan.wallet, owed: plan.owed, bonusRemoved: plan.bonusRemoved + plan.releasedTakenBack },
      createdAt: at,
    };
    const out = await payments.reverse({
      paymentId: p.id, userId: p.userId, at, reason, tx: tx.value, expected: { wallet: context.wallet, bonus: context.bonus }, closeGrantIds: plan.closeGrantIds, audit,
    });
    if (out.kind === "reversed") return ok((await payments.find(p.id))!);
  }
  return err(domainError("PAYMENT.CONFLICT", "The customer's balance kept changing while reversing this payment; try again"));
}

/** An operator marks a completed payment reversed (the provider told them), with a reason; audited. */
export async function markReversed(ctx: Ctx, paymentId: string, input: { reason: string }): Promise<Result<PaymentRecord>> {
  const who = requireRole(ctx.actor, ["admin"], "reverse payments");
  if (!who.ok) return who;
  return applyReversal(ctx, paymentId, input.reason.trim(), { id: who.value.id, role: who.value.role });
}

export interface ReversalSummary {
  asked: number;
  reversed: number;
}

/**
 * Ask the provider about every deposit and withdrawal completed within the last `windowMs` (at most
 * `limit`, newest first) and reverse those it reports reversed. Idempotent.
 */
export async function reconcileReversals(d: { ports: Ports; clock: Clock; ids: Ids }, opts: { windowMs: number; limit?: number }): Promise<ReversalSummary> {
  const ctx = asCtx(d);
  const payments = ctx.ports.payments;
  const provider = ctx.ports.paymentProvider;
  const since = new Date(d.clock.now().getTime() - opts.windowMs);
  const done = await payments.list({ states: ["completed"], updatedAfter: since, limit: opts.limit ?? 500 });
  const summary: ReversalSummary = { asked: 0, reversed: 0 };
  for (const p of done) {
    if (p.direction !== "deposit" && p.direction !== "withdrawal") continue;
    summary.asked += 1;
    const rev = await provider.reversalOf(p.direction === "deposit" ? "charge" : "payout", p.id);
    if (!rev) continue;
    const out = await applyReversal(d, p.id, rev.reason, null);
    if (out.ok && out.value.state === "reversed") summary.reversed += 1;
  }
  return summary;
}
