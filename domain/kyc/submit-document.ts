/**
 * submitDocumentVerification: an identity document goes to the provider; when it approves, a
 * `basic` account reaches `full`. Needs basic first (KYC.BASIC_REQUIRED); a full account answers
 * full without asking again. Only the document type and the number's last 4 characters are kept
 * (in the audit record) and the number's hash (person_keys). A document that already verifies
 * another active account is refused (KYC.DOCUMENT_IN_USE, checked again inside the write), and
 * exclusions of the same person are exchanged as at the basic step (person-gate.ts).
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { VerificationLevel } from "../shared/types.ts";
import { accountAudit } from "../accounts/context.ts";
import type { DocumentType } from "./verification-provider.ts";
import { personCheck } from "../responsible/person-gate.ts";

export async function submitDocumentVerification(
  ctx: Ctx,
  input: { documentType: DocumentType; documentNumber: string },
): Promise<Result<{ verificationLevel: VerificationLevel }>> {
  const me = requireRole(ctx.actor, ["customer"], "verify an account");
  if (!me.ok) return me;
  if (me.value.verificationLevel === "full") return ok({ verificationLevel: "full" });
  if (me.value.verificationLevel !== "basic")
    return err(domainError("KYC.BASIC_REQUIRED", "Verify your name, address and date of birth first"));
  const profile = await ctx.ports.accounts.profileOf(me.value.id);
  const documentNumber = input.documentNumber.trim().toUpperCase();
  const decision = await ctx.ports.verification.checkDocument({
    userId: me.value.id,
    firstName: me.value.firstName,
    lastName: me.value.lastName,
    dateOfBirth: profile?.dateOfBirth ?? null,
    documentType: input.documentType,
    documentNumber,
  });
  const now = ctx.clock.now();
  if (!decision.approved) {
    await ctx.ports.persons.recordRejection(me.value.id, "document", decision.reason, now);
    return err(
      domainError("KYC.REJECTED", `Verification failed: ${decision.reason}`, { reason: decision.reason, reference: decision.reference }),
    );
  }
  const mine = (await ctx.ports.responsible.snapshot(me.value.id, now)).exclusions;
  const details = {
    firstName: me.value.firstName,
    lastName: me.value.lastName,
    dateOfBirth: profile?.dateOfBirth ?? "",
    address: profile?.address ?? null,
    documentNumber,
  };
  const person = await personCheck(ctx, me.value.id, details, mine, { document: true });
  if (!person.ok) return person;
  const changed = await ctx.ports.accounts.changeVerification({
    userId: me.value.id,
    from: ["basic"],
    to: "full",
    identity: null,
    person: person.value,
    audit: accountAudit(ctx, {
      actorId: me.value.id,
      actorRole: me.value.role,
      action: "kyc.document_approved",
      userId: me.value.id,
      before: { verificationLevel: "basic" },
      after: {
        verificationLevel: "full",
        documentType: input.documentType,
        documentNumberLast4: documentNumber.slice(-4),
        providerReference: decision.reference,
      },
    }),
  });
  if (!changed) {
    // The write re-checks the document: another account may have been verified with it meanwhile.
    const again = await personCheck(ctx, me.value.id, details, mine, { document: true });
    if (!again.ok) return again;
    return err(domainError("KYC.REJECTED", "The verification level changed meanwhile; please try again"));
  }
  return ok({ verificationLevel: "full" });
}
