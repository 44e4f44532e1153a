/** Rule 4: runners withdrawn from a race. */
import type { AuditEntry } from "../shared/types.ts";

/** Rule 4: a runner withdrawn from a race, its price and the Tattersalls deduction (pence per pound) at the time. */
export interface RunnerWithdrawal {
  outcomeId: string;
  priceMilli: number;
  deduction: number;
  withdrawnAt: Date;
}

/** Withdrawing a runner: one audited write, guarded inside it (market unsettled, runner not already withdrawn). */
export interface RunnerWithdrawals {
  withdraw(
    w: RunnerWithdrawal & { marketId: string; by: string },
    audit: AuditEntry,
  ): Promise<"withdrawn" | "already_withdrawn" | "settled" | "not_found">;
}
