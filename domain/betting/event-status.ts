/**
 * Event status moves forward only: upcoming -> live -> finished, or upcoming -> finished for an
 * event that is abandoned before it starts. A finished event's markets close (no more bets).
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import type { EventStatus, EventView } from "../shared/types.ts";

const allowed: Record<EventStatus, EventStatus[]> = {
  upcoming: ["live", "finished"],
  live: ["finished"],
  finished: [],
};

export const canMoveEvent = (from: EventStatus, to: EventStatus): boolean => allowed[from].includes(to);

export async function changeEventStatus(ctx: Ctx, eventId: string, to: EventStatus): Promise<Result<EventView>> {
  const who = requireRole(ctx.actor, ["admin"], "change an event's status");
  if (!who.ok) return who;
  const actor = who.value;
  const event = await ctx.ports.events.findById(eventId);
  if (!event) return err(domainError("EVENT.NOT_FOUND", "No event with that id"));
  if (!canMoveEvent(event.status, to))
    return err(domainError("EVENT.INVALID_TRANSITION", `An event that is ${event.status} cannot be set ${to}`));

  const now = ctx.clock.now();
  const goingLive = to === "live";
  const change = {
    eventId,
    to,
    at: now,
    minute: goingLive ? 0 : event.minute,
    homeScore: goingLive ? (event.homeScore ?? 0) : event.homeScore,
    awayScore: goingLive ? (event.awayScore ?? 0) : event.awayScore,
  };
  const changed = await ctx.ports.events.changeStatus(change, {
    id: ctx.ids.next("aud"),
    actorId: actor.id,
    actorRole: actor.role,
    action: "event.status",
    entityType: "event",
    entityId: eventId,
    before: { status: event.status },
    after: { status: to },
    createdAt: now,
  });
  if (!changed)
    return err(domainError("EVENT.INVALID_TRANSITION", `The event changed meanwhile; it can no longer be set ${to}`));
  const updated = await ctx.ports.events.findById(eventId);
  return ok(updated!);
}
