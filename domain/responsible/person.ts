/**
 * The person behind an account, pure: the key material that lets an exclusion follow the person
 * rather than the account (UKGC LCCP SR 3.5.3: take all reasonable steps to refuse service to a
 * self-excluded person, including new accounts they open).
 *
 * Keys, each a normalised string that the adapter stores only as a keyed hash (HMAC-SHA256):
 *   identity        first name + last name + date of birth (known from registration on), in the
 *                   lower-case look-alike form of the names (domain/shared/skeleton.ts);
 *   identityUpper   the same in the upper-case form (capitals that look Latin only in upper case);
 *   address         last name + date of birth + postcode + first address line (catches "Jim"/"James");
 *   document        the identity document's number (known after document verification).
 * Two accounts belong to the same person when any key is equal. Names are compared as they look:
 * Cyrillic, Greek and fullwidth look-alikes fold to the letters they imitate, and case, accents,
 * spaces and punctuation do not count; codes (postcode, document) likewise, in capitals.
 * `legacyDocument` is the document as keys were written before look-alike folding (plain SHA-256
 * of upper-case A-Z0-9): the number is never stored, so those keys cannot be recomputed and a
 * new document is compared with them in that form too.
 */
import type { Address } from "../accounts/profile.ts";
import { codeForm, nameForms } from "../shared/skeleton.ts";

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
  identityUpper: string;
  address: string | null;
  document: string | null;
  legacyDocument: string | null;
}

/** The same keys as stored: opaque hashes, compared only for equality, and which secret made them. */
export type PersonKeys = PersonKeyMaterial & { version: string };

const legacyCode = (s: string): string => s.toUpperCase().replace(/[^A-Z0-9]/g, "");

export function personKeyMaterial(p: PersonDetails): PersonKeyMaterial {
  const first = nameForms(p.firstName);
  const last = nameForms(p.lastName);
  const dob = p.dateOfBirth.trim();
  const postcode = p.address ? codeForm(p.address.postcode) : "";
  const address = p.address && postcode ? `address|${last.lower}|${dob}|${postcode}|${nameForms(p.address.line1).lower}` : null;
  const doc = p.documentNumber ? codeForm(p.documentNumber) : "";
  const legacyDoc = p.documentNumber ? legacyCode(p.documentNumber) : "";
  return {
    identity: `identity|${first.lower}|${last.lower}|${dob}`,
    identityUpper: `identity-upper|${first.upper}|${last.upper}|${dob}`,
    address,
    document: doc ? `document|${doc}` : null,
    legacyDocument: legacyDoc ? `document|${legacyDoc}` : null,
  };
}

export type PersonMatch = "identity" | "address" | "document";
