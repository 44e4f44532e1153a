/** What a customer owes after a correction (domain/wallet/debt.ts): to themselves, and to an admin. */
import type { Ctx } from "../shared/context.ts";
import { ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";

export async function myDebt(ctx: Ctx): Promise<Result<{ owed: number }>> {
  const who = requireRole(ctx.actor, ["customer"], "see what they owe");
  if (!who.ok) return who;
  const { owed } = await ctx.ports.corrections.walletAndDebt(who.value.id);
  return ok({ owed });
}

export async function customerDebt(ctx: Ctx, userId: string): Promise<Result<{ owed: number }>> {
  const who = requireRole(ctx.actor, ["admin"], "see what a customer owes");
  if (!who.ok) return who;
  const { owed } = await ctx.ports.corrections.walletAndDebt(userId);
  return ok({ owed });
}
