/**
 * The verification provider port: an outside service that checks a person's identity details and
 * identity documents. adapters/kyc/simulated-provider.ts implements it with deterministic rules.
 */
import type { Address } from "../accounts/profile.ts";
import type { DocumentType } from "../kyc/verification-provider.ts";

export interface IdentityCheck {
  userId: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  address: Address;
}

export interface DocumentCheck {
  userId: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  documentType: DocumentType;
  documentNumber: string;
}

/** The provider's answer; `reference` identifies the check at the provider either way. */
export type ProviderDecision =
  | { approved: true; reference: string }
  | { approved: false; reference: string; reason: string };

export interface VerificationProvider {
  checkIdentity(check: IdentityCheck): Promise<ProviderDecision>;
  checkDocument(check: DocumentCheck): Promise<ProviderDecision>;
}
