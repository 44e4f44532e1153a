/**
 * withdraw: a fully verified customer takes money out (excluded customers may: it is their money).
 * ONE write books the payment record and wallet -> payments; the wallet's CHECK refuses an
 * overdraft, so two withdrawals racing for the same balance cannot both pass. Then the provider
 * pays out; if it declines, a second write books the money back (payments -> wallet).
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import type { Cents } from "../shared/money.ts";
import { checkAmount, paymentMethod, type PaymentMethodId } from "./payment-methods.ts";
import { ledgerTransaction, PAYMENTS_ACCOUNT, transfer, walletAccountId } from "./ledger.ts";
import { portOf } from "../ports/wallet.ts";
import { checkMayWithdraw } from "../responsible/wagering-gate.ts";

export interface WithdrawalInput {
  method: PaymentMethodId;
  amount: Cents;
}
export interface WithdrawalReceipt {
  transactionId: string;
  amount: Cents;
  balance: Cents;
}

export async function withdraw(ctx: Ctx, input: WithdrawalInput): Promise<Result<WithdrawalReceipt>> {
  const who = requireRole(ctx.actor, ["customer"], "withdraw");
  if (!who.ok) return who;
  const user = who.value;
  const gate = checkMayWithdraw(user);
  if (!gate.ok) return gate;
  const method = paymentMethod(input.method);
  const checked = checkAmount(method, input.amount);
  if (!checked.ok) return checked;

  const at = ctx.clock.now();
  const paymentId = ctx.ids.next("pay");
  const wallet = walletAccountId(user.id);
  const tx = ledgerTransaction(
    { id: ctx.ids.next("tx"), kind: "withdrawal", reference: paymentId, createdAt: at, createdBy: user.id },
    transfer(wallet, PAYMENTS_ACCOUNT, input.amount),
  );
  if (!tx.ok) return tx;
  const payments = portOf(ctx, "payments");
  const written = await payments.withdraw({
    payment: {
      id: paymentId, userId: user.id, direction: "withdrawal", method: method.id, amount: input.amount, fee: 0, bonus: 0,
      providerReference: null, transactionId: tx.value.id, createdAt: at,
    },
    transaction: tx.value,
    walletAccountId: wallet,
  });
  switch (written.kind) {
    case "insufficient_funds":
      return err(domainError("WALLET.INSUFFICIENT_FUNDS", "Your balance is too low for this withdrawal"));
    case "no_wallet":
      return err(domainError("WALLET.NO_WALLET", "This account has no wallet"));
    case "refused":
      return err(domainError("AUTH.ACCOUNT_SUSPENDED", "This account is suspended"));
    case "withdrawn":
      break;
  }
  const paid = await portOf(ctx, "paymentProvider").payout({ reference: paymentId, userId: user.id, method: method.id, amount: input.amount });
  if (paid.approved) return ok({ transactionId: tx.value.id, amount: input.amount, balance: written.balance });

  const backAt = ctx.clock.now();
  const reversalId = ctx.ids.next("pay");
  const back = ledgerTransaction(
    { id: ctx.ids.next("tx"), kind: "withdrawal", reference: reversalId, createdAt: backAt, createdBy: null },
    transfer(PAYMENTS_ACCOUNT, wallet, input.amount),
  );
  if (!back.ok) return back;
  await payments.reverseWithdrawal({
    payment: {
      id: reversalId, userId: user.id, direction: "withdrawal_reversal", method: method.id, amount: input.amount, fee: 0, bonus: 0,
      providerReference: paid.providerReference, transactionId: back.value.id, createdAt: backAt,
    },
    transaction: back.value,
    walletAccountId: wallet,
  });
  return err(domainError("WALLET.PAYMENT_DECLINED", `${method.name} declined the payout: ${paid.reason}. The money is back in your balance.`));
}
