/**
 * Time-outs and self-exclusion, pure. An exclusion is a record that is never changed or removed:
 * the customer is excluded while any record is in force, until the latest end among them (a
 * permanent one never ends). So a restriction cannot be lifted or shortened before its end; asking
 * for one that would not end later than the current one is refused as pointless.
 *
 * Periods: 24h, 1w (7 days), and calendar months/years in UTC (1m, 3m, 6m, 1y, 5y; the 31st plus one
 * month ends on the last day of the shorter month), or permanent. The reality check's break is a
 * 15-minute time-out.
 */
import { domainError, err, ok, type Result } from "../shared/result.ts";

export type ExclusionPeriod = "24h" | "1w" | "1m" | "3m" | "6m" | "1y" | "5y" | "permanent";
export const EXCLUSION_PERIODS: readonly ExclusionPeriod[] = ["24h", "1w", "1m", "3m", "6m", "1y", "5y", "permanent"];
export type ExclusionKind = "timeout" | "self_exclusion";
export const BREAK_MINUTES = 15;

export interface Exclusion {
  id: string;
  kind: ExclusionKind;
  startedAt: Date;
  /** null = permanent. */
  endsAt: Date | null;
  reason: string | null;
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

/** When an exclusion of `period` started at `from` ends; null for permanent. */
export function exclusionEnd(period: ExclusionPeriod, from: Date): Date | null {
  const t = from.getTime();
  switch (period) {
    case "24h": return new Date(t + 24 * 3_600_000);
    case "1w": return new Date(t + 7 * 24 * 3_600_000);
    case "1m": return addMonthsUtc(from, 1);
    case "3m": return addMonthsUtc(from, 3);
    case "6m": return addMonthsUtc(from, 6);
    case "1y": return addMonthsUtc(from, 12);
    case "5y": return addMonthsUtc(from, 60);
    case "permanent": return null;
  }
}

const endsLater = (a: Exclusion, b: Exclusion) =>
  b.endsAt === null ? false : a.endsAt === null ? true : a.endsAt.getTime() > b.endsAt.getTime();

/** The exclusion in force at `now` that ends last (a permanent one wins), or null. */
export function activeExclusion(list: readonly Exclusion[], now: Date): Exclusion | null {
  let best: Exclusion | null = null;
  for (const e of list) {
    if (e.startedAt.getTime() > now.getTime()) continue;
    if (e.endsAt !== null && e.endsAt.getTime() <= now.getTime()) continue;
    if (!best || endsLater(e, best)) best = e;
  }
  return best;
}

/** A new exclusion from `now`, refused when one already in force would outlast it. */
export function planExclusion(
  list: readonly Exclusion[],
  next: { id: string; kind: ExclusionKind; endsAt: Date | null; reason: string | null },
  now: Date,
): Result<Exclusion> {
  const candidate: Exclusion = { ...next, startedAt: now };
  const current = activeExclusion(list, now);
  if (current && !endsLater(candidate, current))
    return err(domainError(
      "RG.EXCLUSION_ACTIVE",
      current.endsAt === null
        ? "You are permanently excluded; this cannot be changed"
        : `You are already excluded until ${current.endsAt.toISOString()}; it cannot be shortened or lifted`,
      { until: current.endsAt?.toISOString() ?? null, kind: current.kind },
    ));
  return ok(candidate);
}

export function exclusionRefusal(e: Exclusion) {
  const what = e.kind === "timeout" ? "on a time-out" : "self-excluded";
  return domainError(
    "RG.SELF_EXCLUDED",
    e.endsAt === null ? `You are ${what} permanently` : `You are ${what} until ${e.endsAt.toISOString()}`,
    { kind: e.kind, until: e.endsAt?.toISOString() ?? null },
  );
}
