/** Customer accounts: registration, credentials, profile, details, password and verification changes. */
import type { AccountProfile, Address } from "../accounts/profile.ts";
import type { AuditEntry, User, VerificationLevel } from "../shared/types.ts";
import type { Exclusion } from "../responsible/exclusion.ts";
import type { NewSession } from "./sessions.ts";
import type { PersonKeys } from "../responsible/person.ts";
import type { RegisterAnswer } from "./protection.ts";

/** A user with the stored password hash (null for demo users, who have no password). */
export interface Credentials {
  user: User;
  passwordHash: string | null;
}

/**
 * Person protection carried by registration and verification writes: the account's
 * person keys (hashed by the adapter), exclusions copied between accounts of the same person, the
 * register's answer, and for a document check that no other active account is verified by it.
 */
export interface PersonWrite {
  keys: PersonKeys;
  /** Exclusions to add, each on its account (this one inheriting, or another account of the person). */
  exclusions: { userId: string; exclusion: Exclusion }[];
  register?: RegisterAnswer | null;
  uniqueDocument?: boolean;
}

export interface Registration {
  user: User;
  passwordHash: string;
  dateOfBirth: string;
  person?: PersonWrite;
  /** The first session, created in the same write. */
  session: NewSession;
  audit: AuditEntry;
}

export interface DetailsChange {
  userId: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  /** A verified identity changed: the account goes back to this level. */
  verificationLevel?: VerificationLevel;
  audit: AuditEntry;
}

export interface PasswordChange {
  userId: string;
  /** The hash the new one replaces: the write does nothing if it changed meanwhile. */
  expectedHash: string;
  newHash: string;
  /** Every other session of the user ends in the same write. */
  keepSessionId: string;
  audit: AuditEntry;
}

export interface VerificationChange {
  userId: string;
  /** The write does nothing unless the user is at one of these levels now. */
  from: readonly VerificationLevel[];
  to: VerificationLevel;
  /** Identity details confirmed by the provider (basic verification), stored on the account. */
  identity: { firstName: string; lastName: string; dateOfBirth: string; address: Address } | null;
  person?: PersonWrite;
  audit: AuditEntry;
}

export interface Accounts {
  findByEmail(email: string): Promise<Credentials | null>;
  credentialsOf(userId: string): Promise<Credentials | null>;
  /** User, empty wallet, first session and audit record in one write; "email_taken" writes nothing. */
  register(r: Registration): Promise<"registered" | "email_taken">;
  profileOf(userId: string): Promise<AccountProfile | null>;
  updateDetails(change: DetailsChange): Promise<"updated" | "email_taken" | "not_found">;
  /** false (nothing written) when the stored hash is no longer `expectedHash`. */
  changePassword(change: PasswordChange): Promise<boolean>;
  /** false (nothing written) when the user is not at one of `from` any more. */
  changeVerification(change: VerificationChange): Promise<boolean>;
}
