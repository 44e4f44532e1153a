/** Cash out: quotes and the cash-out write. */
import type { AuditEntry } from "../shared/types.ts";
import type { Cents } from "../shared/money.ts";
import type { LedgerTransaction } from "../wallet/ledger.ts";

export interface CashOutQuote {
  id: string;
  betId: string;
  userId: string;
  amount: Cents;
  createdAt: Date;
  expiresAt: Date;
  /** The current price of every leg when quoted; accepting requires them unchanged. */
  legPrices: { outcomeId: string; priceMilli: number }[];
}

export interface CashOutPlan {
  quote: CashOutQuote;
  at: Date;
  /** house -> wallet for the amount; null when the amount is 0. */
  transaction: LedgerTransaction | null;
  walletAccountId: string;
  audit: AuditEntry;
}

export type CashOutOutcome =
  | { kind: "cashed_out"; balance: Cents }
  | { kind: "not_pending" }
  /** Quote expired, bet not the customer's, a market not open or a price moved: nothing written. */
  | { kind: "refused" };

export interface CashOuts {
  saveQuote(q: CashOutQuote): Promise<void>;
  findQuote(id: string): Promise<CashOutQuote | null>;
  /** Bet status and return, ledger transaction and audit record in one write, guarded by the quote. */
  accept(plan: CashOutPlan): Promise<CashOutOutcome>;
}
