/**
 * withdraw: a fully verified customer takes money out. It is their money: a customer who is
 * suspended, on a time-out or self-excluded may still withdraw, unless an operator has put the
 * account under investigation (WALLET.UNDER_INVESTIGATION).
 *
 * Durable: ONE write records the payment and its hold (wallet -> payments_held; the
 * wallet's CHECK refuses an overdraft, so two withdrawals racing for one balance cannot both pass)
 * BEFORE the provider is asked. Above the approval threshold the payment waits for an operator
 * (awaiting_approval); otherwise it is `pending` and the payout is sent with our payment id as the
 * provider's idempotency key. The answer is booked by applyProviderAnswer: completed (held ->
 * payments) or failed (held -> wallet, once). A crash in between leaves a pending payment that the
 * reconciliation job finishes.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { formatMoney as money, type Cents } from "../shared/money.ts";
import { checkAmount, paymentMethod, type PaymentMethodId } from "./payment-methods.ts";
import { ledgerTransaction, PAYMENTS_HELD_ACCOUNT, transfer, walletAccountId } from "./ledger.ts";
import { type PaymentRecord } from "../ports/payments.ts";
import { mayWithdraw } from "../kyc/levels.ts";
import { needsApproval, type PaymentState } from "./payment-state.ts";
import { payOut } from "./settle-payment.ts";
import type { User } from "../shared/types.ts";
import { bonusUpkeepFor } from "./bonus-account.ts";

export interface WithdrawalInput {
  method: PaymentMethodId;
  amount: Cents;
}
export interface WithdrawalReceipt {
  paymentId: string;
  state: PaymentState;
  /** The hold: wallet -> payments_held. */
  transactionId: string;
  providerReference: string | null;
  method: PaymentMethodId;
  amount: Cents;
  balance: Cents;
}

/**
 * The customer asking, suspended or not: withdrawing is the one thing a suspended customer may
 * still do. Anyone else is refused as requireRole would.
 */
export function customerEvenIfSuspended(ctx: Ctx): Result<User> {
  if (ctx.actor.kind !== "user") return err(domainError("AUTH.REQUIRED", "Please log in"));
  if (ctx.actor.user.role !== "customer") return err(domainError("AUTH.FORBIDDEN", "Only customer accounts can withdraw"));
  return ok(ctx.actor.user);
}

export async function withdraw(ctx: Ctx, input: WithdrawalInput): Promise<Result<WithdrawalReceipt>> {
  const who = customerEvenIfSuspended(ctx);
  if (!who.ok) return who;
  const user = who.value;
  if (!mayWithdraw(user.verificationLevel))
    return err(domainError("KYC.LEVEL_REQUIRED", "Verify your identity with a document before you withdraw", {
      required: "full", current: user.verificationLevel,
    }));
  const method = paymentMethod(input.method);
  const checked = checkAmount(method, input.amount);
  if (!checked.ok) return checked;
  const payments = ctx.ports.payments;
  if (await payments.investigation(user.id)) return underInvestigation();

  // A bonus whose wagering is met is released to cash first; only cash is withdrawable.
  await bonusUpkeepFor(ctx, ctx.ports.bonuses, user.id);

  const at = ctx.clock.now();
  const paymentId = ctx.ids.next("pay");
  const wallet = walletAccountId(user.id);
  const hold = ledgerTransaction(
    { id: ctx.ids.next("tx"), kind: "withdrawal", reference: paymentId, createdAt: at, createdBy: user.id },
    transfer(wallet, PAYMENTS_HELD_ACCOUNT, input.amount),
  );
  if (!hold.ok) return hold;
  const threshold = await payments.approvalThreshold();
  const payment: PaymentRecord = {
    id: paymentId, userId: user.id, direction: "withdrawal", method: method.id, amount: input.amount, fee: 0, bonus: 0,
    state: needsApproval(input.amount, threshold) ? "awaiting_approval" : "pending",
    providerReference: null, failureReason: null, transactionId: hold.value.id, settleTransactionId: null,
    reviewedBy: null, reviewedAt: null, reviewReason: null, createdAt: at, updatedAt: at,
  };
  const opened = await payments.openWithdrawal({ payment, hold: hold.value, walletAccountId: wallet });
  switch (opened.kind) {
    case "insufficient_funds":
      return insufficient(ctx, user.id, input.amount);
    case "no_wallet":
      return err(domainError("WALLET.NO_WALLET", "This account has no wallet"));
    case "under_investigation":
      return underInvestigation();
    case "opened":
      break;
  }
  if (payment.state === "pending") await payOut(ctx, payment);
  const now = (await payments.find(paymentId)) ?? payment;
  if (now.state === "failed")
    return err(domainError("WALLET.PAYMENT_DECLINED", `${method.name} declined the payout: ${now.failureReason}. The money is back in your balance.`, {
      paymentId, state: now.state,
    }));
  const balance = (await ctx.ports.wallets.balanceOf(user.id)) ?? opened.balance;
  return ok({
    paymentId, state: now.state, transactionId: hold.value.id, providerReference: now.providerReference, method: method.id, amount: input.amount, balance,
  });
}

/** Short of cash: when the bonus would cover it, say that bonus funds are not withdrawable yet. */
async function insufficient(ctx: Ctx, userId: string, amount: number): Promise<Result<never>> {
  const b = await ctx.ports.bonuses.balances(userId);
  if (b && b.bonus > 0 && amount <= b.cash + b.bonus)
    return err(domainError("WALLET.BONUS_NOT_WITHDRAWABLE",
      `Only cash can be withdrawn: ${money(b.cash)} available. Your ${money(b.bonus)} bonus becomes cash when its wagering is complete.`,
      { cash: b.cash, bonus: b.bonus }));
  return err(domainError("WALLET.INSUFFICIENT_FUNDS", "Your balance is too low for this withdrawal", b ? { cash: b.cash } : undefined));
}

const underInvestigation = () =>
  err(domainError("WALLET.UNDER_INVESTIGATION", "Withdrawals from this account are on hold while we review it. Please contact support."));
