/**
 * responsibleState: everything the Responsible Gambling screen and the reality check show, from
 * the server's own records: limits in force (a due pending change applied) with what is used in
 * each rolling window, pending changes, the limit prompt, the exclusion in force, the reality-check
 * interval, and statistics of the real sign-in sessions.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { ok, type Result } from "../shared/result.ts";
import type { Cents } from "../shared/money.ts";
import { type ResponsibleSnapshot } from "../ports/responsible-gambling.ts";
import { effectiveLimit, LIMIT_PERIODS, SUGGESTED_LIMITS, type LimitPeriod, type LimitType, type PeriodAmounts, type PeriodLimits } from "./limits.ts";
import { activeExclusion, stageOf, type ExclusionStage } from "./exclusion.ts";
import { registerListed } from "./register.ts";
import { sessionStats } from "./session-stats.ts";

export interface LimitView {
  amount: Cents | null;
  used: Cents;
  pending: { amount: Cents | null; effectiveAt: string } | null;
}
export interface ResponsibleView {
  depositLimits: Record<LimitPeriod, LimitView>;
  lossLimits: Record<LimitPeriod, LimitView>;
  suggestedLimits: Record<LimitType, Record<LimitPeriod, Cents>>;
  limitPromptAnswered: boolean;
  exclusion: {
    active: boolean;
    kind: "timeout" | "self_exclusion" | null;
    until: string | null;
    reason: string | null;
    stage: ExclusionStage | null;
    returnAccessAt: string | null;
    inherited: boolean;
    registerListed: boolean;
  };
  realityCheckMinutes: number;
  session: {
    startedAt: string;
    minutes: number;
    /** Settled results only: returns minus stakes of bets that are no longer pending. */
    netWinLoss: Cents;
    /** Stakes on bets placed this session that are still pending (not counted as lost). */
    openStakes: Cents;
    todayMinutes: number;
    weeklyAverageMinutes: number;
    longestMinutes: number;
  };
}

function limitViews(limits: PeriodLimits, used: PeriodAmounts, now: Date): Record<LimitPeriod, LimitView> {
  const out = {} as Record<LimitPeriod, LimitView>;
  for (const p of LIMIT_PERIODS) {
    const s = effectiveLimit(limits[p], now);
    out[p] = {
      amount: s.amount,
      used: Math.max(0, used[p]),
      pending: s.pending ? { amount: s.pending.amount, effectiveAt: s.pending.effectiveAt.toISOString() } : null,
    };
  }
  return out;
}

export function presentSnapshot(snap: ResponsibleSnapshot, now: Date, listed = false) {
  const ex = activeExclusion(snap.exclusions, now);
  return {
    depositLimits: limitViews(snap.limits.deposit, snap.deposited, now),
    lossLimits: limitViews(snap.limits.loss, snap.netLoss, now),
    suggestedLimits: SUGGESTED_LIMITS,
    limitPromptAnswered: snap.limitPromptAnswered,
    exclusion: ex
      ? {
          active: true,
          kind: ex.kind,
          until: ex.endsAt?.toISOString() ?? null,
          reason: ex.reason,
          stage: stageOf(ex, now),
          returnAccessAt: ex.returnAccessAt?.toISOString() ?? null,
          inherited: ex.sourceUserId != null,
          registerListed: listed,
        }
      : { active: false, kind: null, until: null, reason: null, stage: null, returnAccessAt: null, inherited: false, registerListed: listed },
  };
}

export async function responsibleState(ctx: Ctx): Promise<Result<ResponsibleView>> {
  const who = requireRole(ctx.actor, ["customer"], "use responsible gambling tools");
  if (!who.ok) return who;
  const user = who.value;
  const sessionId = ctx.actor.kind === "user" ? ctx.actor.sessionId : "";
  const now = ctx.clock.now();
  const activity = ctx.ports.sessionActivity;
  const [snap, startedAtOrNull, realityCheckMinutes] = await Promise.all([
    ctx.ports.responsible.snapshot(user.id, now),
    activity.startOf(sessionId),
    ctx.ports.accountSettings.of(user.id).then((s) => s.realityCheckMinutes),
  ]);
  const startedAt = startedAtOrNull ?? now;
  const listed = await registerListed(ctx, user, snap.register, now);
  const [recent, result] = await Promise.all([
    activity.recent(user.id, new Date(now.getTime() - 7 * 24 * 3_600_000)),
    activity.netWinLossSince(user.id, startedAt),
  ]);
  const figures = sessionStats({ now, current: { sessionId, startedAt }, sessions: recent.sessions, longestMs: recent.longestMs });
  return ok({
    ...presentSnapshot(snap, now, listed),
    realityCheckMinutes,
    session: { startedAt: startedAt.toISOString(), netWinLoss: result.net, openStakes: result.openStakes, ...figures },
  });
}
