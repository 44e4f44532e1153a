/** Demo accounts that have gone idle, and closing one. */
import type { LedgerTransaction } from "../wallet/ledger.ts";

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
}
