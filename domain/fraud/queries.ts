/** Read-only fraud views for admins, each over the customers within the caller's reach (domain/shared/reach.ts). */
import { reachOf } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { ok, type Result } from "../shared/result.ts";
import type { FraudAlertRecord, FraudAlertStatus, MonitoringRecord, RiskProfileRecord } from "../ports/index.ts";

export const TIME_WINDOWS = { "1h": 3_600_000, "24h": 86_400_000, "7d": 7 * 86_400_000 } as const;
export type TimeWindow = keyof typeof TIME_WINDOWS;

const since = (ctx: Ctx, w: TimeWindow) => new Date(ctx.clock.now().getTime() - TIME_WINDOWS[w]);

export async function fraudAlerts(
  ctx: Ctx,
  q: { timeWindow: TimeWindow; status?: FraudAlertStatus },
): Promise<Result<FraudAlertRecord[]>> {
  const who = requireRole(ctx.actor, ["admin"], "see fraud alerts");
  if (!who.ok) return who;
  return ok(await ctx.ports.fraud.listAlerts({ since: since(ctx, q.timeWindow), status: q.status, limit: 500, reach: reachOf(ctx.actor) }));
}

/** Bonus-abuse alerts, whatever their age (the screen shows the latest five). */
export async function bonusAbuseAlerts(ctx: Ctx): Promise<Result<FraudAlertRecord[]>> {
  const who = requireRole(ctx.actor, ["admin"], "see bonus abuse alerts");
  if (!who.ok) return who;
  return ok(await ctx.ports.fraud.listAlerts({ type: "bonus_abuse", limit: 200, reach: reachOf(ctx.actor) }));
}

export async function transactionMonitoring(
  ctx: Ctx,
  q: { timeWindow: TimeWindow; userId?: string; minRiskScore: number },
): Promise<Result<MonitoringRecord[]>> {
  const who = requireRole(ctx.actor, ["admin"], "see transaction monitoring");
  if (!who.ok) return who;
  const reach = reachOf(ctx.actor);
  return ok(await ctx.ports.fraud.monitoring({ since: since(ctx, q.timeWindow), userId: q.userId, minRiskScore: q.minRiskScore, limit: 1000, reach }));
}

export async function userRiskProfiles(ctx: Ctx): Promise<Result<RiskProfileRecord[]>> {
  const who = requireRole(ctx.actor, ["admin"], "see user risk profiles");
  if (!who.ok) return who;
  return ok(await ctx.ports.fraud.profiles(500, reachOf(ctx.actor)));
}
