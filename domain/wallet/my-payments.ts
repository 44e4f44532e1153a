/** A customer's own deposits and withdrawals with their true state, method and provider reference (suspended customers included). */
import type { Ctx } from "../shared/context.ts";
import { ok, type Result } from "../shared/result.ts";
import { portOf, type PaymentRecord } from "../ports/wallet.ts";
import { customerEvenIfSuspended } from "./withdraw.ts";
import { stateLabel } from "./payment-state.ts";

export async function myPayments(ctx: Ctx, limit: number): Promise<Result<(PaymentRecord & { stateLabel: string })[]>> {
  const who = customerEvenIfSuspended(ctx);
  if (!who.ok) return who;
  const rows = await portOf(ctx, "payments").list({ userId: who.value.id, limit });
  return ok(rows.map((p) => ({ ...p, stateLabel: stateLabel(p.direction, p.state) })));
}
