/**
 * setUserStatus: an admin suspends or reactivates an account. Suspending ends every session of the
 * user in the same write as the status change and its audit record, so the next request they make
 * is anonymous. An admin cannot suspend their own account.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { AdminUserRecord } from "../ports/index.ts";

export interface UserStatusChange {
  user: AdminUserRecord;
  sessionsEnded: number;
}

export async function setUserStatus(
  ctx: Ctx,
  userId: string,
  input: { isActive: boolean; reason?: string },
  action: string = input.isActive ? "user.activate" : "user.suspend",
): Promise<Result<UserStatusChange>> {
  const who = requireRole(ctx.actor, ["admin"], "change a user's status");
  if (!who.ok) return who;
  const actor = who.value;
  if (userId === actor.id && !input.isActive)
    return err(domainError("USER.CANNOT_SUSPEND_SELF", "You cannot suspend your own account"));
  const user = await ctx.ports.adminUsers.find(userId);
  if (!user) return err(domainError("USER.NOT_FOUND", "No user with that id"));
  if (user.isActive === input.isActive) return ok({ user, sessionsEnded: 0 });

  const now = ctx.clock.now();
  const written = await ctx.ports.adminUsers.setActive(
    { userId, isActive: input.isActive },
    {
      id: ctx.ids.next("aud"),
      actorId: actor.id,
      actorRole: actor.role,
      action,
      entityType: "user",
      entityId: userId,
      before: { isActive: user.isActive },
      after: { isActive: input.isActive, ...(input.reason ? { reason: input.reason } : {}) },
      createdAt: now,
    },
  );
  if (written.kind === "not_found") return err(domainError("USER.NOT_FOUND", "No user with that id"));
  const updated = (await ctx.ports.adminUsers.find(userId))!;
  return ok({ user: updated, sessionsEnded: written.kind === "changed" ? written.sessionsEnded : 0 });
}
