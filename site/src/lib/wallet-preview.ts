/**
 * What the deposit form previews before the server decides: the method's fee, the deposit bonus and
 * the total received, from the domain's own rules (domain/wallet/payment-methods.ts), plus the
 * method's min/max problem if any. The product spec's limit usage colours for the limits screen.
 */
import { checkAmount, depositBonus, depositFee, paymentMethod, type PaymentMethodId } from "../../../domain/wallet/payment-methods.ts";

export function depositPreview(methodId: PaymentMethodId | null, amount: number | null) {
  if (!methodId || amount === null || amount <= 0) return null;
  const method = paymentMethod(methodId);
  const fee = depositFee(method, amount);
  const bonus = depositBonus(amount);
  const check = checkAmount(method, amount);
  return { fee, bonus, received: amount - fee + bonus, problem: check.ok ? null : check.error.message };
}

/** The method's min/max problem for an amount (withdrawals), or null. */
export function amountProblem(methodId: PaymentMethodId | null, amount: number | null): string | null {
  if (!methodId || amount === null || amount <= 0) return null;
  const check = checkAmount(paymentMethod(methodId), amount);
  return check.ok ? null : check.error.message;
}
