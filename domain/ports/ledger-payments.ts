/** Operators' wallet postings and the ledger's payments (split from the back office port). */
import type { Reach } from "../shared/reach.ts";
import type { AuditEntry } from "../shared/types.ts";
import type { LedgerTransaction } from "../wallet/ledger.ts";
import type { PaymentState } from "../wallet/payment-state.ts";

export interface LedgerPaymentRecord {
  id: string;
  kind: "deposit" | "withdrawal" | "deposit_bonus" | "adjustment";
  /** Signed, from the wallet's point of view. */
  amount: number;
  reference: string | null;
  createdAt: Date;
  createdBy: string | null;
  user: { id: string; email: string; firstName: string; lastName: string };
  /**
   * For deposits and withdrawals booked through the payments table (the outbox, migration 0022):
   * the payment's id, method, state, the provider's reference and why it failed. Null for bonuses,
   * adjustments and ledger-only movements (the seed's), which are completed by being in the ledger.
   */
  payment: { id: string; method: string; state: PaymentState; providerReference: string | null; failureReason: string | null } | null;
}

export interface LedgerPayments {
  /**
   * Record a ledger transaction that moves a customer's wallet (an operator's bonus, a deposit, a
   * withdrawal) with its audit record when given, in one write; the wallet's balance after it. The
   * database refuses an overdraft (the write then fails as a whole).
   */
  postWalletTransaction(tx: LedgerTransaction, walletAccountId: string, audit: AuditEntry | null): Promise<number>;
  /** The payments of the customers within `reach` (the demo sandbox; "real" for the book's figures). */
  payments(filter: { kinds: LedgerPaymentRecord["kind"][]; userId?: string; since?: Date; until?: Date; limit: number; reach: Reach }): Promise<LedgerPaymentRecord[]>;
  walletTotal(): Promise<number>;
}
