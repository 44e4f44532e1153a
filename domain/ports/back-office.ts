/**
 * The back office's reads and wallet postings, split by what they hold (customer-aggregates.ts,
 * settlement-queue.ts, ledger-payments.ts, reports.ts); the libSQL adapter implements them in one object.
 */
import type { CustomerAggregates } from "./customer-aggregates.ts";
import type { LedgerPayments } from "./ledger-payments.ts";
import type { Reports } from "./reports.ts";
import type { SettlementQueue } from "./settlement-queue.ts";

export type BackOffice = CustomerAggregates & SettlementQueue & LedgerPayments & Reports;
