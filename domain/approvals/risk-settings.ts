/**
 * The settings screen's rules: the four-eyes thresholds (money moved, bonus, limit raise) and the
 * event limit default, in cents. Admins change them; traders and admins read them. Every one of them
 * is looser when higher, so lowering one (stricter) applies at once and raising one (looser) is
 * itself a four-eyes request: nothing changes until a second admin approves it. Both are audited.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { formatMoney } from "../shared/money.ts";
import type { GovernedSetting } from "../ports/index.ts";
import { MAX_AMOUNT_CENTS } from "../betting/placement-limits.ts";
import { APPROVER_ROLES, approvalNote, fourEyes, type ApprovalPending, type Approving } from "./four-eyes.ts";

export const SETTING_LABELS: Record<GovernedSetting, string> = {
  approval_money_threshold: "Resettlement / adjustment approval threshold",
  approval_bonus_threshold: "Manual bonus approval threshold",
  approval_limit_threshold: "Limit raise approval threshold",
  event_liability_limit: "Default event liability limit",
};

/** The smallest value of each: a threshold of 0 sends everything for approval; a limit needs 1.00. */
const MIN_VALUE: Record<GovernedSetting, number> = {
  approval_money_threshold: 0,
  approval_bonus_threshold: 0,
  approval_limit_threshold: 0,
  event_liability_limit: 100,
};

export async function getRiskSettings(ctx: Ctx): Promise<Result<Record<GovernedSetting, number>>> {
  const who = requireRole(ctx.actor, ["admin", "trader"], "see the risk settings");
  if (!who.ok) return who;
  return ok(await ctx.ports.riskSettings.governed());
}

export async function setRiskSetting(
  ctx: Ctx,
  key: GovernedSetting,
  value: number,
  approving?: Approving,
): Promise<Result<Record<GovernedSetting, number> | ApprovalPending>> {
  const who = requireRole(ctx.actor, [...APPROVER_ROLES], "change the risk settings");
  if (!who.ok) return who;
  const actor = who.value;
  if (!Number.isSafeInteger(value) || value < MIN_VALUE[key] || value > MAX_AMOUNT_CENTS)
    return err(domainError("REQUEST.INVALID", `The value must be a whole number of cents from ${MIN_VALUE[key]} to ${MAX_AMOUNT_CENTS}`, { field: "value" }));
  const settings = ctx.ports.riskSettings;
  const before = (await settings.governed())[key];
  if (before === value) return ok(await settings.governed());
  const loosening = value > before;
  if (loosening) {
    const gate = await fourEyes(ctx, actor, approving, {
      kind: "risk_setting",
      subjectType: "setting",
      subjectId: key,
      amount: value,
      threshold: null,
      summary: `Raise the ${SETTING_LABELS[key].toLowerCase()} from ${formatMoney(before)} to ${formatMoney(value)}`,
      input: { value },
      against: { value: before },
    });
    if (!gate.ok) return gate;
    if (!gate.value.apply) return ok(gate.value.pending);
    return write(ctx, actor, key, before, value, gate.value.claim, approving);
  }
  return write(ctx, actor, key, before, value, null, undefined);
}

async function write(
  ctx: Ctx,
  actor: { id: string; role: string },
  key: GovernedSetting,
  before: number,
  value: number,
  claim: Parameters<typeof approvalNote>[0],
  approving: Approving | undefined,
): Promise<Result<Record<GovernedSetting, number>>> {
  const now = ctx.clock.now();
  const done = await ctx.ports.riskSettings.setGoverned(
    { key, value, approval: claim },
    {
      id: ctx.ids.next("aud"),
      actorId: actor.id,
      actorRole: actor.role,
      action: "risk_setting.change",
      entityType: "risk_setting",
      entityId: key,
      before: { value: before },
      after: { value, ...approvalNote(claim, approving) },
      createdAt: now,
    },
  );
  if (done === "approval_decided") return err(domainError("APPROVAL.ALREADY_DECIDED", "This request was decided by someone else meanwhile"));
  return ok(await ctx.ports.riskSettings.governed());
}
