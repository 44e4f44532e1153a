/** The register's answers cached per account. */
import type { RegisterAnswer } from "./self-exclusion-register.ts";

export interface RegisterCache {
  /** The last answer stored for the account, or null. */
  of(userId: string): Promise<{ listed: boolean; checkedAt: Date } | null>;
  save(userId: string, answer: RegisterAnswer, at: Date): Promise<void>;
}
