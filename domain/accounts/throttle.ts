/**
 * Sign-in throttling: after 5 failed sign-ins for one account, or from one address, within 15
 * minutes, further attempts are refused without checking the password until enough of those
 * failures have aged out of the window. A successful sign-in clears the count for its account
 * and its address (the adapter counts only failures after the last success).
 */
export const MAX_FAILURES = 5;
export const THROTTLE_WINDOW_MS = 15 * 60_000;

export type ThrottleDecision = { throttled: false } | { throttled: true; retryAfterSeconds: number; by: "account" | "address" };

/** When the failures (times in ms, any order) stop blocking: the moment fewer than MAX remain in the window. */
function blockedUntil(failures: readonly number[], now: number): number | null {
  const recent = failures.filter((t) => t > now - THROTTLE_WINDOW_MS && t <= now).sort((a, b) => a - b);
  if (recent.length < MAX_FAILURES) return null;
  // Once the (n - MAX + 1)-th oldest failure ages out, only MAX - 1 remain.
  return recent[recent.length - MAX_FAILURES] + THROTTLE_WINDOW_MS;
}

export function throttleDecision(
  failures: { byAccount: readonly number[]; byAddress: readonly number[] },
  now: Date,
): ThrottleDecision {
  const t = now.getTime();
  const account = blockedUntil(failures.byAccount, t);
  const address = blockedUntil(failures.byAddress, t);
  if (account === null && address === null) return { throttled: false };
  const by = (account ?? 0) >= (address ?? 0) ? "account" : "address";
  const until = Math.max(account ?? 0, address ?? 0);
  return { throttled: true, by, retryAfterSeconds: Math.max(1, Math.ceil((until - t) / 1000)) };
}
