/** The bonus wallet's port (libSQL: adapters/libsql/bonuses.ts). docs/money.md "Bonus funds". */
import type { AuditEntry } from "../shared/types.ts";
import type { LedgerTransaction } from "../wallet/ledger.ts";
import type { ApprovalClaim } from "./approvals.ts";
import type { BonusGrant, BonusSettings } from "../wallet/bonus.ts";

export interface BonusSnapshot {
  cash: number;
  bonus: number;
  grants: BonusGrant[];
  /** Settled qualifying stakes (won or lost, at odds >= minOddsMilli) of bets placed since `countsFrom`. */
  wagered: number;
}

/** approval_decided: the four-eyes request it applied was decided by someone else (nothing written). */
export type BonusCreditOutcome = "credited" | "refused" | "no_account" | "approval_decided";

export interface Bonuses {
  settings(): Promise<BonusSettings>;
  /** Cash and bonus balances, one read (placement's split). Null: no wallet. */
  balances(userId: string): Promise<{ cash: number; bonus: number } | null>;
  /** Balances, active grants and the wagering counted for them (minimum odds: the grants' highest). */
  snapshot(userId: string): Promise<BonusSnapshot>;
  /** Has this account, or (verified) any account of the same person, a welcome offer not failed? */
  welcomeTaken(userId: string): Promise<boolean>;
  /**
   * An operator's bonus (promotions -> bonus) with its audit record, in one write that asserts the
   * customer is active, not on a time-out or self-excluded at `at`, and not listed on the register.
   */
  credit(tx: LedgerTransaction, userId: string, audit: AuditEntry, at: Date, approval?: ApprovalClaim | null): Promise<BonusCreditOutcome>;
  /**
   * Release or expire: the transaction (if any) and the grants closed, in one write that asserts the
   * grants are still active and the bonus balance is still `expectedBalance`. "stale" otherwise.
   */
  close(c: {
    userId: string; grantIds: string[]; status: "released" | "expired"; expectedBalance: number; tx: LedgerTransaction | null; at: Date;
  }): Promise<"closed" | "stale">;
  /** Customers whose bonus may need upkeep: active grants, or bonus money with no active grant. */
  needingUpkeep(limit: number): Promise<string[]>;
}
