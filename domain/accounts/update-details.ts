/**
 * updateDetails: change one's own first name, last name or email (unique). Audited.
 * The email (where account notices and the password reset go) changes only with the
 * current password (ACCOUNT.PASSWORD_REQUIRED without it, AUTH.INVALID_CREDENTIALS when wrong;
 * demo users have none: ACCOUNT.NO_PASSWORD). A verified customer who changes their name goes
 * back to verification (level none) in the same write: the name must be verified again.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { User } from "../shared/types.ts";
import { accountAudit } from "./context.ts";
import { ANY_ROLE } from "./get-account.ts";
import { normaliseEmail } from "./profile.ts";

export interface DetailsInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  /** Needed to change the email. */
  currentPassword?: string;
}

export async function updateDetails(ctx: Ctx, input: DetailsInput): Promise<Result<User>> {
  const me = requireRole(ctx.actor, ANY_ROLE, "change account details");
  if (!me.ok) return me;
  const change = {
    firstName: input.firstName?.trim(),
    lastName: input.lastName?.trim(),
    email: input.email === undefined ? undefined : normaliseEmail(input.email),
  };
  if (change.firstName === "" || change.lastName === "" || (change.email !== undefined && !change.email.includes("@")))
    return err(domainError("REQUEST.INVALID", "Names cannot be empty and the email must be valid"));
  if (change.firstName === undefined && change.lastName === undefined && change.email === undefined)
    return err(domainError("REQUEST.INVALID", "Nothing to change"));
  if (change.email !== undefined && change.email !== me.value.email) {
    const creds = await ctx.ports.accounts.credentialsOf(me.value.id);
    if (!creds?.passwordHash) return err(domainError("ACCOUNT.NO_PASSWORD", "This account has no password, so its email cannot be changed"));
    if (!input.currentPassword)
      return err(domainError("ACCOUNT.PASSWORD_REQUIRED", "Enter your current password to change your email", { field: "currentPassword" }));
    if (!(await ctx.ports.passwords.verify(input.currentPassword, creds.passwordHash)))
      return err(domainError("AUTH.INVALID_CREDENTIALS", "The current password is not correct", { field: "currentPassword" }));
  }
  const nameChanged =
    (change.firstName !== undefined && change.firstName !== me.value.firstName) ||
    (change.lastName !== undefined && change.lastName !== me.value.lastName);
  const backToVerification = me.value.role === "customer" && !me.value.isDemo && nameChanged && me.value.verificationLevel !== "none";
  const before = { firstName: me.value.firstName, lastName: me.value.lastName, email: me.value.email };
  const after = {
    firstName: change.firstName ?? before.firstName,
    lastName: change.lastName ?? before.lastName,
    email: change.email ?? before.email,
  };
  const outcome = await ctx.ports.accounts.updateDetails({
    userId: me.value.id,
    ...change,
    ...(backToVerification ? { verificationLevel: "none" as const } : {}),
    audit: accountAudit(ctx, {
      actorId: me.value.id,
      actorRole: me.value.role,
      action: "account.details_changed",
      userId: me.value.id,
      before: backToVerification ? { ...before, verificationLevel: me.value.verificationLevel } : before,
      after: backToVerification ? { ...after, verificationLevel: "none" } : after,
    }),
  });
  if (outcome === "email_taken") return err(domainError("AUTH.EMAIL_TAKEN", "Another account already uses this email"));
  if (outcome === "not_found") return err(domainError("AUTH.REQUIRED", "Please log in"));
  const user = await ctx.ports.users.findById(me.value.id);
  if (!user) return err(domainError("AUTH.REQUIRED", "Please log in"));
  return ok(user);
}
