/**
 * settleContest (admin): settle a locked or live contest now, with the points as they stand (a
 * contest never scored pays everyone as tied). Rake, payouts and the contest's status in one
 * write (see resolve-contest.ts); a second settle is refused and pays nothing. Audited.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, type Result } from "../shared/result.ts";
import { SETTLE_FROM } from "./lifecycle.ts";
import { loadForOperator } from "./operator-contest.ts";
import { applyResolution, planSettlement, type Resolution } from "./resolve-contest.ts";

/** Settle now (admin), with the points as they stand: a locked contest that was never scored pays its ties evenly. */
export async function settleContest(ctx: Ctx, contestId: string): Promise<Result<Resolution>> {
  const loaded = await loadForOperator(ctx, contestId, SETTLE_FROM, "settle");
  if (!loaded.ok) return loaded;
  const { actor, port, contest, entries } = loaded.value;
  if (entries.length === 0)
    return err(domainError("FANTASY.INVALID_TRANSITION", "This contest has no entries to pay; cancel it instead"));
  const points = (await port.playerPoints([contest.id])).get(contest.id) ?? new Map<string, number>();
  const planned = planSettlement(ctx, contest, entries, points, { from: SETTLE_FROM, at: ctx.clock.now(), actor, recordPoints: false });
  return applyResolution(ctx, planned);
}
