/**
 * Payments for operators: deposits and withdrawals from the payments table (method, state and the
 * provider's reference recorded with each), deposit bonuses and operator adjustments from the
 * ledger. A ledger-only deposit or withdrawal (the seed's) names its method in its reference
 * ("card:..."); otherwise it is "unrecorded". Bonuses and adjustments are "bonus". Only completed
 * payments count in the money figures; pending ones (awaiting the provider or an operator) are
 * counted apart.
 */
import type { LedgerPaymentRecord } from "../ports/index.ts";
import { isOpen } from "../wallet/payment-state.ts";

export function methodOf(p: Pick<LedgerPaymentRecord, "kind" | "reference"> & { payment?: LedgerPaymentRecord["payment"] }): string {
  if (p.payment) return p.payment.method;
  if (p.kind === "deposit_bonus" || p.kind === "adjustment") return "bonus";
  const ref = (p.reference ?? "").toLowerCase();
  const m = /^(card|paypal|crypto|bank)\b/.exec(ref);
  return m ? m[1] : "unrecorded";
}

export interface PaymentsSummaryView {
  deposits24h: number;
  depositCount24h: number;
  withdrawals24h: number;
  withdrawalCount24h: number;
  bonuses24h: number;
  netFlow: number;
  pending: number;
  byMethod: { method: string; deposits: number; withdrawals: number; count: number }[];
  totals: { deposits: number; withdrawals: number; bonuses: number; walletBalances: number };
}

/** Amounts are sizes (positive); `records` are wallet-side signed amounts. */
export function paymentsSummary(records: readonly LedgerPaymentRecord[], walletBalances: number, now: Date): PaymentsSummaryView {
  const since = now.getTime() - 86_400_000;
  const open = records.filter((r) => r.payment && isOpen(r.payment.state)).length;
  // Money moved only for completed payments (a failed or rejected one moved nothing, or came back).
  records = records.filter((r) => !r.payment || r.payment.state === "completed");
  const recent = records.filter((r) => r.createdAt.getTime() >= since);
  const size = (r: LedgerPaymentRecord) => Math.abs(r.amount);
  const sum = (xs: readonly LedgerPaymentRecord[]) => xs.reduce((s, r) => s + size(r), 0);
  const isBonus = (r: LedgerPaymentRecord) => r.kind === "deposit_bonus" || (r.kind === "adjustment" && r.amount > 0);
  const deposits24 = recent.filter((r) => r.kind === "deposit");
  const withdrawals24 = recent.filter((r) => r.kind === "withdrawal");
  const methods = new Map<string, { method: string; deposits: number; withdrawals: number; count: number }>();
  for (const r of records) {
    if (r.kind !== "deposit" && r.kind !== "withdrawal") continue;
    const m = methodOf(r);
    const row = methods.get(m) ?? { method: m, deposits: 0, withdrawals: 0, count: 0 };
    if (r.kind === "deposit") row.deposits += size(r);
    else row.withdrawals += size(r);
    row.count += 1;
    methods.set(m, row);
  }
  return {
    deposits24h: sum(deposits24),
    depositCount24h: deposits24.length,
    withdrawals24h: sum(withdrawals24),
    withdrawalCount24h: withdrawals24.length,
    bonuses24h: sum(recent.filter(isBonus)),
    netFlow: sum(deposits24) - sum(withdrawals24),
    pending: open,
    byMethod: [...methods.values()].sort((a, b) => a.method.localeCompare(b.method)),
    totals: {
      deposits: sum(records.filter((r) => r.kind === "deposit")),
      withdrawals: sum(records.filter((r) => r.kind === "withdrawal")),
      bonuses: sum(records.filter(isBonus)),
      walletBalances,
    },
  };
}
