/**
 * selfExclude and takeBreak: a customer stops themself from betting, depositing and entering
 * contests, from now until the end of the period (permanent: for good). Nothing can lift or shorten
 * it: exclusions are only ever added, the longest one in force counts, and asking for one that
 * would not end later is refused. The reality check's 'Take a 15 Minute Break' is a 15-minute time-out.
 * Also declineLimitPrompt: the customer chose not to set a deposit limit before their first deposit.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { ok, type Result } from "../shared/result.ts";
import type { User } from "../shared/types.ts";
import { portOf } from "../ports/wallet.ts";
import { BREAK_MINUTES, exclusionEnd, planExclusion, type ExclusionKind, type ExclusionPeriod } from "./exclusion.ts";

async function exclude(ctx: Ctx, user: User, kind: ExclusionKind, endsAt: (now: Date) => Date | null, reason: string | null, period: string) {
  const responsible = portOf(ctx, "responsible");
  const now = ctx.clock.now();
  const snap = await responsible.snapshot(user.id, now);
  const planned = planExclusion(snap.exclusions, { id: ctx.ids.next("rgx"), kind, endsAt: endsAt(now), reason }, now);
  if (!planned.ok) return planned;
  const e = planned.value;
  await responsible.addExclusion(user.id, e, {
    id: ctx.ids.next("aud"),
    actorId: user.id,
    actorRole: user.role,
    action: kind === "timeout" ? "responsible.timeout" : "responsible.self_exclusion",
    entityType: "user",
    entityId: user.id,
    before: null,
    after: { period, endsAt: e.endsAt?.toISOString() ?? null, reason },
    createdAt: now,
  });
  return ok(e);
}

export async function selfExclude(ctx: Ctx, input: { period: ExclusionPeriod; reason?: string | null }): Promise<Result<unknown>> {
  const who = requireRole(ctx.actor, ["customer"], "self-exclude");
  if (!who.ok) return who;
  const reason = input.reason?.trim() ? input.reason.trim() : null;
  return exclude(ctx, who.value, "self_exclusion", (now) => exclusionEnd(input.period, now), reason, input.period);
}

export async function takeBreak(ctx: Ctx): Promise<Result<unknown>> {
  const who = requireRole(ctx.actor, ["customer"], "take a break");
  if (!who.ok) return who;
  return exclude(ctx, who.value, "timeout", (now) => new Date(now.getTime() + BREAK_MINUTES * 60_000), "Reality check break", `${BREAK_MINUTES}m`);
}

export async function declineLimitPrompt(ctx: Ctx): Promise<Result<true>> {
  const who = requireRole(ctx.actor, ["customer"], "answer the deposit limit prompt");
  if (!who.ok) return who;
  const user = who.value;
  const now = ctx.clock.now();
  await portOf(ctx, "responsible").declineLimitPrompt(user.id, now, {
    id: ctx.ids.next("aud"),
    actorId: user.id,
    actorRole: user.role,
    action: "responsible.limit_prompt_declined",
    entityType: "user",
    entityId: user.id,
    before: null,
    after: { declined: true },
    createdAt: now,
  });
  return ok(true);
}
