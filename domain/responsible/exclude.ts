/**
 * takeTimeout, selfExclude and takeBreak: a customer stops themself from betting, depositing and
 * entering contests. A time-out (24 h to 6 weeks) ends by itself; a self-exclusion (6 months to
 * permanent) stays in force after its period until the customer asks to return (requestReturn)
 * and a 24-hour cooling-off has passed. Nothing can lift or shorten either (exclusion.ts).
 * The exclusion follows the person: it is copied, in the same write, onto every other account
 * that shares the person's identity keys (person.ts). The reality check's 'Take a 15 Minute
 * Break' is a 15-minute time-out.
 * Also declineLimitPrompt: the customer chose not to set a deposit limit before their first deposit.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { User } from "../shared/types.ts";
import {
  BREAK_MINUTES, exclusionEnd, kindOfPeriod, planExclusion, planReturn, type Exclusion, type ExclusionKind, type ExclusionPeriod,
  type SelfExclusionPeriod, type TimeoutPeriod,
} from "./exclusion.ts";

async function exclude(ctx: Ctx, user: User, kind: ExclusionKind, endsAt: (now: Date) => Date | null, reason: string | null, period: string) {
  const responsible = ctx.ports.responsible;
  const now = ctx.clock.now();
  const snap = await responsible.snapshot(user.id, now);
  const planned = planExclusion(snap.exclusions, { id: ctx.ids.next("rgx"), kind, endsAt: endsAt(now), reason }, now);
  if (!planned.ok) return planned;
  const e = planned.value;
  // The same person's other accounts are closed in the same write (a time-out too: it is the person's
  // break). Only from a verified account: unverified keys could name someone else; an unverified
  // account's exclusion reaches the others when it verifies (person-gate.ts).
  const persons = user.verificationLevel !== "none" ? ctx.ports.persons : undefined;
  const linked = persons
    ? (await persons.linkedTo(user.id, now)).map((a) => ({ userId: a.userId, exclusion: { ...e, id: ctx.ids.next("rgx"), sourceUserId: user.id } as Exclusion }))
    : [];
  await responsible.addExclusion(user.id, e, {
    id: ctx.ids.next("aud"),
    actorId: user.id,
    actorRole: user.role,
    action: kind === "timeout" ? "responsible.timeout" : "responsible.self_exclusion",
    entityType: "user",
    entityId: user.id,
    before: null,
    after: { period, endsAt: e.endsAt?.toISOString() ?? null, reason, linkedAccounts: linked.map((l) => l.userId) },
    createdAt: now,
  }, linked);
  return ok(e);
}

export async function selfExclude(ctx: Ctx, input: { period: SelfExclusionPeriod; reason?: string | null }): Promise<Result<unknown>> {
  const who = requireRole(ctx.actor, ["customer"], "self-exclude");
  if (!who.ok) return who;
  if (kindOfPeriod(input.period) !== "self_exclusion")
    return err(domainError("REQUEST.INVALID", "Self-exclusion is for 6 months, 1 year, 5 years or permanent; shorter breaks are time-outs", { field: "period" }));
  const reason = input.reason?.trim() ? input.reason.trim() : null;
  return exclude(ctx, who.value, "self_exclusion", (now) => exclusionEnd(input.period, now), reason, input.period);
}

export async function takeTimeout(ctx: Ctx, input: { period: TimeoutPeriod; reason?: string | null }): Promise<Result<unknown>> {
  const who = requireRole(ctx.actor, ["customer"], "take a time-out");
  if (!who.ok) return who;
  if (kindOfPeriod(input.period as ExclusionPeriod) !== "timeout")
    return err(domainError("REQUEST.INVALID", "A time-out is for 24 hours, 1 week, 1 month or 6 weeks", { field: "period" }));
  const reason = input.reason?.trim() ? input.reason.trim() : null;
  return exclude(ctx, who.value, "timeout", (now) => exclusionEnd(input.period, now), reason, input.period);
}

/**
 * The customer asks to return after a self-exclusion whose period is over (positive action):
 * access comes back after a 24-hour cooling-off. Refused during the period, during a time-out,
 * for a permanent self-exclusion, and when already asked.
 */
export async function requestReturn(ctx: Ctx): Promise<Result<{ accessAt: Date }>> {
  const who = requireRole(ctx.actor, ["customer"], "ask to return after self-exclusion");
  if (!who.ok) return who;
  const user = who.value;
  const responsible = ctx.ports.responsible;
  const now = ctx.clock.now();
  const snap = await responsible.snapshot(user.id, now);
  const plan = planReturn(snap.exclusions, now);
  if (!plan.ok) return plan;
  const done = await responsible.requestReturn(user.id, plan.value, {
    id: ctx.ids.next("aud"),
    actorId: user.id,
    actorRole: user.role,
    action: "responsible.return_requested",
    entityType: "user",
    entityId: user.id,
    before: { exclusionIds: plan.value.exclusionIds },
    after: { requestedAt: now.toISOString(), accessAt: plan.value.accessAt.toISOString() },
    createdAt: now,
  });
  if (!done) return err(domainError("RG.CONCURRENT_CHANGE", "Your exclusion changed meanwhile; please try again"));
  return ok({ accessAt: plan.value.accessAt });
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
  await ctx.ports.responsible.declineLimitPrompt(user.id, now, {
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
