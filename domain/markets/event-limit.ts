/**
 * An event's own liability limit (docs/trading.md "Event limit"), set by traders and admins on the
 * event as market limits are set on markets. The event's liability is the sum over its markets of
 * each market's worst outcome; placement refuses a bet that takes it past the limit (BET.EVENT_LIMIT).
 * An event without a limit of its own takes the house default (risk_settings event_liability_limit);
 * `null` returns it to the default. Raising the enforced limit above the four-eyes limit threshold
 * waits for a second admin (approvals/four-eyes.ts); lowering it, or raising it within the threshold,
 * applies at once. Every change is audited in the same write.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import type { EventLimitView } from "../ports/index.ts";
import { MARKET_MAKERS } from "./create-market.ts";
import { formatMoney } from "../shared/money.ts";
import { MAX_AMOUNT_CENTS } from "../betting/placement-limits.ts";
import { approvalNote, fourEyes, type ApprovalPending, type Approving } from "../approvals/four-eyes.ts";
import { requireSharedWithinReach } from "../shared/reach.ts";

const describe = (limit: number | null, enforced: number) => (limit === null ? `the default (${formatMoney(enforced)})` : formatMoney(limit));

export async function getEventLimit(ctx: Ctx, eventId: string): Promise<Result<EventLimitView>> {
  const who = requireRole(ctx.actor, MARKET_MAKERS, "see event limits");
  if (!who.ok) return who;
  const found = await ctx.ports.eventLimits.find(eventId);
  return found ? ok(found) : err(domainError("EVENT.NOT_FOUND", "No event with that id"));
}

export async function setEventLimit(ctx: Ctx, eventId: string, limit: number | null, approving?: Approving): Promise<Result<EventLimitView | ApprovalPending>> {
  const who = requireRole(ctx.actor, MARKET_MAKERS, "set event limits");
  if (!who.ok) return who;
  const actor = who.value;
  if (limit !== null && (!Number.isSafeInteger(limit) || limit < 100 || limit > MAX_AMOUNT_CENTS))
    return err(domainError("REQUEST.INVALID", "The limit must be a whole number of cents from 100 to 10,000,000,000, or null for the default", { field: "liabilityLimit" }));
  const limits = ctx.ports.eventLimits;
  const event = await limits.find(eventId);
  if (!event) return err(domainError("EVENT.NOT_FOUND", "No event with that id"));
  const reach = await requireSharedWithinReach(ctx, { eventId });
  if (!reach.ok) return reach;
  if (event.own === limit) return ok(event);
  // The enforced figure decides "raising": clearing a low own limit back to a higher default raises it.
  const enforcedAfter = limit ?? event.defaultLimit;
  const raising = enforcedAfter > event.limit;
  const gate = await fourEyes(ctx, actor, approving, {
    kind: "event_limit",
    subjectType: "event",
    subjectId: eventId,
    amount: raising ? enforcedAfter : 0,
    threshold: "limit",
    summary: `Raise the limit of ${event.eventName} from ${formatMoney(event.limit)} to ${describe(limit, enforcedAfter)}`,
    input: { liabilityLimit: limit },
    against: { liabilityLimit: event.own },
  });
  if (!gate.ok) return gate;
  if (!gate.value.apply) return ok(gate.value.pending);
  const claim = gate.value.claim;
  const now = ctx.clock.now();
  const done = await limits.set(
    { eventId, limit, approval: claim },
    {
      id: ctx.ids.next("aud"),
      actorId: actor.id,
      actorRole: actor.role,
      action: "event.limit",
      entityType: "event",
      entityId: eventId,
      before: { liabilityLimit: event.own, enforced: event.limit },
      after: { liabilityLimit: limit, enforced: enforcedAfter, ...approvalNote(claim, approving) },
      createdAt: now,
    },
  );
  if (done === "approval_decided") return err(domainError("APPROVAL.ALREADY_DECIDED", "This request was decided by someone else meanwhile"));
  if (done === "not_found") return err(domainError("EVENT.NOT_FOUND", "No event with that id"));
  return ok((await limits.find(eventId))!);
}

