/**
 * Debt (docs/money.md, "Corrections and debt"). When a correction takes back money
 * the customer has already spent, the correction still stands: the wallet gives what it holds (down
 * to 0) and the rest is posted to the customer's receivable account `debt:<userId>`, whose balance
 * is minus what they owe (never above zero: migration 0029). Postings still sum to zero.
 * A later credit to the wallet (a deposit, a payout) pays the debt first, in the same write
 * (adapters/libsql/debt-statements.ts).
 */
import type { Cents } from "../shared/money.ts";
import { HOUSE_ACCOUNT, walletAccountId, type Posting } from "./ledger.ts";
import { bonusAccountId, bonusShareOf } from "./bonus.ts";

export const debtAccountId = (userId: string) => `debt:${userId}`;

/**
 * The postings of a correction of a bet's return from `paid` to `due` (cents): the money follows
 * the bet's bonus share (bonus.ts bonusShareOf, floor(return x bonusStake / stake)), both ways.
 * - More is due: the house pays the difference; the rise in the bonus share goes to the bonus
 *   account, the rest to the wallet (as the payout itself would have been split).
 * - Less is due: the house takes the difference back from where it went. The fall in the bonus
 *   share comes from the bonus account, down to its balance; the cash share, and any of the bonus
 *   share the bonus account no longer holds (staked, released to cash or expired since), comes from
 *   the wallet, down to 0; the rest is booked as debt (`debt:<userId>`). Never the bonus share from
 *   cash while the bonus account holds it: cash would be over-charged and the bonus keep the overpayment.
 * `balances` are read before the write; the write asserts them (adapters/libsql/corrections.ts).
 */
export function correctionPostings(
  bet: { userId: string; stake: Cents; bonusStake?: Cents },
  paid: Cents,
  due: Cents,
  balances: { wallet: Cents; bonus: Cents },
): Posting[] {
  const amount = due - paid;
  if (amount === 0) return [];
  const userId = bet.userId;
  const bonusMove = bonusShareOf(due, bet) - bonusShareOf(paid, bet);
  if (amount > 0) {
    const postings: Posting[] = [{ accountId: HOUSE_ACCOUNT, amount: -amount }];
    if (amount - bonusMove > 0) postings.push({ accountId: walletAccountId(userId), amount: amount - bonusMove });
    if (bonusMove > 0) postings.push({ accountId: bonusAccountId(userId), amount: bonusMove });
    return postings;
  }
  const back = -amount;
  const fromBonus = Math.max(0, Math.min(-bonusMove, balances.bonus));
  const fromWallet = Math.max(0, Math.min(balances.wallet, back - fromBonus));
  const owed = back - fromBonus - fromWallet;
  const postings: Posting[] = [{ accountId: HOUSE_ACCOUNT, amount: back }];
  if (fromWallet > 0) postings.push({ accountId: walletAccountId(userId), amount: -fromWallet });
  if (fromBonus > 0) postings.push({ accountId: bonusAccountId(userId), amount: -fromBonus });
  if (owed > 0) postings.push({ accountId: debtAccountId(userId), amount: -owed });
  return postings;
}
