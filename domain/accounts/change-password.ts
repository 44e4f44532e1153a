/**
 * changePassword: needs the current password, checked under the same throttle as sign-in and
 * never while another password check for the account runs (password-check.ts), so it cannot be
 * used to guess a password faster than sign-in allows. The new hash replaces the old one only if the old
 * one is still stored (two changes at once cannot both win), and every other session of the user
 * ends in the same write. Demo users have no password to change.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { accountAudit } from "./context.ts";
import { ANY_ROLE } from "./get-account.ts";
import { PASSWORD_MIN_LENGTH } from "./policy.ts";
import { guardedPasswordCheck } from "./password-check.ts";
import { normaliseEmail } from "./profile.ts";

export async function changePassword(
  ctx: Ctx,
  input: { currentPassword: string; newPassword: string },
  from: { ip: string | null } = { ip: null },
): Promise<Result<{ ok: true }>> {
  const me = requireRole(ctx.actor, ANY_ROLE, "change a password");
  if (!me.ok) return me;
  if (ctx.actor.kind !== "user") return err(domainError("AUTH.REQUIRED", "Please log in"));
  const sessionId = ctx.actor.sessionId;
  const creds = await ctx.ports.accounts.credentialsOf(me.value.id);
  if (!creds) return err(domainError("AUTH.REQUIRED", "Please log in"));
  if (!creds.passwordHash)
    return err(domainError("ACCOUNT.NO_PASSWORD", "This account signs in without a password (demo account); there is none to change"));
  if (input.newPassword.length < PASSWORD_MIN_LENGTH)
    return err(domainError("REQUEST.INVALID", `The new password needs at least ${PASSWORD_MIN_LENGTH} characters`));
  const storedHash = creds.passwordHash;
  const verdict = await guardedPasswordCheck(ctx, { email: normaliseEmail(me.value.email), ip: from.ip, what: "password check" }, () =>
    ctx.ports.passwords.verify(input.currentPassword, storedHash),
  );
  if (!verdict.ok) return verdict;
  if (verdict.value === "wrong") return err(domainError("AUTH.INVALID_CREDENTIALS", "The current password is incorrect"));
  const newHash = await ctx.ports.passwords.hash(input.newPassword);
  const changed = await ctx.ports.accounts.changePassword({
    userId: me.value.id,
    expectedHash: creds.passwordHash,
    newHash,
    keepSessionId: sessionId,
    audit: accountAudit(ctx, {
      actorId: me.value.id,
      actorRole: me.value.role,
      action: "account.password_changed",
      userId: me.value.id,
      before: null,
      after: { otherSessionsEnded: true },
    }),
  });
  if (!changed) return err(domainError("AUTH.INVALID_CREDENTIALS", "The password was changed meanwhile; sign in again"));
  return ok({ ok: true as const });
}
