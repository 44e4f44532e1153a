/** The stake split of a placement, from the balances read before its write (docs/money.md "Bonus funds"). */
import type { Ctx } from "../shared/context.ts";
import { splitStake, stakePostings, type StakeSplit } from "./bonus.ts";

export { stakePostings };

/** Cash first, then bonus. Without a wallet the stake is all cash (placement then refuses: no wallet). */
export async function stakeSplitFor(ctx: Pick<Ctx, "ports">, userId: string, stake: number): Promise<StakeSplit> {
  const b = await ctx.ports.bonuses.balances(userId);
  return b ? splitStake(stake, b) : { cash: stake, bonus: 0 };
}
