/**
 * Sign-in throttling that strangers cannot turn against the owner. Failures are counted per account
 * AND address, so a guesser elsewhere never locks the owner out:
 *   - from an address the account has signed in or registered from (a known address), only that
 *     address's own failures on the account count: 5 within 15 minutes (since its last success)
 *     throttle that address for that account, and nothing strangers do elsewhere does;
 *   - from any other address, also:
 *       * 5 failures from the address within 15 minutes, whatever the accounts, throttle the
 *         address (one guesser spraying many accounts);
 *       * a ceiling per account across all strangers: past 10 failures from unknown addresses
 *         within an hour, each further attempt from an unknown address waits a delay after the last
 *         one that doubles with every failure (1 s, 2 s, 4 s ... at most 15 minutes). Many
 *         addresses together get a few dozen guesses an hour, not a lockout; the owner at home
 *         is not slowed at all.
 * A throttled attempt is refused without checking the password and is not counted. Addresses are
 * counted by addressKey (an IPv6 address by its /64).
 */
import { addressKey } from "../shared/address.ts";

export const MAX_FAILURES = 5;
export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** Failures from unknown addresses, per account: how far back they count, how many pass undelayed, and the longest wait. */
export const STRANGER_WINDOW_MS = 60 * 60_000;
export const STRANGER_FREE_FAILURES = 10;
export const STRANGER_MAX_DELAY_MS = 15 * 60_000;

export type ThrottleDecision = { throttled: false } | { throttled: true; retryAfterSeconds: number; by: "account" | "address" };

/** What the decision is made from (times in ms). */
export interface FailureFacts {
  /** Failures for the account from this address, after its last success from there. */
  byPair: readonly number[];
  /** Failures from this address, any account. */
  byAddress: readonly number[];
  /** Failures for the account from addresses it has never signed in or registered from, within STRANGER_WINDOW_MS. */
  byStrangers: readonly number[];
  /** Whether the account has signed in or registered from this address. */
  knownAddress: boolean;
}

/** The facts for one attempt from the stored failures (addresses as keys) and the addresses the account's sessions came from. */
export function failureFacts(
  stored: { byPair: readonly number[]; byAddress: readonly number[]; byAccount: readonly { ip: string | null; at: number }[]; knownAddresses: readonly string[] },
  address: string | null,
): FailureFacts {
  const known = new Set(stored.knownAddresses.map((a) => addressKey(a)));
  return {
    byPair: stored.byPair,
    byAddress: stored.byAddress,
    byStrangers: stored.byAccount.filter((f) => f.ip === null || !known.has(f.ip)).map((f) => f.at),
    knownAddress: address !== null && known.has(address),
  };
}

/** When the failures (times in ms, any order) stop blocking: the moment fewer than MAX remain in the window. */
function blockedUntil(failures: readonly number[], now: number): number | null {
  const recent = failures.filter((t) => t > now - THROTTLE_WINDOW_MS && t <= now).sort((a, b) => a - b);
  if (recent.length < MAX_FAILURES) return null;
  // Once the (n - MAX + 1)-th oldest failure ages out, only MAX - 1 remain.
  return recent[recent.length - MAX_FAILURES] + THROTTLE_WINDOW_MS;
}

/** The wait after the last of `n` stranger failures before the next attempt from a stranger. */
export function strangerDelayMs(n: number): number {
  if (n < STRANGER_FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** Math.min(n - STRANGER_FREE_FAILURES, 30), STRANGER_MAX_DELAY_MS);
}

function strangersUntil(failures: readonly number[], now: number): number | null {
  const recent = failures.filter((t) => t > now - STRANGER_WINDOW_MS && t <= now);
  const delay = strangerDelayMs(recent.length);
  if (delay === 0) return null;
  const until = Math.max(...recent) + delay;
  return until > now ? until : null;
}

export function throttleDecision(f: FailureFacts, now: Date): ThrottleDecision {
  const t = now.getTime();
  const pair = blockedUntil(f.byPair, t);
  const address = f.knownAddress ? null : blockedUntil(f.byAddress, t);
  const strangers = f.knownAddress ? null : strangersUntil(f.byStrangers, t);
  if (pair === null && address === null && strangers === null) return { throttled: false };
  const until = Math.max(pair ?? 0, address ?? 0, strangers ?? 0);
  // The account's own count is named when it decides (alone or tied): it is the more specific.
  const by = address !== null && address === until && pair !== until && strangers !== until ? "address" : "account";
  return { throttled: true, by, retryAfterSeconds: Math.max(1, Math.ceil((until - t) / 1000)) };
}
