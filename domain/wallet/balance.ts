/** The signed-in user's cash balance (staff have no wallet: 0). */
import type { Ctx } from "../shared/context.ts";
import { ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import type { Cents } from "../shared/money.ts";

export async function myBalance(ctx: Ctx): Promise<Result<{ balance: Cents }>> {
  const who = requireRole(ctx.actor, ["customer", "admin", "trader"], "see their balance");
  if (!who.ok) return who;
  return ok({ balance: (await ctx.ports.wallets.balanceOf(who.value.id)) ?? 0 });
}
