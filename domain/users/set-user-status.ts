/**
 * setUserStatus: an admin suspends or reactivates an account. Suspending ends every session of the
 * user in the same write as the status change and its audit record, so the next request they make
 * is anonymous. An admin cannot suspend their own account. A suspension carries a category (why,
 * as the customer is told it: domain/accounts/suspension.ts), "review" unless the admin picks one;
 * the admin's free-text reason stays in the audit record only.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { AdminUserRecord } from "../ports/index.ts";
import { DEFAULT_SUSPENSION_CATEGORY, type SuspensionCategory } from "../accounts/suspension.ts";

export interface UserStatusChange {
  user: AdminUserRecord;
  sessionsEnded: number;
}

export async function setUserStatus(
  ctx: Ctx,
  userId: string,
  input: { isActive: boolean; reason?: string; category?: SuspensionCategory },
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
  const category = input.isActive ? undefined : (input.category ?? DEFAULT_SUSPENSION_CATEGORY);
  const written = await ctx.ports.adminUsers.setActive(
    { userId, isActive: input.isActive, ...(category ? { category } : {}) },
    {
      id: ctx.ids.next("aud"),
      actorId: actor.id,
      actorRole: actor.role,
      action,
      entityType: "user",
      entityId: userId,
      before: { isActive: user.isActive },
      after: { isActive: input.isActive, ...(category ? { category } : {}), ...(input.reason ? { reason: input.reason } : {}) },
      createdAt: now,
    },
  );
  if (written.kind === "not_found") return err(domainError("USER.NOT_FOUND", "No user with that id"));
  const updated = (await ctx.ports.adminUsers.find(userId))!;
  return ok({ user: updated, sessionsEnded: written.kind === "changed" ? written.sessionsEnded : 0 });
}
