/** Demo accounts that have gone idle, and closing one; a returning browser's way back to its demo users. */
import type { LedgerTransaction } from "../wallet/ledger.ts";
import type { Role, User } from "../shared/types.ts";

export interface IdleDemoAccount {
  userId: string;
  /** Wallet balance in cents when read. */
  balance: number;
}

export interface DemoAccounts {
  /** Active demo users whose last request (or sign-up, without one) is before `idleBefore`, oldest first. */
  idle(idleBefore: Date, limit: number): Promise<IdleDemoAccount[]>;
  /**
   * In one write: the wallet's balance moved out by `tx` (null for an empty wallet), the user
   * deactivated and their sessions ended; refused ("stale", nothing written) when the user was
   * seen since `idleBefore` or the balance is no longer `expectedBalance`.
   */
  expire(c: { userId: string; idleBefore: Date; expectedBalance: number; tx: LedgerTransaction | null }): Promise<"expired" | "stale">;
  /**
   * The demo user a browser's device key maps to, if that mapping has not expired and the user is
   * still an active demo account of `role`; null otherwise. The key is a hash of the browser's
   * device token and the role, never the token itself.
   */
  resume(deviceKey: string, role: Role, now: Date): Promise<User | null>;
  /** Map the device key to the demo user until `expiresAt` (replacing what it mapped to). */
  remember(deviceKey: string, userId: string, now: Date, expiresAt: Date): Promise<void>;
}
