/**
 * When the reality check is due: every `intervalMinutes` after the session started. Check k is due
 * at start + k x interval; a check the customer has already seen (`seen`) is not shown again.
 */
export function realityCheckDue(
  startedAtMs: number,
  intervalMinutes: number,
  nowMs: number,
  seen: number,
): { show: number | null; nextInMs: number | null } {
  if (!(intervalMinutes > 0) || !Number.isFinite(startedAtMs)) return { show: null, nextInMs: null };
  const interval = intervalMinutes * 60_000;
  const k = Math.floor((nowMs - startedAtMs) / interval);
  if (k >= 1 && k > seen) return { show: k, nextInMs: null };
  const next = (Math.max(k, seen) + 1) * interval + startedAtMs - nowMs;
  return { show: null, nextInMs: Math.max(1_000, next) };
}
