/**
 * setLimit: a customer sets, lowers, raises or removes a deposit or loss limit. A first or lower
 * limit applies at once; a higher one or a removal waits 24 hours (see limits.ts). The write is a
 * compare-and-set on the stored setting, so two changes racing cannot turn a decrease into an
 * immediate increase; each change is audited. Setting a deposit limit answers the first-deposit prompt.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { Cents } from "../shared/money.ts";
import { changeLimit, type LimitPeriod, type LimitType } from "./limits.ts";

export interface SetLimitInput {
  type: LimitType;
  period: LimitPeriod;
  amount: Cents | null;
}

export async function setLimit(ctx: Ctx, input: SetLimitInput): Promise<Result<"immediately" | "after_cooling_off" | "unchanged">> {
  const who = requireRole(ctx.actor, ["customer"], "set limits");
  if (!who.ok) return who;
  const user = who.value;
  const responsible = ctx.ports.responsible;
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = ctx.clock.now();
    const snap = await responsible.snapshot(user.id, now);
    const stored = snap.limits[input.type][input.period];
    const change = changeLimit(stored, input.amount, now);
    if (change.applies === "unchanged") return ok("unchanged");
    const saved = await responsible.saveLimit({
      userId: user.id,
      type: input.type,
      period: input.period,
      expected: stored,
      next: change.setting,
      at: now,
      audit: {
        id: ctx.ids.next("aud"),
        actorId: user.id,
        actorRole: user.role,
        action: `responsible.${input.type}_limit`,
        entityType: "user",
        entityId: user.id,
        before: { period: input.period, amount: stored.amount, pending: stored.pending },
        after: { period: input.period, requested: input.amount, applies: change.applies, amount: change.setting.amount, pending: change.setting.pending },
        createdAt: now,
      },
    });
    if (saved) return ok(change.applies);
  }
  return err(domainError("RG.CONCURRENT_CHANGE", "Your limits changed at the same time; please try again"));
}
