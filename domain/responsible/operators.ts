/**
 * The operators' Responsible Gambling screen on real data (UKGC LCCP SR 3.4.3 customer
 * interaction: identify customers who may be at risk of harm, interact with them, record it).
 * Lists, each with its customers: active limits, pending limit increases (and removals), time-outs,
 * self-exclusions (with their stage), reality-check history, and markers of harm. The interaction
 * log records an operator's contact with a customer, audited. Admins only.
 *
 * Markers of harm (thresholds are ours, documented in docs/responsible-gambling.md):
 *   deposits_rising   deposits in the last 7 days at least double the 7 days before, and >= $100
 *   losses_rising     net losses on settled bets in the last 7 days at least double the 7 before, and >= $100
 *   night_play        at least 3 bets between 00:00 and 05:59 UTC in 30 days, and at least 30% of the bets
 *   reversed_withdrawals  a paid-out withdrawal reversed (returned by the bank: "Mark reversed" or the
 *                     reconciler) in the last 30 days
 */
import { reachOf, requireWithinReach } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { type InteractionChannel, type InteractionView, type RgCustomer, type RgFacts, type RgOperations } from "../ports/protection.ts";
import { stageOf, type ExclusionStage } from "./exclusion.ts";
import { formatMoney as money } from "../shared/money.ts";

export const HARM_MARKERS = ["deposits_rising", "losses_rising", "night_play", "reversed_withdrawals"] as const;
export type HarmMarker = (typeof HARM_MARKERS)[number];
const RISING_MIN_CENTS = 10_000;

export interface RgOverview {
  activeLimits: (RgCustomer & { since: Date; limits: { type: "deposit" | "loss"; period: string; amount: number }[] })[];
  pendingIncreases: (RgCustomer & { type: "deposit" | "loss"; period: string; from: number | null; to: number | null; requestedAt: Date; effectiveAt: Date })[];
  timeouts: (RgCustomer & { startedAt: Date; until: Date | null; reason: string | null; inherited: boolean })[];
  exclusions: (RgCustomer & { startedAt: Date; until: Date | null; stage: ExclusionStage; returnAccessAt: Date | null; inherited: boolean })[];
  realityChecks: (RgCustomer & { minutes: number; breaks: number; lastBreakAt: Date | null })[];
  harm: { marker: HarmMarker; customers: (RgCustomer & { since: Date | null; detail: string })[] }[];
}


export function rgOverview(f: RgFacts, now: Date): RgOverview {
  const byCustomer = new Map<string, RgOverview["activeLimits"][number]>();
  const pendingIncreases: RgOverview["pendingIncreases"] = [];
  for (const l of f.limits) {
    if (l.amount !== null) {
      const c = byCustomer.get(l.userId) ?? { userId: l.userId, email: l.email, firstName: l.firstName, lastName: l.lastName, since: l.updatedAt, limits: [] };
      if (l.updatedAt.getTime() < c.since.getTime()) c.since = l.updatedAt;
      c.limits.push({ type: l.type, period: l.period, amount: l.amount });
      byCustomer.set(l.userId, c);
    }
    if (l.pendingEffectiveAt && l.pendingEffectiveAt.getTime() > now.getTime())
      pendingIncreases.push({
        userId: l.userId, email: l.email, firstName: l.firstName, lastName: l.lastName,
        type: l.type, period: l.period, from: l.amount, to: l.pendingAmount, requestedAt: l.updatedAt, effectiveAt: l.pendingEffectiveAt,
      });
  }
  const timeouts: RgOverview["timeouts"] = [];
  const exclusions: RgOverview["exclusions"] = [];
  for (const { exclusion: e, ...c } of f.exclusions) {
    if (e.kind === "timeout")
      timeouts.push({ ...c, startedAt: e.startedAt, until: e.endsAt, reason: e.reason, inherited: e.sourceUserId != null });
    else
      exclusions.push({
        ...c, startedAt: e.startedAt, until: e.endsAt, stage: stageOf(e, now), returnAccessAt: e.returnAccessAt ?? null,
        inherited: e.sourceUserId != null,
      });
  }
  const harm: RgOverview["harm"] = HARM_MARKERS.map((marker) => ({ marker, customers: [] }));
  const add = (m: HarmMarker, c: RgCustomer, since: Date | null, detail: string) =>
    harm.find((h) => h.marker === m)!.customers.push({ userId: c.userId, email: c.email, firstName: c.firstName, lastName: c.lastName, since, detail });
  for (const a of f.activity) {
    if (a.depositsLast7 >= RISING_MIN_CENTS && a.depositsLast7 >= 2 * a.depositsPrior7)
      add("deposits_rising", a, a.firstDeposit7, `Deposits ${money(a.depositsLast7)} in the last 7 days (${money(a.depositsPrior7)} the 7 before)`);
    if (a.lossLast7 >= RISING_MIN_CENTS && a.lossLast7 >= 2 * Math.max(0, a.lossPrior7))
      add("losses_rising", a, a.firstLoss7, `Net losses ${money(a.lossLast7)} in the last 7 days (${money(Math.max(0, a.lossPrior7))} the 7 before)`);
    if (a.nightBets30 >= 3 && a.nightBets30 * 10 >= a.bets30 * 3)
      add("night_play", a, a.firstNightBet30, `${a.nightBets30} of ${a.bets30} bets in 30 days placed between 00:00 and 05:59`);
    if (a.reversedWithdrawals30 > 0) add("reversed_withdrawals", a, a.firstReversal30, `${a.reversedWithdrawals30} withdrawal(s) reversed in 30 days`);
  }
  return {
    activeLimits: [...byCustomer.values()],
    pendingIncreases,
    timeouts,
    exclusions,
    realityChecks: f.realityChecks.filter((r) => r.breaks > 0 || r.minutes !== 60),
    harm,
  };
}

function operations(ctx: Ctx): RgOperations {
  return ctx.ports.rgOperations;
}

export async function responsibleOverview(ctx: Ctx): Promise<Result<RgOverview>> {
  const who = requireRole(ctx.actor, ["admin"], "see the responsible gambling screen");
  if (!who.ok) return who;
  const now = ctx.clock.now();
  return ok(rgOverview(await operations(ctx).facts(now, reachOf(ctx.actor)), now));
}

export async function listInteractions(ctx: Ctx, q: { userId?: string; limit?: number }): Promise<Result<InteractionView[]>> {
  const who = requireRole(ctx.actor, ["admin"], "see responsible gambling interactions");
  if (!who.ok) return who;
  return ok(await operations(ctx).interactions({ userId: q.userId, limit: q.limit ?? 100, reach: reachOf(ctx.actor) }));
}

export async function recordInteraction(
  ctx: Ctx,
  input: { userId: string; channel: InteractionChannel; summary: string },
): Promise<Result<InteractionView>> {
  const who = requireRole(ctx.actor, ["admin"], "record responsible gambling interactions");
  if (!who.ok) return who;
  const summary = input.summary.trim();
  if (!summary) return err(domainError("REQUEST.INVALID", "Describe the contact", { field: "summary" }));
  const reachable = await requireWithinReach(ctx, "user", input.userId);
  if (!reachable.ok) return reachable;
  const now = ctx.clock.now();
  const record = { id: ctx.ids.next("rgi"), userId: input.userId, operatorId: who.value.id, channel: input.channel, summary, createdAt: now };
  const outcome = await operations(ctx).recordInteraction(record, {
    id: ctx.ids.next("aud"),
    actorId: who.value.id,
    actorRole: who.value.role,
    action: "responsible.interaction",
    entityType: "user",
    entityId: input.userId,
    before: null,
    after: { interactionId: record.id, channel: input.channel, summary },
    createdAt: now,
  });
  if (outcome === "not_customer") return err(domainError("USER.NOT_CUSTOMER", "Interactions are recorded for customers"));
  const [view] = await operations(ctx).interactions({ userId: input.userId, limit: 1, reach: reachOf(ctx.actor) });
  return ok(view);
}

/** Tell the simulated national register that a person is registered (admin; only where the simulator is wired). */
export async function registerWithSimulator(
  ctx: Ctx,
  person: { firstName: string; lastName: string; dateOfBirth: string },
): Promise<Result<true>> {
  const who = requireRole(ctx.actor, ["admin"], "use the register simulator");
  if (!who.ok) return who;
  const sim = ctx.ports.registerSimulator;
  if (!sim) return err(domainError("ROUTE.NOT_FOUND", "The national register is not simulated here"));
  sim.register(person);
  return ok(true);
}
