/** Wallet: payment methods, deposits, withdrawals and the ledger-backed transaction history. */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate } from "./common.ts";

export const PaymentMethodId = z.enum(["card", "paypal", "crypto", "bank"]);
export type PaymentMethodId = z.infer<typeof PaymentMethodId>;

export const PaymentMethod = z
  .object({
    id: PaymentMethodId,
    name: z.string().openapi({ example: "Credit/Debit Card" }),
    processingTime: z.string().openapi({ example: "Instant" }),
    feeText: z.string().openapi({ example: "2.9% + $0.30" }),
    minAmount: Cents.openapi({ description: "Smallest deposit or withdrawal in cents" }),
    maxAmount: Cents.openapi({ description: "Largest deposit or withdrawal in cents" }),
  })
  .openapi("PaymentMethod");
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentMethodsResponse = z.object({ methods: z.array(PaymentMethod) }).openapi("PaymentMethods");
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>;

export const DepositBody = z
  .object({
    method: PaymentMethodId,
    amount: Cents.positive().max(100_000_000).openapi({ description: "Amount charged to the payment method, in cents" }),
  })
  .strict()
  .openapi("DepositBody");
export type DepositBody = z.infer<typeof DepositBody>;

export const PaymentState = z.enum(["awaiting_approval", "pending", "completed", "failed", "reversed", "rejected"]).openapi({
  description: "awaiting_approval -> pending | rejected; pending -> completed | failed | reversed (forward only)",
});
export type PaymentState = z.infer<typeof PaymentState>;

export const DepositResponse = z
  .object({
    paymentId: z.string(),
    state: PaymentState,
    transactionId: z.string().nullable().openapi({ description: "The deposit's ledger transaction (null while pending)" }),
    providerReference: z.string().nullable(),
    method: PaymentMethodId,
    amount: Cents.openapi({ description: "Charged to the payment method" }),
    fee: Cents.openapi({ description: "The method's processing fee, kept from the amount" }),
    bonus: Cents.openapi({ description: "Deposit bonus credited as its own transaction (0 if none)" }),
    credited: Cents.openapi({ description: "amount - fee + bonus: what reached the wallet" }),
    balance: Cents,
  })
  .openapi("DepositResponse");
export type DepositResponse = z.infer<typeof DepositResponse>;

export const WithdrawalBody = z
  .object({
    method: PaymentMethodId,
    amount: Cents.positive().max(100_000_000),
  })
  .strict()
  .openapi("WithdrawalBody");
export type WithdrawalBody = z.infer<typeof WithdrawalBody>;

export const WithdrawalResponse = z
  .object({
    paymentId: z.string(),
    state: PaymentState.openapi({ description: "completed, or awaiting_approval above the approval threshold" }),
    transactionId: z.string().openapi({ description: "The hold: wallet -> payments_held" }),
    providerReference: z.string().nullable(),
    method: PaymentMethodId,
    amount: Cents,
    balance: Cents,
  })
  .openapi("WithdrawalResponse");
export type WithdrawalResponse = z.infer<typeof WithdrawalResponse>;

/** The history filter groups ledger kinds: bet = stakes; payout = payouts, refunds, resettlements, cash outs. */
export const TransactionFilterKind = z.enum(["all", "deposit", "withdrawal", "bet", "payout", "bonus"]);
export type TransactionFilterKind = z.infer<typeof TransactionFilterKind>;

export const TransactionsQuery = z.object({
  kind: TransactionFilterKind.default("all").openapi({ param: { name: "kind", in: "query" } }),
  from: z.string().datetime({ offset: true }).optional().openapi({ param: { name: "from", in: "query" }, description: "ISO date-time, inclusive" }),
  to: z.string().datetime({ offset: true }).optional().openapi({ param: { name: "to", in: "query" }, description: "ISO date-time, exclusive" }),
  limit: z.coerce.number().int().min(1).max(1000).default(50).openapi({ param: { name: "limit", in: "query" } }),
});
export type TransactionsQuery = z.infer<typeof TransactionsQuery>;

/** Every ledger transaction kind a wallet can take part in. */
export const LedgerKind = z.enum([
  "demo_grant", "bet_stake", "bet_payout", "bet_refund", "bet_resettlement", "debt_recovery", "cash_out", "deposit", "deposit_bonus",
  "withdrawal", "adjustment", "contest_entry", "contest_entry_refund", "contest_payout", "contest_rake",
  "bonus_release", "bonus_expired", "withdrawal_returned", "withdrawal_reversed", "deposit_reversed", "demo_expired",
]);
export type LedgerKind = z.infer<typeof LedgerKind>;

export const WalletTransaction = z
  .object({
    id: z.string(),
    kind: LedgerKind,
    amount: Cents.openapi({ description: "Signed, from the wallet's side: credits positive, debits negative" }),
    balanceAfter: Cents,
    createdAt: IsoDate,
    reference: z.string().nullable(),
    description: z.string().openapi({ example: "Deposit by Credit/Debit Card" }),
    status: PaymentState.openapi({ description: "completed, or for a withdrawal's debit the payment's state" }),
  })
  .openapi("WalletTransaction");
export type WalletTransaction = z.infer<typeof WalletTransaction>;
/** A deposit or withdrawal as the customer (and the operator) sees it: true state, method and reference. */
export const CustomerPayment = z
  .object({
    id: z.string(),
    direction: z.enum(["deposit", "withdrawal", "withdrawal_reversal"]),
    method: PaymentMethodId,
    amount: Cents,
    fee: Cents,
    bonus: Cents,
    state: PaymentState,
    stateLabel: z.string().openapi({ example: "Failed, returned to your balance" }),
    providerReference: z.string().nullable(),
    failureReason: z.string().nullable(),
    createdAt: IsoDate,
    updatedAt: IsoDate,
  })
  .openapi("CustomerPayment");
export type CustomerPayment = z.infer<typeof CustomerPayment>;
export const CustomerPaymentsResponse = z.object({ items: z.array(CustomerPayment) }).openapi("CustomerPayments");
export type CustomerPaymentsResponse = z.infer<typeof CustomerPaymentsResponse>;

export const TransactionsResponse = z.object({ items: z.array(WalletTransaction) }).openapi("WalletTransactions");
export type TransactionsResponse = z.infer<typeof TransactionsResponse>;
