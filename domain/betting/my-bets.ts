/** The signed-in customer's own bets, newest first (staff have none). */
import type { Ctx } from "../shared/context.ts";
import { ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import type { BetRecord } from "../shared/types.ts";

export async function myBets(ctx: Ctx, limit: number): Promise<Result<BetRecord[]>> {
  const who = requireRole(ctx.actor, ["customer", "admin", "trader"], "see their bets");
  if (!who.ok) return who;
  return ok(await ctx.ports.bets.listForUser(who.value.id, limit));
}
