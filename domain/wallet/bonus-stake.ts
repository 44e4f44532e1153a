/** The stake split of a placement, from the balances read before its write (docs/money.md "Bonus funds"). */
import type { Ctx } from "../shared/context.ts";
import { bonusesOf } from "../ports/bonus.ts";
import { splitStake, stakePostings, type StakeSplit } from "./bonus.ts";

export { stakePostings };

/** Cash first, then bonus. Without a bonus port (in-memory ports) the stake is all cash. */
export async function stakeSplitFor(ctx: Pick<Ctx, "ports">, userId: string, stake: number): Promise<StakeSplit> {
  const bonuses = bonusesOf(ctx);
  if (!bonuses) return { cash: stake, bonus: 0 };
  const b = await bonuses.balances(userId);
  return b ? splitStake(stake, b) : { cash: stake, bonus: 0 };
}
