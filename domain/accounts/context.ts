import type { Ctx } from "../shared/context.ts";

/** An audit entry written by the account use cases. */
export function accountAudit(
  ctx: Ctx,
  a: { actorId: string | null; actorRole: string; action: string; userId: string; before: unknown; after: unknown },
) {
  return {
    id: ctx.ids.next("aud"),
    actorId: a.actorId,
    actorRole: a.actorRole,
    action: a.action,
    entityType: "user",
    entityId: a.userId,
    before: a.before,
    after: a.after,
    createdAt: ctx.clock.now(),
  };
}
