/**
 * The person behind an account, pure: the key material that lets an exclusion follow the person
 * rather than the account (UKGC LCCP SR 3.5.3: take all reasonable steps to refuse service to a
 * self-excluded person, including new accounts they open).
 *
 * Three keys, each a normalised string that the adapter stores only as a SHA-256 hash:
 *   identity  first name + last name + date of birth (known from registration on);
 *   address   last name + date of birth + postcode + first address line (catches "Jim"/"James");
 *   document  the identity document's number (known after document verification).
 * Two accounts belong to the same person when any key is equal. Names are compared without
 * accents, case, spaces and punctuation; postcodes and document numbers without spaces and case.
 */
import type { Address } from "../accounts/profile.ts";

export interface PersonDetails {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  address?: Pick<Address, "line1" | "postcode"> | null;
  documentNumber?: string | null;
}

/** Plain key material; never stored as such (the adapter hashes it). */
export interface PersonKeyMaterial {
  identity: string;
  address: string | null;
  document: string | null;
}

export const normaliseName = (s: string): string =>
  s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]/g, "");
export const normaliseCode = (s: string): string => s.toUpperCase().replace(/[^A-Z0-9]/g, "");

export function personKeyMaterial(p: PersonDetails): PersonKeyMaterial {
  const first = normaliseName(p.firstName);
  const last = normaliseName(p.lastName);
  const dob = p.dateOfBirth.trim();
  const address = p.address && normaliseCode(p.address.postcode)
    ? `address|${last}|${dob}|${normaliseCode(p.address.postcode)}|${normaliseName(p.address.line1)}`
    : null;
  const doc = p.documentNumber ? normaliseCode(p.documentNumber) : "";
  return { identity: `identity|${first}|${last}|${dob}`, address, document: doc ? `document|${doc}` : null };
}

export type PersonMatch = "identity" | "address" | "document";
