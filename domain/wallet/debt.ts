/**
 * Debt (issue 18 item 4; docs/money.md, "Corrections and debt"). When a correction takes back money
 * the customer has already spent, the correction still stands: the wallet gives what it holds (down
 * to 0) and the rest is posted to the customer's receivable account `debt:<userId>`, whose balance
 * is minus what they owe (never above zero: migration 0029). Postings still sum to zero.
 * A later credit to the wallet (a deposit, a payout) pays the debt first, in the same write
 * (adapters/libsql/debt-statements.ts).
 */
import type { Cents } from "../shared/money.ts";
import { HOUSE_ACCOUNT, walletAccountId, type Posting } from "./ledger.ts";

export const debtAccountId = (userId: string) => `debt:${userId}`;

/**
 * Postings for a correction of `amount` cents (new return - old return): positive pays the
 * customer from the house; negative takes it back from the wallet, what the wallet lacks as debt.
 */
export function correctionPostings(userId: string, amount: Cents, walletBalance: Cents): Posting[] {
  if (amount === 0) return [];
  if (amount > 0) return [{ accountId: HOUSE_ACCOUNT, amount: -amount }, { accountId: walletAccountId(userId), amount }];
  const back = -amount;
  const fromWallet = Math.max(0, Math.min(walletBalance, back));
  const owed = back - fromWallet;
  const postings: Posting[] = [{ accountId: HOUSE_ACCOUNT, amount: back }];
  if (fromWallet > 0) postings.push({ accountId: walletAccountId(userId), amount: -fromWallet });
  if (owed > 0) postings.push({ accountId: debtAccountId(userId), amount: -owed });
  return postings;
}

/** How much of a credit of `credit` cents goes to a debt of `owed` cents (all of it, up to the debt). */
export function debtRecovery(credit: Cents, owed: Cents): Cents {
  return Math.max(0, Math.min(credit, owed));
}
