/**
 * Each rule's precision, from what operators decided about its alerts: of the alerts resolved with
 * a verdict, the share confirmed as fraud. precision = confirmed / (confirmed + false positives);
 * null until the rule has a verdict. Alerts resolved without one (the spec's plain `resolved`, or
 * before verdicts were recorded) and open alerts are counted beside it but not in it.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { ok, type Result } from "../shared/result.ts";
import type { RuleOutcomeCounts } from "../ports/index.ts";
import type { FraudAlertType } from "./alert-types.ts";

/** Every rule the screen lists, in this order, whether or not it has raised anything yet. */
export const FRAUD_RULES: readonly FraudAlertType[] = [
  "rapid_betting",
  "stake_spike",
  "deposit_withdrawal",
  "shared_address",
  "bonus_abuse",
  "large_first_bet",
  "manual_flag",
];

export interface RulePrecision extends RuleOutcomeCounts {
  /** confirmed / (confirmed + falsePositives), 0..1; null with no verdict yet. */
  precision: number | null;
}

export const precisionOf = (c: Pick<RuleOutcomeCounts, "confirmed" | "falsePositives">): number | null =>
  c.confirmed + c.falsePositives === 0 ? null : c.confirmed / (c.confirmed + c.falsePositives);

/** One row per rule (FRAUD_RULES order), zeros for rules with no alerts. */
export function rulePrecisions(counts: readonly RuleOutcomeCounts[]): RulePrecision[] {
  const by = new Map(counts.map((c) => [c.alertType, c]));
  return FRAUD_RULES.map((alertType) => {
    const c = by.get(alertType) ?? { alertType, open: 0, confirmed: 0, falsePositives: 0, unclassified: 0 };
    return { ...c, precision: precisionOf(c) };
  });
}

export async function fraudRulePrecision(ctx: Ctx): Promise<Result<RulePrecision[]>> {
  const who = requireRole(ctx.actor, ["admin"], "see the fraud rules' precision");
  if (!who.ok) return who;
  return ok(rulePrecisions(await ctx.ports.fraud.outcomesByRule()));
}
