/**
 * Early settlement needs an explicit override: an admin who settles a market or a
 * bet with a winner (won / lost) before its event has finished must give
 * `override: { reason }` (at least 10 characters); without it the settlement is refused
 * (SETTLE.EVENT_NOT_FINISHED) and nothing changes; with it the override is kept in the audit record.
 * A void needs none (it refunds stakes: how an abandoned event's markets are cleared), nor does the
 * system settler (a market the match state decided is final: settle-decided.ts).
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { EventStatus } from "../shared/types.ts";

export interface SettleOverride {
  reason: string;
}

export const OVERRIDE_REASON_MIN = 10;

/**
 * Whether a first settlement (settle a market, settle a bet by hand) is refused without an override.
 * Resettling a market always needs one. On: tests that settle an upcoming event finish it first
 * (tests/fixtures/settle.ts finishEvent) or pass an override with a reason (EARLY). With it off, an
 * override that is given is still validated and audited.
 */
export const FIRST_SETTLEMENT_NEEDS_OVERRIDE = true;

/** For the first-settlement paths: refuses only when FIRST_SETTLEMENT_NEEDS_OVERRIDE is on. */
export function lenient(r: Result<SettleOverride | null>): Result<SettleOverride | null> {
  if (!r.ok && r.error.code === "SETTLE.EVENT_NOT_FINISHED" && !FIRST_SETTLEMENT_NEEDS_OVERRIDE) return ok(null);
  return r;
}

/** Pure: does settling with a winner need an override, given the event's status and start? */
export function needsOverride(event: { status: EventStatus; startTime: Date }, now: Date): boolean {
  return event.status !== "finished" || now.getTime() < event.startTime.getTime();
}

export function overrideDecision(
  event: { status: EventStatus; startTime: Date; name: string } | null,
  now: Date,
  grading: "void" | "winner",
  override: SettleOverride | undefined,
): Result<SettleOverride | null> {
  if (grading === "void" || !event || !needsOverride(event, now)) return ok(null);
  if (!override)
    return err(domainError("SETTLE.EVENT_NOT_FINISHED", `${earlyState(event, now)}: settling it now needs an override with a reason`, {
      eventStatus: event.status,
      startTime: event.startTime.toISOString(),
    }));
  return reasonOf(override, "settling early");
}

/** What is early about settling now, in words that match the event's state. */
function earlyState(event: { status: EventStatus; startTime: Date; name: string }, now: Date): string {
  const ahead = now.getTime() < event.startTime.getTime();
  // A finished event whose start is still ahead was finished early by an operator: it has "started" in the book's eyes.
  if (event.status === "finished") return `${event.name} was marked finished before its scheduled start (${event.startTime.toISOString()})`;
  if (event.status === "upcoming" && ahead) return `${event.name} has not started yet`;
  return `${event.name} has not finished`;
}

/** An override with a reason long enough, trimmed; `doing` words the refusal. */
export function reasonOf(override: SettleOverride, doing: string): Result<SettleOverride> {
  const reason = override.reason.trim();
  if (reason.length < OVERRIDE_REASON_MIN)
    return err(domainError("SETTLE.OVERRIDE_REASON_REQUIRED", `Give a reason of at least ${OVERRIDE_REASON_MIN} characters for ${doing}`));
  return ok({ reason });
}

/**
 * Finishing an event, or entering its final score, before its start time: the score decides every
 * market and the system settles them (update-event.ts), so it is a settlement and needs the same
 * override. Null when it is not early.
 */
export function finishDecision(
  event: { startTime: Date; name: string },
  now: Date,
  override: SettleOverride | undefined,
): Result<SettleOverride | null> {
  if (now.getTime() >= event.startTime.getTime()) return ok(null);
  if (!override)
    return err(
      domainError(
        "SETTLE.EVENT_NOT_FINISHED",
        `${event.name} has not started yet (it starts ${event.startTime.toISOString()}): finishing it or entering its final score now needs an override with a reason`,
        { startTime: event.startTime.toISOString() },
      ),
    );
  return reasonOf(override, "finishing an event before its start");
}

export async function checkSettleTiming(
  ctx: Pick<Ctx, "ports" | "clock">,
  eventId: string,
  /** Any market result: a void needs no override; every other kind (winner, no winner, per outcome) pays like a winner. */
  result: { kind: string },
  override: SettleOverride | undefined,
): Promise<Result<SettleOverride | null>> {
  if (result.kind === "void" && !override) return ok(null);
  const event = await ctx.ports.events.findById(eventId);
  return overrideDecision(event, ctx.clock.now(), result.kind === "void" ? "void" : "winner", override);
}

/** A bet settled by hand: every event of its legs must have finished, unless overridden (a void needs none). */
export async function betSettleTiming(
  ctx: Pick<Ctx, "ports" | "clock">,
  bet: { legs: readonly { eventId: string }[] },
  status: "won" | "lost" | "void",
  override: SettleOverride | undefined,
): Promise<Result<SettleOverride | null>> {
  let decided: SettleOverride | null = null;
  for (const eventId of new Set(bet.legs.map((l) => l.eventId))) {
    const r = await checkSettleTiming(ctx, eventId, { kind: status === "void" ? "void" : "winner" }, override);
    if (!r.ok) return r;
    decided = decided ?? r.value;
  }
  return ok(decided);
}
