/**
 * Every password check (sign-in, change-password) goes through here, so both share one budget:
 *   1. the failure throttle (throttle.ts): 5 failures for the account from this address (an IPv6
 *      address by its /64); from an address the account has never used, also 5 from the address
 *      for any accounts, and a growing delay once strangers have failed often on the account ->
 *      AUTH.THROTTLED, without checking the password;
 *   2. at most one check in flight per account: a second check for the same account while one
 *      runs -> AUTH.THROTTLED (by "in_flight", retry after a second), without checking. Parallel
 *      guesses therefore cannot all slip under the throttle before the first failure is recorded,
 *      nor queue dozens of memory-hard hashes that starve everyone else's sign-in;
 *   3. the check itself; a wrong password is recorded as a failure for the account and address.
 * The account is the normalised email (it exists for unknown emails too).
 */
import type { Ctx } from "../shared/context.ts";
import { addressKey } from "../shared/address.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { failureFacts, STRANGER_WINDOW_MS, THROTTLE_WINDOW_MS, throttleDecision } from "./throttle.ts";

/** How long a slot is held at most if its process dies mid-check (a check takes well under this). */
export const CHECK_SLOT_MS = 30_000;

export type PasswordCheckVerdict = "ok" | "wrong";

/** "40 seconds", "1 minute(s)": a short wait (the growing delay) in seconds, a long one in minutes. */
const waitText = (seconds: number) => (seconds < 60 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`);

export async function guardedPasswordCheck(
  ctx: Ctx,
  q: { email: string; ip: string | null; what: "sign-in" | "password check" },
  check: () => Promise<boolean>,
): Promise<Result<PasswordCheckVerdict>> {
  const now = ctx.clock.now();
  const address = addressKey(q.ip);
  const failures = await ctx.ports.signInAttempts.recentFailures({
    email: q.email,
    ip: address,
    since: new Date(now.getTime() - THROTTLE_WINDOW_MS),
    accountSince: new Date(now.getTime() - STRANGER_WINDOW_MS),
  });
  const decision = throttleDecision(failureFacts(failures, address), now);
  if (decision.throttled)
    return err(
      domainError(
        "AUTH.THROTTLED",
        `Too many failed ${q.what === "sign-in" ? "sign-ins" : "password checks"}. Try again in ${waitText(decision.retryAfterSeconds)}.`,
        { retryAfterSeconds: decision.retryAfterSeconds, by: decision.by },
      ),
    );

  const holder = ctx.ids.next("pwc");
  const slot = { account: q.email, holder };
  if (!(await ctx.ports.passwordChecks.tryBegin({ ...slot, now, until: new Date(now.getTime() + CHECK_SLOT_MS) })))
    return err(
      domainError("AUTH.THROTTLED", "Another password check for this account is in progress. Try again in a moment.", {
        retryAfterSeconds: 1,
        by: "in_flight",
      }),
    );
  let passed: boolean;
  try {
    passed = await check();
  } finally {
    await ctx.ports.passwordChecks.end(slot);
  }
  if (!passed) await ctx.ports.signInAttempts.record({ email: q.email, ip: address, success: false, at: now });
  return ok(passed ? "ok" : "wrong");
}
