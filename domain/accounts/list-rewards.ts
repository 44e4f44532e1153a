/** listRewards: the bonuses and credits paid into the customer's wallet, read from the ledger. */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { ok, type Result } from "../shared/result.ts";
import type { RewardPosting } from "../ports/index.ts";

export const REWARDS_LIMIT = 200;

export async function listRewards(ctx: Ctx): Promise<Result<{ items: RewardPosting[]; total: number }>> {
  const me = requireRole(ctx.actor, ["customer"], "see rewards");
  if (!me.ok) return me;
  return ok(await ctx.ports.rewards.listForUser(me.value.id, REWARDS_LIMIT));
}
