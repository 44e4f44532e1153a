/**
 * The four payment methods of the product spec with their fees and limits, and the deposit bonus.
 * Everything is integer cents. A percentage fee is computed exactly and rounded DOWN to the cent
 * (the customer never pays a fraction of a cent more than the stated rate), then the fixed part is
 * added. Limits are enforced on the server for deposits and withdrawals alike.
 */
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { formatMoney as money, type Cents } from "../shared/money.ts";

export type PaymentMethodId = "card" | "paypal" | "crypto" | "bank";

export interface PaymentMethodInfo {
  id: PaymentMethodId;
  name: string;
  processingTime: string;
  feeText: string;
  /** Percentage part of the deposit fee in basis points (1/100 of a percent): 2.9% = 290. */
  feeBasisPoints: number;
  /** Fixed part of the deposit fee in cents. */
  feeFixedCents: Cents;
  minAmount: Cents;
  maxAmount: Cents;
}

export const PAYMENT_METHODS: readonly PaymentMethodInfo[] = [
  {
    id: "card", name: "Credit/Debit Card", processingTime: "Instant", feeText: "2.9% + $0.30",
    feeBasisPoints: 290, feeFixedCents: 30, minAmount: 1_000, maxAmount: 1_000_000,
  },
  {
    id: "paypal", name: "PayPal", processingTime: "Instant", feeText: "3.4% + $0.30",
    feeBasisPoints: 340, feeFixedCents: 30, minAmount: 500, maxAmount: 500_000,
  },
  {
    // "Network fees" are paid on the blockchain by the sender; we charge nothing on top.
    id: "crypto", name: "Bitcoin", processingTime: "10-60 minutes", feeText: "Network fees",
    feeBasisPoints: 0, feeFixedCents: 0, minAmount: 2_000, maxAmount: 5_000_000,
  },
  {
    id: "bank", name: "Bank Transfer", processingTime: "1-3 business days", feeText: "Free",
    feeBasisPoints: 0, feeFixedCents: 0, minAmount: 5_000, maxAmount: 2_500_000,
  },
];

export const paymentMethod = (id: PaymentMethodId): PaymentMethodInfo => {
  const m = PAYMENT_METHODS.find((x) => x.id === id);
  if (!m) throw new Error(`Unknown payment method ${id}`);
  return m;
};


/** The method's limits for an amount: the first problem, or ok. */
export function checkAmount(method: PaymentMethodInfo, amount: Cents): Result<Cents> {
  if (amount < method.minAmount)
    return err(domainError("WALLET.AMOUNT_BELOW_MIN", `The minimum for ${method.name} is ${money(method.minAmount)}`, {
      method: method.id, minAmount: method.minAmount,
    }));
  if (amount > method.maxAmount)
    return err(domainError("WALLET.AMOUNT_ABOVE_MAX", `The maximum for ${method.name} is ${money(method.maxAmount)}`, {
      method: method.id, maxAmount: method.maxAmount,
    }));
  return ok(amount);
}

/** Deposit fee in cents: floor(amount x basis points / 10000) + the fixed part. */
export function depositFee(method: PaymentMethodInfo, amount: Cents): Cents {
  if (method.feeBasisPoints === 0 && method.feeFixedCents === 0) return 0;
  return Math.floor((amount * method.feeBasisPoints) / 10_000) + method.feeFixedCents;
}

/** Deposits of 100.00 or more earn a 10% bonus (rounded down to the cent), capped at 50.00. */
export const BONUS_THRESHOLD_CENTS = 10_000;
export const BONUS_CAP_CENTS = 5_000;
export function depositBonus(amount: Cents): Cents {
  if (amount < BONUS_THRESHOLD_CENTS) return 0;
  return Math.min(Math.floor(amount / 10), BONUS_CAP_CENTS);
}

export interface DepositBreakdown {
  amount: Cents;
  fee: Cents;
  /** What the deposit transaction leaves in the wallet: amount - fee. */
  net: Cents;
  bonus: Cents;
  /** net + bonus. */
  credited: Cents;
}

/** The whole figure for a deposit, after checking the method's limits. */
export function depositBreakdown(method: PaymentMethodInfo, amount: Cents): Result<DepositBreakdown> {
  const checked = checkAmount(method, amount);
  if (!checked.ok) return checked;
  const fee = depositFee(method, amount);
  const bonus = depositBonus(amount);
  return ok({ amount, fee, net: amount - fee, bonus, credited: amount - fee + bonus });
}
