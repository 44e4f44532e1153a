/**
 * What an operator sees of payments under review: each payment with its customer and whether their
 * account is under investigation, the approval queue with its threshold, one account's investigation.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { User } from "../shared/types.ts";
import type { Investigation, PaymentRecord } from "../ports/payments.ts";
import { listPayments } from "./approvals.ts";

export interface ReviewedPayment {
  payment: PaymentRecord;
  /** The customer, or null when the account is gone. */
  user: User | null;
  underInvestigation: boolean;
}

/** A payment with its customer and whether their account is under investigation. */
export async function reviewedPayment(ctx: Ctx, payment: PaymentRecord): Promise<ReviewedPayment> {
  const user = await ctx.ports.users.findById(payment.userId);
  const investigation = await ctx.ports.payments.investigation(payment.userId);
  return { payment, user, underInvestigation: investigation !== null };
}

/** Withdrawals awaiting approval, oldest first, and the amount above which a withdrawal waits. */
export async function approvalQueue(ctx: Ctx): Promise<Result<{ threshold: number; items: ReviewedPayment[] }>> {
  const rows = await listPayments(ctx, { direction: "withdrawal", states: ["awaiting_approval"], limit: 500 });
  if (!rows.ok) return rows;
  const items = await Promise.all(rows.value.reverse().map((p) => reviewedPayment(ctx, p)));
  return ok({ threshold: await ctx.ports.payments.approvalThreshold(), items });
}

/** Whether a customer's account is under investigation (admin). */
export async function investigationOf(ctx: Ctx, userId: string): Promise<Result<Investigation | null>> {
  const who = requireRole(ctx.actor, ["admin"], "see investigations");
  if (!who.ok) return who;
  if (!(await ctx.ports.users.findById(userId))) return err(domainError("USER.NOT_FOUND", "No user with that id"));
  return ok(await ctx.ports.payments.investigation(userId));
}
