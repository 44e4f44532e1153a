/**
 * submitBasicVerification: name, date of birth and address go to the verification provider; when
 * it approves, the account reaches `basic` (a `full` account stays full) and the confirmed details
 * are stored on it. The provider's refusal is KYC.REJECTED; someone under 18 is refused before
 * the provider is asked.
 */
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { VerificationLevel } from "../shared/types.ts";
import { accountAudit, type AccountsCtx } from "../accounts/context.ts";
import { isAdultOn, MINIMUM_AGE } from "../accounts/age.ts";
import type { Address } from "../accounts/profile.ts";

export interface BasicVerificationInput {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  address: Address;
}

export async function submitBasicVerification(
  ctx: AccountsCtx,
  input: BasicVerificationInput,
): Promise<Result<{ verificationLevel: VerificationLevel }>> {
  const me = requireRole(ctx.actor, ["customer"], "verify an account");
  if (!me.ok) return me;
  const now = ctx.clock.now();
  if (!isAdultOn(input.dateOfBirth, now))
    return err(domainError("KYC.REJECTED", `Verification failed: account holders must be ${MINIMUM_AGE} or older`, { reason: "underage" }));
  const identity = {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    dateOfBirth: input.dateOfBirth,
    address: {
      line1: input.address.line1.trim(),
      city: input.address.city.trim(),
      postcode: input.address.postcode.trim(),
      country: input.address.country.trim(),
    },
  };
  const decision = await ctx.ports.verification.checkIdentity({ userId: me.value.id, ...identity });
  if (!decision.approved)
    return err(
      domainError("KYC.REJECTED", `Verification failed: ${decision.reason}`, { reason: decision.reason, reference: decision.reference }),
    );
  const to: VerificationLevel = me.value.verificationLevel === "full" ? "full" : "basic";
  const changed = await ctx.ports.accounts.changeVerification({
    userId: me.value.id,
    from: [me.value.verificationLevel],
    to,
    identity,
    audit: accountAudit(ctx, {
      actorId: me.value.id,
      actorRole: me.value.role,
      action: "kyc.basic_approved",
      userId: me.value.id,
      before: { verificationLevel: me.value.verificationLevel },
      after: { verificationLevel: to, providerReference: decision.reference },
    }),
  });
  if (!changed) return err(domainError("KYC.REJECTED", "The verification level changed meanwhile; please try again"));
  return ok({ verificationLevel: to });
}
