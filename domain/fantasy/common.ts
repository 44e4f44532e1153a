/** What the fantasy use cases share: who may act, audit records. */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import type { AuditEntry, User } from "../shared/types.ts";

export function requireCustomer(ctx: Ctx, doing: string): Result<User> {
  if (ctx.actor.kind !== "user") return err(domainError("AUTH.REQUIRED", `Please log in to ${doing}`));
  return requireRole(ctx.actor, ["customer"], doing);
}

export function auditOf(
  ctx: Pick<Ctx, "ids">,
  actor: User | null,
  at: Date,
  action: string,
  entityType: string,
  entityId: string,
  before: unknown,
  after: unknown,
): AuditEntry {
  return {
    id: ctx.ids.next("aud"),
    actorId: actor?.id ?? null,
    actorRole: actor?.role ?? "system",
    action,
    entityType,
    entityId,
    before,
    after,
    createdAt: at,
  };
}

/** Schedule rules shared by operator and customer contests. */
export function scheduleProblem(
  now: Date,
  start: Date,
  end: Date,
  limits: { minLeadMs: number; maxLeadMs: number; maxDurationMs: number },
): string | null {
  const lead = start.getTime() - now.getTime();
  if (lead < limits.minLeadMs)
    return limits.minLeadMs > 0
      ? `The start time must be at least ${Math.round(limits.minLeadMs / 60_000)} minutes from now`
      : "The start time must be in the future";
  if (lead > limits.maxLeadMs) return `The start time must be within ${Math.round(limits.maxLeadMs / 86_400_000)} days`;
  if (end.getTime() <= start.getTime()) return "The end time must be after the start time";
  if (end.getTime() - start.getTime() > limits.maxDurationMs)
    return `A contest can last at most ${Math.round(limits.maxDurationMs / 86_400_000)} days`;
  return null;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** Without an end time, a contest runs three hours from its start. */
export const DEFAULT_DURATION_MS = 3 * HOUR_MS;
