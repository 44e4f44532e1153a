/**
 * The back office's bet lists (Bet Management, the legacy all-bets list): read by admins and by
 * traders, whose desk needs to see what is being bet (settling stays with admins). Each caller sees
 * the bets of the customers within their reach (domain/shared/reach.ts): real staff never see demo
 * bets; demo staff see their demo customers' bets, flagged, beside the sample customers'.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { ok, type Result } from "../shared/result.ts";
import { reachOf } from "../shared/reach.ts";
import type { AdminBetFilter, AdminBetRow, ListPage } from "../ports/admin-lists.ts";

export const BET_READERS = ["admin", "trader"] as const;

export async function operatorBets(
  ctx: Ctx,
  filter: Omit<AdminBetFilter, "reach">,
): Promise<Result<ListPage<AdminBetRow> | "bad_cursor">> {
  const who = requireRole(ctx.actor, BET_READERS, "read the bets list");
  if (!who.ok) return who;
  return ok(await ctx.ports.adminLists.bets({ ...filter, reach: reachOf(ctx.actor) }));
}
