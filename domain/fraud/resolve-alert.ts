/**
 * resolveFraudAlert: an admin resolves an open (or investigating) alert with notes and an outcome,
 * audited: `confirmed` (real fraud), `false_positive` (the rule was wrong), or the spec's plain
 * `resolved` (no verdict; not counted in the rule's precision). A resolved alert stays resolved
 * (the database refuses any later change to it, its outcome included).
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { FraudAlertRecord, FraudResolution } from "../ports/index.ts";

export async function resolveFraudAlert(
  ctx: Ctx,
  alertId: string,
  input: { resolution: FraudResolution; notes: string },
): Promise<Result<FraudAlertRecord>> {
  const who = requireRole(ctx.actor, ["admin"], "resolve fraud alerts");
  if (!who.ok) return who;
  const actor = who.value;
  const alert = await ctx.ports.fraud.findAlert(alertId);
  if (!alert) return err(domainError("FRAUD.ALERT_NOT_FOUND", "No fraud alert with that id"));
  if (alert.status === "resolved") return err(domainError("FRAUD.ALERT_NOT_OPEN", "This alert is already resolved"));
  const now = ctx.clock.now();
  const notes = input.notes.trim();
  const done = await ctx.ports.fraud.resolve(
    { id: alertId, resolution: input.resolution, notes, by: actor.id, at: now },
    {
      id: ctx.ids.next("aud"),
      actorId: actor.id,
      actorRole: actor.role,
      action: "fraud_alert.resolve",
      entityType: "fraud_alert",
      entityId: alertId,
      before: { status: alert.status, userId: alert.userId, alertType: alert.alertType },
      after: { status: "resolved", resolution: input.resolution, notes },
      createdAt: now,
    },
  );
  if (!done) return err(domainError("FRAUD.ALERT_NOT_OPEN", "This alert is already resolved"));
  return ok((await ctx.ports.fraud.findAlert(alertId))!);
}
