/** queryOptions factories of the customer's account page: details, rewards, wallet and payments. */
import { queryOptions } from "@tanstack/react-query";
import type { AccountResponse, RewardsResponse } from "../../../api/schemas/account.ts";
import type { CustomerPaymentsResponse, PaymentMethodsResponse, TransactionFilterKind, TransactionsResponse } from "../../../api/schemas/wallet.ts";
import { apiGet, queryString } from "./api.ts";
import { keys } from "./query-keys.ts";

export type TransactionsFilter = { kind: TransactionFilterKind; from?: string; to?: string; limit?: number };

/** The query string of a transactions filter (shared by the list and the CSV export link). */
export function transactionsSearch(f: TransactionsFilter): string {
  return queryString({ kind: f.kind, limit: f.limit ?? 50, from: f.from, to: f.to });
}

export const accountQueries = {
  account: () => queryOptions({ queryKey: [...keys.account], queryFn: () => apiGet<AccountResponse>("/api/account") }),
  rewards: () =>
    queryOptions({ queryKey: [...keys.rewards], queryFn: () => apiGet<RewardsResponse>("/api/account/rewards") }),
  paymentMethods: () =>
    queryOptions({ queryKey: [...keys.paymentMethods], queryFn: () => apiGet<PaymentMethodsResponse>("/api/wallet/methods") }),
  transactions: (f: TransactionsFilter) =>
    queryOptions({
      queryKey: [...keys.transactions, f.kind, f.from ?? "", f.to ?? "", f.limit ?? 50],
      queryFn: () => apiGet<TransactionsResponse>(`/api/wallet/transactions${transactionsSearch(f)}`),
    }),
  /** The customer's deposits and withdrawals; polled while one is still pending. */
  myPayments: () =>
    queryOptions({
      queryKey: [...keys.myPayments],
      queryFn: () => apiGet<CustomerPaymentsResponse>("/api/wallet/payments?limit=20"),
      refetchInterval: (q) => (q.state.data?.items.some((p) => p.state === "pending" || p.state === "awaiting_approval") ? 5_000 : false),
    }),
};
