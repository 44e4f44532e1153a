/**
 * The audit trail as an admin reads it: newest first, filtered, within the reader's reach (demo staff
 * read only what demo and sample accounts did; real staff read everything).
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { reachOf } from "../shared/reach.ts";
import type { AuditEntry } from "../shared/types.ts";
import type { AuditFilter } from "../ports/audit-trail.ts";

export async function auditRecords(
  ctx: Ctx,
  filter: Omit<AuditFilter, "reach">,
): Promise<Result<(AuditEntry & { actorName: string | null })[]>> {
  const who = requireRole(ctx.actor, ["admin"], "read the audit trail");
  if (!who.ok) return who;
  if (filter.from && filter.to && filter.from > filter.to)
    return err(domainError("REQUEST.INVALID", "from must not be after to", { field: "from" }));
  return ok(await ctx.ports.auditTrail.list({ ...filter, reach: reachOf(ctx.actor) }));
}
