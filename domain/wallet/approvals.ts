/**
 * Operators' side of payments: the approval queue of
 * large withdrawals, approving (the payout is then sent) or rejecting with a reason (the hold comes
 * back), and putting an account under investigation (withdrawals held). Admins only; every decision
 * is audited in the same write as the change it makes.
 */
import { reachOf } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import type { AuditEntry, User } from "../shared/types.ts";
import { type Investigation, type PaymentFilter, type PaymentRecord } from "../ports/payments.ts";
import { walletAccountId } from "./ledger.ts";
import { payOut, returnHold } from "./settle-payment.ts";

const admin = (ctx: Ctx, doing: string) => requireRole(ctx.actor, ["admin"], doing);

const audit = (ctx: Ctx, actor: User, action: string, entityType: string, entityId: string, before: unknown, after: unknown): AuditEntry => ({
  id: ctx.ids.next("aud"), actorId: actor.id, actorRole: actor.role, action, entityType, entityId, before, after, createdAt: ctx.clock.now(),
});

/** Payments for operators, newest first (filters: customer, direction, states). */
export async function listPayments(ctx: Ctx, filter: PaymentFilter): Promise<Result<PaymentRecord[]>> {
  const who = admin(ctx, "see payments");
  if (!who.ok) return who;
  return ok(await ctx.ports.payments.list({ ...filter, reach: reachOf(ctx.actor) }));
}

async function awaiting(ctx: Ctx, paymentId: string): Promise<Result<PaymentRecord>> {
  const p = await ctx.ports.payments.find(paymentId);
  if (!p) return err(domainError("PAYMENT.NOT_FOUND", "No payment with that id"));
  if (p.state !== "awaiting_approval")
    return err(domainError("PAYMENT.NOT_AWAITING_APPROVAL", `This payment is ${p.state.replace("_", " ")}, not awaiting approval`, { state: p.state }));
  return ok(p);
}

const stale = (ctx: Ctx, id: string) => ctx.ports.payments.find(id).then((p) =>
  err(domainError("PAYMENT.NOT_AWAITING_APPROVAL", "Another operator decided this payment first", { state: p?.state })));

/** Approve a withdrawal waiting in the queue, then send its payout; the payment as it ends up. */
export async function approveWithdrawal(ctx: Ctx, paymentId: string, input: { note?: string }): Promise<Result<PaymentRecord>> {
  const who = admin(ctx, "approve withdrawals");
  if (!who.ok) return who;
  const found = await awaiting(ctx, paymentId);
  if (!found.ok) return found;
  const p = found.value;
  const note = input.note?.trim() || null;
  const moved = await ctx.ports.payments.transition({
    paymentId, userId: p.userId, from: "awaiting_approval", to: "pending", at: ctx.clock.now(), walletAccountId: walletAccountId(p.userId),
    review: { by: who.value.id, reason: note }, requireNotUnderInvestigation: true,
    audit: audit(ctx, who.value, "payment.approve", "payment", paymentId, { state: p.state }, { state: "pending", amount: p.amount, ...(note ? { note } : {}) }),
  });
  if (moved.kind === "under_investigation")
    return err(domainError("WALLET.UNDER_INVESTIGATION", "This account is under investigation: its withdrawals are on hold"));
  if (moved.kind === "stale") return stale(ctx, paymentId);
  await payOut(ctx, { ...p, state: "pending" });
  return ok((await ctx.ports.payments.find(paymentId))!);
}

/** Reject a withdrawal waiting in the queue: the hold goes back to the customer's balance. */
export async function rejectWithdrawal(ctx: Ctx, paymentId: string, input: { reason: string }): Promise<Result<PaymentRecord>> {
  const who = admin(ctx, "reject withdrawals");
  if (!who.ok) return who;
  const found = await awaiting(ctx, paymentId);
  if (!found.ok) return found;
  const p = found.value;
  const reason = input.reason.trim();
  const moved = await ctx.ports.payments.transition({
    paymentId, userId: p.userId, from: "awaiting_approval", to: "rejected", at: ctx.clock.now(), walletAccountId: walletAccountId(p.userId),
    failureReason: reason, settle: returnHold(ctx, p), review: { by: who.value.id, reason },
    audit: audit(ctx, who.value, "payment.reject", "payment", paymentId, { state: p.state }, { state: "rejected", amount: p.amount, reason }),
  });
  if (moved.kind !== "moved") return stale(ctx, paymentId);
  return ok((await ctx.ports.payments.find(paymentId))!);
}

/** Open or close an investigation of a customer's account: while open, withdrawals are refused. */
export async function setUnderInvestigation(
  ctx: Ctx,
  userId: string,
  input: { underInvestigation: boolean; reason: string },
): Promise<Result<{ underInvestigation: boolean; investigation: Investigation | null }>> {
  const who = admin(ctx, "investigate accounts");
  if (!who.ok) return who;
  const user = await ctx.ports.users.findById(userId);
  if (!user) return err(domainError("USER.NOT_FOUND", "No user with that id"));
  if (user.role !== "customer") return err(domainError("USER.NOT_CUSTOMER", "Only customer accounts can be investigated"));
  const payments = ctx.ports.payments;
  const current = await payments.investigation(userId);
  if (Boolean(current) === input.underInvestigation) return ok({ underInvestigation: input.underInvestigation, investigation: current });
  const reason = input.reason.trim();
  const next: Investigation | null = input.underInvestigation ? { userId, openedAt: ctx.clock.now(), openedBy: who.value.id, reason } : null;
  await payments.setInvestigation(userId, next, audit(
    ctx, who.value, input.underInvestigation ? "user.investigation_open" : "user.investigation_close", "user", userId,
    { underInvestigation: Boolean(current) }, { underInvestigation: input.underInvestigation, reason },
  ));
  return ok({ underInvestigation: input.underInvestigation, investigation: next });
}
