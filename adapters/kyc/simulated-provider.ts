/**
 * A simulated verification provider with fixed, documented rules, so tests and demos can reach
 * every outcome on purpose. Nothing leaves the process.
 *
 * Identity (basic) check, refused when:
 *   - the first or last name is "Reject" (any case)             -> "identity could not be confirmed"
 *   - the postcode is all zeros (e.g. "0000", "00000")           -> "address could not be confirmed"
 * Document (full) check, refused when:
 *   - the document number starts with "000"                      -> "document number not recognised"
 *   - the first or last name on the account is "Reject"          -> "identity could not be confirmed"
 * Everything else is approved. The reference is a stable hash of what was checked ("sim-..."),
 * so the same submission always gets the same reference.
 */
import type {
  DocumentCheck, IdentityCheck, ProviderDecision, VerificationProvider,
} from "../../domain/ports/verification.ts";

/** FNV-1a, 32 bit, as 8 hex digits: stable, dependency-free, not a security measure. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

const isReject = (name: string) => name.trim().toLowerCase() === "reject";

export class SimulatedVerificationProvider implements VerificationProvider {
  async checkIdentity(c: IdentityCheck): Promise<ProviderDecision> {
    const reference = `sim-id-${fnv1a(JSON.stringify([c.userId, c.firstName, c.lastName, c.dateOfBirth, c.address]))}`;
    if (isReject(c.firstName) || isReject(c.lastName))
      return { approved: false, reference, reason: "identity could not be confirmed" };
    if (/^0+$/.test(c.address.postcode.replace(/\s/g, "")))
      return { approved: false, reference, reason: "address could not be confirmed" };
    return { approved: true, reference };
  }

  async checkDocument(c: DocumentCheck): Promise<ProviderDecision> {
    const reference = `sim-doc-${fnv1a(JSON.stringify([c.userId, c.documentType, c.documentNumber]))}`;
    if (c.documentNumber.startsWith("000")) return { approved: false, reference, reason: "document number not recognised" };
    if (isReject(c.firstName) || isReject(c.lastName))
      return { approved: false, reference, reason: "identity could not be confirmed" };
    return { approved: true, reference };
  }
}
