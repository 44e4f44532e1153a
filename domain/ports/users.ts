/** Users: found by id, created (optionally with a funded wallet), counted. */
import type { LedgerTransaction } from "../wallet/ledger.ts";
import type { User } from "../shared/types.ts";

export interface Users {
  findById(id: string): Promise<User | null>;
  /** Create a user, optionally with a wallet opened by a ledger transaction (e.g. a demo grant). */
  create(user: User, wallet: { grant: LedgerTransaction | null } | null): Promise<void>;
  countActiveCustomers(): Promise<number>;
}
