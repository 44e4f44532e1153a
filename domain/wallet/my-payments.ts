/** A customer's own deposits and withdrawals with their true state, method and provider reference (suspended customers included). */
import type { Ctx } from "../shared/context.ts";
import { ok, type Result } from "../shared/result.ts";
import { type PaymentRecord } from "../ports/payments.ts";
import { customerEvenIfSuspended } from "./withdraw.ts";
import { reversalNote, stateLabel } from "./payment-state.ts";
import { formatMoney } from "../shared/money.ts";


/** The state as the customer reads it; a reversal says what happened and how much moved. */
export const customerStateLabel = (p: PaymentRecord): string =>
  p.state === "reversed" && p.reversalTransactionId
    ? `Reversed: ${reversalNote(p.direction, formatMoney(p.direction === "deposit" ? p.amount - p.fee : p.amount))}`
    : stateLabel(p.direction, p.state);

export async function myPayments(ctx: Ctx, limit: number): Promise<Result<(PaymentRecord & { stateLabel: string })[]>> {
  const who = customerEvenIfSuspended(ctx);
  if (!who.ok) return who;
  const rows = await ctx.ports.payments.list({ userId: who.value.id, limit });
  return ok(rows.map((p) => ({ ...p, stateLabel: customerStateLabel(p) })));
}
