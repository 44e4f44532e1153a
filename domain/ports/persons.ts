/** The person registry: hashed identity keys and the other accounts of the same person. */
import type { Exclusion } from "../responsible/exclusion.ts";
import type { PersonKeyMaterial, PersonKeys, PersonMatch } from "../responsible/person.ts";
import type { VerificationLevel } from "../shared/types.ts";

export interface LinkedAccount {
  userId: string;
  email: string;
  isActive: boolean;
  isDemo: boolean;
  verificationLevel: VerificationLevel;
  matchedOn: PersonMatch[];
  /** Its exclusions that have not ended for good (still in force or waiting for a return). */
  exclusions: Exclusion[];
}

export interface PersonRegistry {
  /** The keys as stored: a keyed hash of each (the key never leaves the adapter). */
  hashKeys(material: PersonKeyMaterial): Promise<PersonKeys>;
  /** Accounts other than `userId` sharing any of the keys, with their exclusions. */
  accountsMatching(keys: PersonKeys, userId: string | null, now: Date): Promise<LinkedAccount[]>;
  /** Accounts sharing any stored key of `userId` (none before its keys are stored). */
  linkedTo(userId: string, now: Date): Promise<LinkedAccount[]>;
  /** Remember a refused verification attempt (shown as "Rejected" until a level is reached). */
  recordRejection(userId: string, step: "basic" | "document", reason: string, at: Date): Promise<void>;
  lastRejection(userId: string): Promise<{ step: string; reason: string; at: Date } | null>;
}
