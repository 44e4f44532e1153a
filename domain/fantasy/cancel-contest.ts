/**
 * cancelContest (admin): cancel a contest that is not settled or cancelled yet: every entry fee
 * back to its wallet, any guarantee back to the house, in one write (see resolve-contest.ts).
 * Audited.
 */
import type { Ctx } from "../shared/context.ts";
import type { Result } from "../shared/result.ts";
import { CANCEL_FROM } from "./lifecycle.ts";
import { loadForOperator } from "./operator-contest.ts";
import { applyResolution, planCancellation, type Resolution } from "./resolve-contest.ts";

/** Cancel (admin): refund every fee and return any guarantee to the house. */
export async function cancelContest(ctx: Ctx, contestId: string): Promise<Result<Resolution>> {
  const loaded = await loadForOperator(ctx, contestId, CANCEL_FROM, "cancel");
  if (!loaded.ok) return loaded;
  const { actor, contest, entries } = loaded.value;
  const planned = planCancellation(ctx, contest, entries, { from: CANCEL_FROM, at: ctx.clock.now(), actor, reason: "cancelled by an operator" });
  return applyResolution(ctx, planned);
}
