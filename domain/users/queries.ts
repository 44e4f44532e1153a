/** Read-only admin views of users: the list, the stat cards, one user's activity log. */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { AdminUserFilter, AdminUserRecord, UserActivityRecord } from "../ports/index.ts";
import { reachOf } from "../shared/reach.ts";

/** The accounts within the caller's reach (domain/shared/reach.ts): the list, its CSV and its searches. */
export async function listUsers(ctx: Ctx, filter: Omit<AdminUserFilter, "reach">): Promise<Result<AdminUserRecord[]>> {
  const who = requireRole(ctx.actor, ["admin"], "list users");
  if (!who.ok) return who;
  return ok(await ctx.ports.adminUsers.list({ ...filter, reach: reachOf(ctx.actor) }));
}

export async function userStats(ctx: Ctx) {
  const who = requireRole(ctx.actor, ["admin"], "see user figures");
  if (!who.ok) return who;
  return ok(await ctx.ports.adminUsers.stats(reachOf(ctx.actor)));
}

export async function userActivity(
  ctx: Ctx,
  userId: string,
  limit = 200,
): Promise<Result<UserActivityRecord & { user: AdminUserRecord }>> {
  const who = requireRole(ctx.actor, ["admin"], "see a user's activity");
  if (!who.ok) return who;
  const user = await ctx.ports.adminUsers.find(userId);
  if (!user) return err(domainError("USER.NOT_FOUND", "No user with that id"));
  return ok({ user, ...(await ctx.ports.adminUsers.activity(userId, limit)) });
}
