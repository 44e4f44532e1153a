/**
 * submitBasicVerification: name, date of birth and address go to the verification provider; when
 * it approves, the account reaches `basic` and the confirmed details are stored on it. A `full`
 * account stays full only when the name and date of birth are unchanged: a changed identity must
 * be matched to a document again. The provider's refusal is KYC.REJECTED (remembered, so the
 * account page can say "Rejected"); someone under 18 is refused before the provider is asked.
 * The person check (person-gate.ts) runs in the same write: exclusions of the same person are
 * inherited, and this account's reach the person's other accounts.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { VerificationLevel } from "../shared/types.ts";
import { accountAudit } from "../accounts/context.ts";
import { isAdultOn, MINIMUM_AGE } from "../accounts/age.ts";
import type { Address } from "../accounts/profile.ts";
import { personCheck } from "../responsible/person-gate.ts";
import { sameName } from "../shared/skeleton.ts";

export interface BasicVerificationInput {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  address: Address;
}

export async function submitBasicVerification(
  ctx: Ctx,
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
  if (!decision.approved) {
    await ctx.ports.persons.recordRejection(me.value.id, "basic", decision.reason, now);
    return err(
      domainError("KYC.REJECTED", `Verification failed: ${decision.reason}`, { reason: decision.reason, reference: decision.reference }),
    );
  }
  const profile = await ctx.ports.accounts.profileOf(me.value.id);
  const sameIdentity =
    sameName(identity.firstName, me.value.firstName) &&
    sameName(identity.lastName, me.value.lastName) &&
    identity.dateOfBirth === profile?.dateOfBirth;
  const to: VerificationLevel = me.value.verificationLevel === "full" && sameIdentity ? "full" : "basic";
  const mine = (await ctx.ports.responsible.snapshot(me.value.id, now)).exclusions;
  const person = await personCheck(ctx, me.value.id, identity, mine, { document: false });
  if (!person.ok) return person;
  const changed = await ctx.ports.accounts.changeVerification({
    userId: me.value.id,
    from: [me.value.verificationLevel],
    to,
    identity,
    person: person.value,
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
