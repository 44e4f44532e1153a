/**
 * updateEvent: an operator sets an event's status, enters or corrects its score, or moves its start
 * (PATCH /api/admin/events/{id}). Status moves forward only (event-status.ts). A score is for a live
 * or finished event. The new state decides outcomes as the feed's would (domain/pricing gradeMarket):
 * a live score change suspends the event's markets for a few seconds; a third goal closes Over 2.5;
 * finishing grades every market; a correction clears results a wrong score had decided and reopens
 * the market while it is unsettled. All of it is one audited write; markets it decides are then
 * settled by the system (settle-decided.ts). A market already settled is not regraded here: resettle it.
 * Finishing, or entering a final score, before the event's start time pays out like a settlement, so
 * it needs the same override with a reason (settle-override.ts finishDecision), kept in the audit record.
 */
import { requireSharedWithinReach } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import type { EventStatus, EventView, MatchState } from "../shared/types.ts";
import type { EventUpdate } from "../ports/index.ts";
import { gradeMarket } from "../pricing/index.ts";
import { canMoveEvent } from "../betting/event-status.ts";
import { settleDecidedMarkets } from "../settlement/settle-decided.ts";
import { finishDecision, type SettleOverride } from "../settlement/settle-override.ts";

export interface EventChange {
  status?: EventStatus;
  homeScore?: number;
  awayScore?: number;
  startTime?: Date;
  /** Finishing (or a final score) before the start time: why, audited. */
  override?: SettleOverride;
}

/** The state an event without a feed state is graded from: its status and score. */
function baseState(e: EventView): MatchState {
  return { sport: e.sport, phase: "pre", clock: 0, length: 0, period: 1, home: e.homeScore ?? 0, away: e.awayScore ?? 0 };
}

const PHASE: Record<EventStatus, MatchState["phase"]> = { upcoming: "pre", live: "live", finished: "finished" };

/** Outcome results and market closings/reopenings that `state` decides on the event's unsettled markets. */
export function decisionsFor(e: EventView, state: MatchState): Pick<EventUpdate, "outcomeResults" | "closeMarkets" | "reopenMarkets"> {
  const out: Pick<EventUpdate, "outcomeResults" | "closeMarkets" | "reopenMarkets"> = { outcomeResults: [], closeMarkets: [], reopenMarkets: [] };
  // A race is graded from its finishing order, which an operator's score does not give: settle it by hand.
  if (state.sport === "racing" && !state.racing?.order) return out;
  for (const m of e.markets) {
    if (m.settled || m.outcomes.some((o) => !o.code)) continue;
    const results = gradeMarket({ type: m.type, line: m.line ?? null, codes: m.outcomes.map((o) => o.code!) }, state);
    m.outcomes.forEach((o, i) => {
      if ((o.result ?? null) !== results[i]) out.outcomeResults.push({ outcomeId: o.id, result: results[i] });
    });
    const decided = results.every((r) => r !== null);
    const wasDecided = m.outcomes.every((o) => !!o.result);
    if (decided && m.status !== "closed") out.closeMarkets.push(m.id);
    else if (!decided && wasDecided && m.status === "closed" && state.phase !== "finished") out.reopenMarkets.push(m.id);
  }
  return out;
}

export async function updateEvent(ctx: Ctx, eventId: string, change: EventChange): Promise<Result<EventView>> {
  const who = requireRole(ctx.actor, ["admin"], "change an event");
  if (!who.ok) return who;
  const actor = who.value;
  const event = await ctx.ports.events.findById(eventId);
  if (!event) return err(domainError("EVENT.NOT_FOUND", "No event with that id"));
  const shared = await requireSharedWithinReach(ctx, { eventId });
  if (!shared.ok) return shared;
  const moving = change.status !== undefined && change.status !== event.status;
  const onlySameStatus = change.status === event.status && change.homeScore === undefined && change.startTime === undefined;
  if ((moving && !canMoveEvent(event.status, change.status!)) || onlySameStatus)
    return err(domainError("EVENT.INVALID_TRANSITION", `An event that is ${event.status} cannot be set ${change.status}`));
  const to = change.status ?? event.status;
  if (change.startTime && to !== "upcoming")
    return err(domainError("EVENT.INVALID_TRANSITION", "Only an upcoming event's start time can be moved"));
  const scoring = change.homeScore !== undefined && change.awayScore !== undefined;
  if (scoring && to === "upcoming")
    return err(domainError("EVENT.INVALID_SCORE", "An event that has not started has no score; set it live first"));

  const now = ctx.clock.now();
  // A final result (finishing, or a score on a finished event) before the start: only with an override.
  const early = to === "finished" && (moving || scoring) ? finishDecision(event, now, change.override) : ok(null);
  if (!early.ok) return early;
  const override = early.value ? { override: early.value } : {};
  const home = scoring ? change.homeScore! : to === "upcoming" ? event.homeScore : (event.homeScore ?? 0);
  const away = scoring ? change.awayScore! : to === "upcoming" ? event.awayScore : (event.awayScore ?? 0);
  const base = event.state ?? baseState(event);
  const state: MatchState = {
    ...base,
    home: home ?? 0,
    away: away ?? 0,
    phase: to === event.status && base.phase !== "pre" ? (to === "finished" ? "finished" : base.phase) : PHASE[to],
  };
  const scoreChanged = scoring && (event.homeScore !== change.homeScore || event.awayScore !== change.awayScore);
  const plan: EventUpdate = {
    eventId,
    at: now,
    fromStatus: event.status,
    ...(moving ? { status: to } : {}),
    ...(change.startTime ? { startTime: change.startTime } : {}),
    ...(home !== null && to !== "upcoming" ? { homeScore: home, awayScore: away ?? 0 } : {}),
    ...(moving && to === "live" ? { minute: 0 } : {}),
    state,
    ...(scoreChanged && to === "live" ? { suspendedUntil: new Date(now.getTime() + ctx.ports.inPlay.scoreSuspendMs) } : {}),
    // Graded only from a score someone knows: an event abandoned before it started (upcoming ->
    // finished, no score) closes its markets ungraded, for an operator to settle or void.
    ...(to === "upcoming" || (!scoring && event.homeScore === null)
      ? { outcomeResults: [], closeMarkets: [], reopenMarkets: [] }
      : decisionsFor(event, state)),
  };
  const statusOnly = moving && !scoring && !change.startTime;
  const written = await ctx.ports.events.update(plan, {
    id: ctx.ids.next("aud"),
    actorId: actor.id,
    actorRole: actor.role,
    action: statusOnly ? "event.status" : "event.update",
    entityType: "event",
    entityId: eventId,
    before: statusOnly
      ? { status: event.status }
      : { status: event.status, homeScore: event.homeScore, awayScore: event.awayScore, startTime: event.startTime.toISOString() },
    after: statusOnly
      ? { status: to, ...override }
      : {
          status: to,
          homeScore: plan.homeScore ?? event.homeScore,
          awayScore: plan.awayScore ?? event.awayScore,
          startTime: (change.startTime ?? event.startTime).toISOString(),
          decided: plan.outcomeResults.length,
          ...override,
        },
    createdAt: now,
  });
  if (!written) return err(domainError("EVENT.INVALID_TRANSITION", "The event changed meanwhile; look again and retry"));
  if (ctx.ports.markets) await settleDecidedMarkets(ctx, { eventId });
  return ok((await ctx.ports.events.findById(eventId))!);
}
