/** The wallet: payment methods, deposits, withdrawals, and the ledger-backed history (JSON and CSV). */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import {
  CustomerPaymentsResponse, DepositBody, DepositResponse, PaymentMethodsResponse, TransactionsQuery, TransactionsResponse, WithdrawalBody, WithdrawalResponse,
} from "../schemas/wallet.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { allowSuspendedCustomer, requireRole } from "../middleware/session.ts";
import { myPayments } from "../../domain/wallet/my-payments.ts";
import { presentCustomerPayment } from "../presenters.ts";
import { PAYMENT_METHODS } from "../../domain/wallet/payment-methods.ts";
import { deposit } from "../../domain/wallet/deposit.ts";
import { withdraw } from "../../domain/wallet/withdraw.ts";
import { historyCsv, walletHistory } from "../../domain/wallet/history.ts";

export const walletRoutes = new OpenAPIHono<AppEnv>();

const IdempotencyHeader = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\x21-\x7e]{1,128}$/, "1 to 128 visible ASCII characters")
    .optional()
    .openapi({ param: { name: "idempotency-key", in: "header" }, description: "A repeat returns the first response and charges nothing" }),
});

walletRoutes.openapi(
  createRoute({
    method: "get",
    path: "/wallet/methods",
    tags: ["Wallet"],
    summary: "The payment methods with their processing time, fee and limits (cents)",
    responses: { 200: json(PaymentMethodsResponse, "Methods") },
  }),
  (c) =>
    c.json({
      methods: PAYMENT_METHODS.map((m) => ({
        id: m.id, name: m.name, processingTime: m.processingTime, feeText: m.feeText, minAmount: m.minAmount, maxAmount: m.maxAmount,
      })),
    }, 200),
);

walletRoutes.openapi(
  createRoute({
    method: "post",
    path: "/wallet/deposits",
    tags: ["Wallet"],
    summary: "Deposit through the payment provider (customer)",
    description:
      "Records the payment as pending (re-checking the gates inside that write), charges the method with the payment id as " +
      "idempotency key, then books what the provider said: completed (amount in, the method's fee to the house, any bonus of 10% " +
      "from 100.00 capped at 50.00 as a separate deposit_bonus transaction) or failed. A payment left pending by a crash is " +
      "finished by the reconciliation job. Refused with 403 KYC.LEVEL_REQUIRED (verification " +
      "none), 403 RG.SELF_EXCLUDED, 403 AUTH.ACCOUNT_SUSPENDED, 409 RG.LIMIT_PROMPT_REQUIRED (set a deposit limit or decline first), " +
      "422 WALLET.AMOUNT_BELOW_MIN / WALLET.AMOUNT_ABOVE_MAX, 422 RG.DEPOSIT_LIMIT (details {period, limit, used}), 422 " +
      "WALLET.PAYMENT_DECLINED. Honours Idempotency-Key.",
    middleware: [requireRole("customer")] as const,
    request: {
      headers: IdempotencyHeader,
      body: { required: true, content: { "application/json": { schema: DepositBody } } },
    },
    responses: { 201: json(DepositResponse, "Deposited"), ...errorResponses(400, 401, 403, 409, 422, 503) },
  }),
  async (c) => {
    const key = c.req.valid("header")["idempotency-key"] ?? null;
    const out = unwrap(await deposit(ctxOf(c), c.req.valid("json"), key));
    if (out.replayed) c.header("Idempotent-Replayed", "true");
    return c.json(out.response, 201);
  },
);

walletRoutes.openapi(
  createRoute({
    method: "post",
    path: "/wallet/withdrawals",
    tags: ["Wallet"],
    summary: "Withdraw to a payment method (customer, fully verified)",
    description:
      "Records the payment with its hold (wallet -> payments_held; the database refuses an overdraft), then pays out through " +
      "the provider (idempotent by payment id): completed, or failed with the hold returned once. Above the approval threshold " +
      "(risk_settings.withdrawal_approval_threshold) it answers 201 with state awaiting_approval and waits for an operator. " +
      "Refused with 403 KYC.LEVEL_REQUIRED (needs full verification), 403 WALLET.UNDER_INVESTIGATION, 422 " +
      "WALLET.INSUFFICIENT_FUNDS, WALLET.AMOUNT_BELOW_MIN / ABOVE_MAX, WALLET.PAYMENT_DECLINED. Allowed while suspended, on a " +
      "time-out or self-excluded: the money is the customer's.",
    middleware: [allowSuspendedCustomer(), requireRole("customer")] as const,
    request: { body: { required: true, content: { "application/json": { schema: WithdrawalBody } } } },
    responses: { 201: json(WithdrawalResponse, "Withdrawn"), ...errorResponses(400, 401, 403, 409, 422, 503) },
  }),
  async (c) => c.json(unwrap(await withdraw(ctxOf(c), c.req.valid("json"))), 201),
);

walletRoutes.openapi(
  createRoute({
    method: "get",
    path: "/wallet/payments",
    tags: ["Wallet"],
    summary: "The customer's deposits and withdrawals with their state, method and provider reference, newest first",
    middleware: [allowSuspendedCustomer(), requireRole("customer")] as const,
    request: { query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50).openapi({ param: { name: "limit", in: "query" } }) }) },
    responses: { 200: json(CustomerPaymentsResponse, "Payments"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json({ items: unwrap(await myPayments(ctxOf(c), c.req.valid("query").limit)).map(presentCustomerPayment) }, 200),
);

const historyQuery = (q: TransactionsQuery) => ({
  kind: q.kind,
  from: q.from ? new Date(q.from) : null,
  to: q.to ? new Date(q.to) : null,
  limit: q.limit,
});

walletRoutes.openapi(
  createRoute({
    method: "get",
    path: "/wallet/transactions",
    tags: ["Wallet"],
    summary: "The wallet's transactions from the ledger, newest first, with the balance after each",
    middleware: [requireRole("customer")] as const,
    request: { query: TransactionsQuery },
    responses: { 200: json(TransactionsResponse, "Transactions"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json({ items: unwrap(await walletHistory(ctxOf(c), historyQuery(c.req.valid("query")))) }, 200),
);

walletRoutes.openapi(
  createRoute({
    method: "get",
    path: "/wallet/transactions.csv",
    tags: ["Wallet"],
    summary: "The same transactions as a CSV download",
    middleware: [requireRole("customer")] as const,
    request: { query: TransactionsQuery },
    responses: {
      200: { description: "CSV (RFC 4180)", content: { "text/csv": { schema: z.string() } } },
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const lines = unwrap(await walletHistory(ctxOf(c), historyQuery(c.req.valid("query"))));
    const day = c.get("deps").clock.now().toISOString().slice(0, 10);
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="transactions-${day}.csv"`);
    return c.body(historyCsv(lines), 200);
  },
);
