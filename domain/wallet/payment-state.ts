/**
 * The states of a payment and the only moves between them (the database enforces the same with
 * the trigger payments_state_forward, migration 0022):
 *   awaiting_approval -> pending | rejected      (withdrawals above the approval threshold)
 *   pending -> completed | failed | reversed
 *   completed -> reversed                        (deposits and withdrawals; migration 0037)
 * `failed`: the provider declined or never received it; a withdrawal's hold is back in the wallet.
 * `reversed`: the provider reversed the payment after completing it (a payout the bank returned:
 *   the money is back in the customer's balance; a deposit charged back: it left the balance).
 * `rejected`: an operator refused a withdrawal; its hold is back in the wallet.
 */
import type { Cents } from "../shared/money.ts";

export const PAYMENT_STATES = ["awaiting_approval", "pending", "completed", "failed", "reversed", "rejected"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export type PaymentDirection = "deposit" | "withdrawal" | "withdrawal_reversal";

/** A payment still waiting on the provider or an operator. */
export const isOpen = (s: PaymentState): boolean => s === "awaiting_approval" || s === "pending";

/** Only a completed deposit or withdrawal can be reversed by the provider afterwards. */
export const canReverse = (p: { direction: PaymentDirection; state: PaymentState }): boolean =>
  p.state === "completed" && (p.direction === "deposit" || p.direction === "withdrawal");

/** What the customer reads about a reversal, with the amount (formatted by the caller). */
export function reversalNote(direction: PaymentDirection, amount: string): string {
  return direction === "deposit"
    ? `charged back, the ${amount} it credited was taken back`
    : `returned by your bank, ${amount} back in your balance`;
}

/** A withdrawal strictly above the threshold waits for an operator. */
export const needsApproval = (amount: Cents, threshold: Cents): boolean => amount > threshold;

/** What the customer and the operator read for a payment's state. */
export function stateLabel(direction: PaymentDirection, state: PaymentState): string {
  const out = direction !== "deposit";
  switch (state) {
    case "awaiting_approval": return "Pending approval";
    case "pending": return "Pending";
    case "completed": return "Completed";
    case "failed": return out ? "Failed, returned to your balance" : "Failed, nothing was taken";
    case "reversed": return out ? "Reversed: returned by your bank, back in your balance" : "Reversed: charged back";
    case "rejected": return "Rejected, returned to your balance";
  }
}
