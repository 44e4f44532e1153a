/**
 * Double-entry ledger. Every movement of money is one transaction whose postings sum to zero
 * across accounts. Balances are sums of postings; rows are never changed, only added.
 */
import { err, ok, domainError, type Result } from "../shared/result.ts";
import { isCents, type Cents } from "../shared/money.ts";

export type AccountKind = "wallet" | "house" | "promotions";
export type TransactionKind = "demo_grant" | "bet_stake" | "bet_payout" | "bet_refund";

/** Fixed system accounts. Customer wallets are `wallet:<userId>`. */
export const HOUSE_ACCOUNT = "house";
export const PROMOTIONS_ACCOUNT = "promotions";
export const walletAccountId = (userId: string) => `wallet:${userId}`;

export interface Posting {
  accountId: string;
  amount: Cents;
}

export interface LedgerTransaction {
  id: string;
  kind: TransactionKind;
  reference: string | null;
  createdAt: Date;
  createdBy: string | null;
  postings: Posting[];
}

/** Build a transaction, refusing anything that is not a balanced set of whole-cent postings. */
export function ledgerTransaction(input: Omit<LedgerTransaction, "postings">, postings: Posting[]): Result<LedgerTransaction> {
  if (postings.length < 2) return err(domainError("LEDGER.UNBALANCED", "A transaction needs at least two postings"));
  let sum = 0;
  for (const p of postings) {
    if (!isCents(p.amount) || p.amount === 0)
      return err(domainError("LEDGER.UNBALANCED", "Postings must be non-zero whole cents"));
    sum += p.amount;
  }
  if (sum !== 0) return err(domainError("LEDGER.UNBALANCED", `Postings sum to ${sum}, not 0`));
  return ok({ ...input, postings });
}

/** Move `amount` cents from one account to another: two postings that sum to zero. */
export function transfer(fromAccountId: string, toAccountId: string, amount: Cents): Posting[] {
  return [
    { accountId: fromAccountId, amount: -amount },
    { accountId: toAccountId, amount },
  ];
}

/** The balance of an account is the sum of its postings. */
export function balanceOf(accountId: string, postings: readonly Posting[]): Cents {
  return postings.reduce((sum, p) => (p.accountId === accountId ? sum + p.amount : sum), 0);
}
