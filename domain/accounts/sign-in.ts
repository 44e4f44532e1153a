/**
 * signIn: email and password to a session. Checked in this order:
 *   1. throttled (5 failures for the account or from the address in 15 minutes, or another
 *      password check for the account still running: password-check.ts) -> AUTH.THROTTLED,
 *      without looking at the password;
 *   2. unknown email, no password (demo users) or wrong password -> AUTH.INVALID_CREDENTIALS (the
 *      same answer and about the same time for all three, and a failure is recorded);
 *   3. suspended staff account -> AUTH.ACCOUNT_SUSPENDED. A suspended CUSTOMER gets a session: its
 *      funds stay reachable, and every route answers it 403 AUTH.ACCOUNT_SUSPENDED
 *      except its own payments and withdrawals (api/middleware/session.ts allowSuspendedCustomer);
 *   4. otherwise the success is recorded and a session created.
 * Attempts are stored in the database, so every server instance counts the same failures.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { Credentials } from "../ports/index.ts";
import { landingFor } from "./demo-session.ts";
import { normaliseEmail } from "./profile.ts";
import { guardedPasswordCheck } from "./password-check.ts";
import { addressKey } from "../shared/address.ts";
import type { StartedSession } from "./register.ts";
import { SESSION_HOURS } from "./policy.ts";

export async function signIn(
  ctx: Ctx,
  input: { email: string; password: string },
  session: { id: string; ip: string | null },
): Promise<Result<StartedSession>> {
  const now = ctx.clock.now();
  const email = normaliseEmail(input.email);
  const lookup: { found: Credentials | null } = { found: null };
  const verdict = await guardedPasswordCheck(ctx, { email, ip: session.ip, what: "sign-in" }, async () => {
    const found = (lookup.found = await ctx.ports.accounts.findByEmail(email));
    const passwordOk = await ctx.ports.passwords.verify(input.password, found?.passwordHash ?? null);
    return Boolean(found && found.passwordHash && passwordOk);
  });
  if (!verdict.ok) return verdict;
  const found = lookup.found;
  if (verdict.value === "wrong" || !found) return err(domainError("AUTH.INVALID_CREDENTIALS", "The email or password is incorrect"));
  // A suspended customer may still sign in to withdraw their funds; suspended staff may not.
  if (!found.user.isActive && found.user.role !== "customer")
    return err(domainError("AUTH.ACCOUNT_SUSPENDED", "This account is suspended. Contact support."));

  await ctx.ports.signInAttempts.record({ email, ip: addressKey(session.ip), success: true, at: now });
  const expiresAt = new Date(now.getTime() + SESSION_HOURS * 3_600_000);
  await ctx.ports.sessions.create({ id: session.id, userId: found.user.id, createdAt: now, expiresAt, ip: session.ip });
  return ok({ user: found.user, expiresAt, redirectTo: landingFor(found.user.role) });
}
