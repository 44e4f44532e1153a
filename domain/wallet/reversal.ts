/**
 * Reversed payments (docs/money.md "Reversed payments"): the postings that undo a completed payment
 * the provider reversed afterwards. Pure.
 *   withdrawal returned by the bank:  payments -> wallet (amount)
 *   deposit charged back:             the deposit undone exactly: payments +amount, house -fee, and
 *     the customer gives back the net credit (amount - fee) plus any bonus of that deposit already
 *     released to cash, from the wallet down to 0 and the rest as debt (debt:<userId>, as a market
 *     resettlement does); the deposit's bonus still in the bonus account (its active grants, up to
 *     the bonus balance) goes back to promotions.
 * Postings sum to zero; one posting per account.
 */
import type { Cents } from "../shared/money.ts";
import type { ReversalContext } from "../ports/payments.ts";
import { HOUSE_ACCOUNT, PAYMENTS_ACCOUNT, PROMOTIONS_ACCOUNT, walletAccountId, type Posting } from "./ledger.ts";
import { bonusAccountId } from "./bonus.ts";
import { debtAccountId } from "./debt.ts";

export interface ReversalPlan {
  postings: Posting[];
  /** Taken from (negative) or given to (positive) the wallet. */
  wallet: Cents;
  /** Owed by the customer after the reversal (the shortfall of the wallet). */
  owed: Cents;
  /** Bonus removed from the bonus account. */
  bonusRemoved: Cents;
  /** Bonus already released to cash, taken back with the deposit. */
  releasedTakenBack: Cents;
  closeGrantIds: string[];
}

function merge(postings: Posting[]): Posting[] {
  const by = new Map<string, Cents>();
  for (const p of postings) by.set(p.accountId, (by.get(p.accountId) ?? 0) + p.amount);
  return [...by].filter(([, a]) => a !== 0).map(([accountId, amount]) => ({ accountId, amount }));
}

export function reversalPlan(
  p: { userId: string; direction: "deposit" | "withdrawal"; amount: Cents; fee: Cents },
  ctx: ReversalContext,
): ReversalPlan {
  const wallet = walletAccountId(p.userId);
  if (p.direction === "withdrawal")
    return {
      postings: [{ accountId: PAYMENTS_ACCOUNT, amount: -p.amount }, { accountId: wallet, amount: p.amount }],
      wallet: p.amount, owed: 0, bonusRemoved: 0, releasedTakenBack: 0, closeGrantIds: [],
    };
  const active = ctx.grants.filter((g) => g.status === "active");
  const released = ctx.grants.filter((g) => g.status === "released").reduce((s, g) => s + g.amount, 0);
  const bonusRemoved = Math.max(0, Math.min(active.reduce((s, g) => s + g.amount, 0), ctx.bonus));
  const take = p.amount - p.fee + released;
  const fromWallet = Math.max(0, Math.min(ctx.wallet, take));
  const owed = take - fromWallet;
  const postings = merge([
    { accountId: PAYMENTS_ACCOUNT, amount: p.amount },
    { accountId: HOUSE_ACCOUNT, amount: -p.fee },
    { accountId: wallet, amount: -fromWallet },
    { accountId: debtAccountId(p.userId), amount: -owed },
    { accountId: PROMOTIONS_ACCOUNT, amount: released + bonusRemoved },
    { accountId: bonusAccountId(p.userId), amount: -bonusRemoved },
  ]);
  return { postings, wallet: -fromWallet, owed, bonusRemoved, releasedTakenBack: released, closeGrantIds: active.map((g) => g.id) };
}
