/**
 * Double-entry ledger. Every movement of money is one transaction whose postings sum to zero
 * across accounts. Balances are sums of postings; rows are never changed, only added.
 */
import { err, ok, domainError, type Result } from "../shared/result.ts";
import { isCents, type Cents } from "../shared/money.ts";

/** Every kind of movement. The database stores the kind as text; this list is the whole set. */
export const TRANSACTION_KINDS = [
  "demo_grant",
  "bet_stake",
  "bet_payout",
  "bet_refund",
  /** Reverses an earlier settlement's payout (or part of it) when a bet is resettled. */
  "bet_resettlement",
  /** A credit to the wallet paying what the customer owes (debt:<userId>), in the credit's write. */
  "debt_recovery",
  "cash_out",
  "deposit",
  "deposit_bonus",
  "withdrawal",
  /** An operator's credit or debit (e.g. a goodwill bonus), always audited. */
  "adjustment",
  "contest_entry",
  "contest_entry_refund",
  "contest_payout",
  "contest_rake",
  /** Bonus funds converted to cash: wagering met (bonus -> wallet; domain/wallet/bonus.ts). */
  "bonus_release",
  /** Unreleased bonus funds past their expiry (bonus -> house). */
  "bonus_expired",
  /** A withdrawal's money coming back: failed, rejected, or reversed by the provider after paying. */
  "withdrawal_returned",
  /** A completed withdrawal the customer's bank returned: payments -> wallet (docs/money.md "Reversed payments"). */
  "withdrawal_reversed",
  /** A completed deposit charged back: its credit, fee and bonus undone (wallet, debt, bonus; docs/money.md "Reversed payments"). */
  "deposit_reversed",
  /** An idle demo account closed by the upkeep job: its demo credit back to the house (domain/users/demo-expiry.ts). */
  "demo_expired",
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/**
 * Fixed system accounts. Customer wallets are `wallet:<userId>`; each fantasy contest's prize pool
 * is `fantasy_pool:<contestId>` (kind fantasy_pool, never below zero).
 */
export const HOUSE_ACCOUNT = "house";
export const PROMOTIONS_ACCOUNT = "promotions";
/** Money in transit with the payment provider: deposits come from it, withdrawals go to it. */
export const PAYMENTS_ACCOUNT = "payments";
/**
 * Withdrawals requested and not yet paid out or returned (kind payments, migration 0022): a
 * withdrawal moves wallet -> payments_held when requested, then payments_held -> payments when the
 * provider pays it, or payments_held -> wallet when it fails or is rejected.
 */
export const PAYMENTS_HELD_ACCOUNT = "payments_held";
/** The operator's rake from fantasy contests. */
export const FANTASY_RAKE_ACCOUNT = "fantasy_rake";
export const walletAccountId = (userId: string) => `wallet:${userId}`;
export const contestPoolAccountId = (contestId: string) => `fantasy_pool:${contestId}`;

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
