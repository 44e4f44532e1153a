/**
 * Time-outs and self-exclusion, pure: two different things (UKGC LCCP SR 3.5.1 / 3.5.3).
 *
 *   time-out       24 hours, 1 week, 1 month or 6 weeks; it ends by itself at its end.
 *   self-exclusion 6 months, 1 year, 5 years or permanent; at the end of the period the account
 *                  stays closed to gambling until the customer asks to return (positive action),
 *                  and then for a 24-hour cooling-off; only after that is access back.
 *
 * An exclusion record is never shortened or removed; the one change allowed is recording the
 * return request (and the end of its cooling-off) on a self-exclusion whose period is over.
 * The customer is excluded while any record is in force. Asking for a restriction that would not
 * go further than the one in force is refused (nothing can be shortened or lifted early).
 *
 * Periods: 24h, 1w (7 days), 6w (42 days) are fixed lengths; months and years are calendar months
 * in UTC (the 31st plus one month ends on the last day of the shorter month). The reality check's
 * break is a 15-minute time-out.
 */
import { domainError, err, ok, type DomainError, type Result } from "../shared/result.ts";

export type TimeoutPeriod = "24h" | "1w" | "1m" | "6w";
export type SelfExclusionPeriod = "6m" | "1y" | "5y" | "permanent";
export type ExclusionPeriod = TimeoutPeriod | SelfExclusionPeriod;
export const TIMEOUT_PERIODS: readonly TimeoutPeriod[] = ["24h", "1w", "1m", "6w"];
export type ExclusionKind = "timeout" | "self_exclusion";
export const BREAK_MINUTES = 15;
/** Hours between asking to return after a self-exclusion and getting access back. */
export const RETURN_COOLING_OFF_HOURS = 24;

export interface Exclusion {
  id: string;
  kind: ExclusionKind;
  startedAt: Date;
  /** End of the period; null = permanent. A self-exclusion stays in force after it until a return. */
  endsAt: Date | null;
  reason: string | null;
  /** Self-exclusion only: when the customer asked to return, and when the cooling-off ends. */
  returnRequestedAt?: Date | null;
  returnAccessAt?: Date | null;
  /** Inherited from this other account of the same person; null/absent = the customer's own. */
  sourceUserId?: string | null;
}

/** Add calendar months in UTC, keeping the day or the month's last day when it is shorter. */
export function addMonthsUtc(from: Date, months: number): Date {
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + months;
  const targetYear = y + Math.floor(m / 12);
  const targetMonth = ((m % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(Date.UTC(targetYear, targetMonth, day, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()));
}

const DAY = 24 * 3_600_000;

/** When a period started at `from` ends; null for permanent. */
export function exclusionEnd(period: ExclusionPeriod, from: Date): Date | null {
  const t = from.getTime();
  switch (period) {
    case "24h": return new Date(t + DAY);
    case "1w": return new Date(t + 7 * DAY);
    case "1m": return addMonthsUtc(from, 1);
    case "6w": return new Date(t + 42 * DAY);
    case "6m": return addMonthsUtc(from, 6);
    case "1y": return addMonthsUtc(from, 12);
    case "5y": return addMonthsUtc(from, 60);
    case "permanent": return null;
  }
}

export const kindOfPeriod = (p: ExclusionPeriod): ExclusionKind =>
  (TIMEOUT_PERIODS as readonly string[]).includes(p) ? "timeout" : "self_exclusion";

const before = (d: Date | null | undefined, now: Date) => d != null && d.getTime() <= now.getTime();

/** Is this record in force at `now`? */
export function inForce(e: Exclusion, now: Date): boolean {
  if (e.startedAt.getTime() > now.getTime()) return false;
  if (e.endsAt === null || e.endsAt.getTime() > now.getTime()) return true;
  // The period is over: a time-out has ended; a self-exclusion waits for the return and its cooling-off.
  return e.kind === "self_exclusion" && !before(e.returnAccessAt, now);
}

/** Self-exclusion beats time-out; among the same kind, permanent beats any end, then the later end. */
function stronger(a: Exclusion, b: Exclusion): boolean {
  if (a.kind !== b.kind) return a.kind === "self_exclusion";
  if (b.endsAt === null) return false;
  if (a.endsAt === null) return true;
  return a.endsAt.getTime() > b.endsAt.getTime();
}

/** The strongest exclusion in force at `now`, or null. */
export function activeExclusion(list: readonly Exclusion[], now: Date): Exclusion | null {
  let best: Exclusion | null = null;
  for (const e of list) if (inForce(e, now) && (!best || stronger(e, best))) best = e;
  return best;
}

/** Where an exclusion in force stands: in its period, waiting for the customer to ask to return, or cooling off. */
export type ExclusionStage = "period" | "awaiting_return" | "cooling_off";
export function stageOf(e: Exclusion, now: Date): ExclusionStage {
  if (e.endsAt === null || e.endsAt.getTime() > now.getTime()) return "period";
  return e.returnRequestedAt ? "cooling_off" : "awaiting_return";
}

// Messages carry no instants: the end and the return time are ISO in details, and the site says
// them in the customer's own locale and time zone (site/src/lib/exclusion-words.ts).
function stillInForce(current: Exclusion, now: Date): DomainError {
  const stage = stageOf(current, now);
  const message =
    current.endsAt === null
      ? "You are permanently self-excluded; this cannot be changed"
      : stage === "period"
        ? `Your ${current.kind === "timeout" ? "time-out" : "self-exclusion"} runs until the end of the period you chose; it cannot be shortened or lifted`
        : stage === "awaiting_return"
          ? "Your self-exclusion period is over, but your account stays closed to gambling until you ask to return"
          : "You asked to return; access comes back after the 24-hour cooling-off";
  return domainError("RG.EXCLUSION_ACTIVE", message, {
    kind: current.kind,
    until: current.endsAt?.toISOString() ?? null,
    stage,
    returnAccessAt: current.returnAccessAt?.toISOString() ?? null,
  });
}

/**
 * A new time-out or self-exclusion from `now`. A time-out is refused while a self-exclusion is in
 * force or a time-out that ends no earlier; a self-exclusion is refused while one whose period
 * ends no earlier runs (a self-exclusion past its period, waiting for a return, can be renewed).
 */
export function planExclusion(
  list: readonly Exclusion[],
  next: { id: string; kind: ExclusionKind; endsAt: Date | null; reason: string | null },
  now: Date,
): Result<Exclusion> {
  const candidate: Exclusion = { ...next, startedAt: now, returnRequestedAt: null, returnAccessAt: null, sourceUserId: null };
  const current = activeExclusion(list, now);
  if (current) {
    const periodRunning = current.endsAt === null || current.endsAt.getTime() > now.getTime();
    const refused =
      next.kind === "timeout"
        ? current.kind === "self_exclusion" || !stronger(candidate, current)
        : current.kind === "self_exclusion" && periodRunning && !stronger(candidate, current);
    if (refused) return err(stillInForce(current, now));
  }
  return ok(candidate);
}

/**
 * The customer asks to return after a self-exclusion (positive action). Only when every exclusion
 * in force is a self-exclusion past its period that has not been asked about yet; access comes
 * back RETURN_COOLING_OFF_HOURS later. Returns the ids of the exclusions the request ends.
 */
export function planReturn(list: readonly Exclusion[], now: Date): Result<{ exclusionIds: string[]; requestedAt: Date; accessAt: Date }> {
  const current = list.filter((e) => inForce(e, now));
  if (current.length === 0) return err(domainError("RG.NOT_EXCLUDED", "You are not excluded: there is nothing to return from"));
  const blocking = current.find((e) => e.kind === "timeout" || stageOf(e, now) === "period");
  if (blocking) return err(stillInForce(blocking, now));
  const waiting = current.filter((e) => stageOf(e, now) === "awaiting_return");
  if (waiting.length === 0) return err(stillInForce(activeExclusion(current, now)!, now));
  return ok({
    exclusionIds: waiting.map((e) => e.id),
    requestedAt: now,
    accessAt: new Date(now.getTime() + RETURN_COOLING_OFF_HOURS * 3_600_000),
  });
}

/** The refusal of a bet, deposit or contest entry while an exclusion is in force. */
export function exclusionRefusal(e: Exclusion, now: Date = new Date(0)) {
  const what = e.kind === "timeout" ? "on a time-out" : "self-excluded";
  const stage = stageOf(e, now);
  const message =
    e.endsAt === null
      ? `You are ${what} permanently`
      : stage === "period"
        ? `You are ${what} until the end of the period you chose`
        : stage === "awaiting_return"
          ? "Your self-exclusion period is over; ask to return on your account page (then a 24-hour cooling-off applies)"
          : "You asked to return; access comes back after the 24-hour cooling-off";
  return domainError("RG.SELF_EXCLUDED", message, {
    kind: e.kind,
    until: e.endsAt?.toISOString() ?? null,
    stage,
    returnAccessAt: e.returnAccessAt?.toISOString() ?? null,
  });
}

/**
 * Copies of another account's exclusions in force, for an account of the same person: same kind,
 * start and end, so the new account is exactly as closed as the person is.
 */
export function inheritedExclusions(
  from: { userId: string; exclusions: readonly Exclusion[] }[],
  already: readonly Exclusion[],
  now: Date,
  nextId: () => string,
): Exclusion[] {
  const out: Exclusion[] = [];
  const have = new Set(already.map((e) => `${e.kind}|${e.startedAt.getTime()}|${e.endsAt?.getTime() ?? "p"}`));
  for (const account of from)
    for (const e of account.exclusions) {
      if (!inForce(e, now)) continue;
      const key = `${e.kind}|${e.startedAt.getTime()}|${e.endsAt?.getTime() ?? "p"}`;
      if (have.has(key)) continue;
      have.add(key);
      out.push({
        id: nextId(),
        kind: e.kind,
        startedAt: e.startedAt,
        endsAt: e.endsAt,
        reason: "Another account of the same person is excluded",
        returnRequestedAt: e.returnRequestedAt ?? null,
        returnAccessAt: e.returnAccessAt ?? null,
        sourceUserId: account.userId,
      });
    }
  return out;
}
