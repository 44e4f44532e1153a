/**
 * The wallet's transaction history, read from the ledger (the wallet's postings joined to their
 * transactions): the filter groups ledger kinds the way a customer thinks of them, and each line
 * gets a plain description. Also the CSV export, with proper escaping.
 */
import type { PaymentState } from "./payment-state.ts";
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { ok, type Result } from "../shared/result.ts";
import { centsToDecimalString, formatMoney } from "../shared/money.ts";
import type { TransactionKind } from "./ledger.ts";
import { paymentMethod } from "./payment-methods.ts";
import { type WalletHistoryItem } from "../ports/payments.ts";

export type HistoryFilterKind = "all" | "deposit" | "withdrawal" | "bet" | "payout" | "bonus";

export const KINDS_FOR_FILTER: Record<HistoryFilterKind, readonly TransactionKind[] | null> = {
  all: null,
  deposit: ["deposit", "deposit_reversed"],
  withdrawal: ["withdrawal", "withdrawal_returned", "withdrawal_reversed"],
  bet: ["bet_stake", "contest_entry"],
  payout: ["bet_payout", "bet_refund", "bet_resettlement", "debt_recovery", "cash_out", "contest_payout", "contest_entry_refund"],
  bonus: ["deposit_bonus", "demo_grant", "adjustment", "bonus_release", "bonus_expired", "demo_expired"],
};

export interface HistoryLine {
  id: string;
  kind: TransactionKind;
  amount: number;
  balanceAfter: number;
  createdAt: string;
  reference: string | null;
  description: string;
  status: PaymentState;
}

const betWhat = (i: WalletHistoryItem) =>
  i.bet ? (i.bet.legs > 1 ? `${i.bet.legs}-leg bet` : `${i.bet.selectionName} (${i.bet.eventName})`) : "bet";

export function describe(i: WalletHistoryItem): string {
  const method = i.payment ? paymentMethod(i.payment.method).name : null;
  switch (i.kind) {
    case "deposit":
      return i.payment && i.payment.fee > 0
        ? `Deposit by ${method} (fee ${formatMoney(i.payment.fee)})`
        : `Deposit by ${method ?? "payment provider"}`;
    case "deposit_bonus": return "Deposit bonus (10%)";
    case "withdrawal": return i.amount > 0 ? `Withdrawal returned by ${method ?? "payment provider"}` : `Withdrawal to ${method ?? "payment provider"}`;
    case "demo_grant": return "Demo account credit";
    case "adjustment": return i.amount >= 0 ? "Account credit" : "Account debit";
    case "bet_stake": return `Stake: ${betWhat(i)}`;
    case "bet_payout": return `Winnings: ${betWhat(i)}`;
    case "bet_refund": return `Refund (void): ${betWhat(i)}`;
    case "bet_resettlement": return `Resettlement: ${betWhat(i)}`;
    case "debt_recovery": return "Paid towards what you owe";
    case "cash_out": return `Cash out: ${betWhat(i)}`;
    case "contest_entry": return "Fantasy contest entry";
    case "contest_entry_refund": return "Fantasy contest entry refund";
    case "contest_payout": return "Fantasy contest winnings";
    case "contest_rake": return "Fantasy contest rake";
    case "bonus_release": return "Bonus released to cash (wagering complete)";
    case "bonus_expired": return "Bonus expired";
    case "withdrawal_returned": return `Withdrawal returned by ${method ?? "payment provider"}`;
    case "withdrawal_reversed": return `Withdrawal returned by your bank (${method ?? "payment provider"})`;
    case "deposit_reversed": return `Deposit charged back (${method ?? "payment provider"})`;
    case "demo_expired": return "Demo account expired (demo credit closed)";
  }
}

export const presentHistory = (items: readonly WalletHistoryItem[]): HistoryLine[] =>
  items.map((i) => ({
    id: i.transactionId,
    kind: i.kind,
    amount: i.amount,
    balanceAfter: i.balanceAfter,
    createdAt: i.createdAt.toISOString(),
    reference: i.reference,
    description: describe(i),
    // A withdrawal's debit is its hold: it carries the payment's state (pending until paid out).
    status: i.kind === "withdrawal" && i.amount < 0 && i.payment ? i.payment.state : "completed",
  }));

export async function walletHistory(
  ctx: Ctx,
  q: { kind: HistoryFilterKind; from: Date | null; to: Date | null; limit: number },
): Promise<Result<HistoryLine[]>> {
  const who = requireRole(ctx.actor, ["customer"], "see a wallet history");
  if (!who.ok) return who;
  const items = await ctx.ports.payments.history(who.value.id, { kinds: KINDS_FOR_FILTER[q.kind], from: q.from, to: q.to, limit: q.limit });
  return ok(presentHistory(items));
}

/**
 * One CSV field: quoted when it holds a comma, quote, CR or LF (quotes doubled), and a text cell
 * that a spreadsheet would run as a formula (= + - @ tab CR) is prefixed with an apostrophe.
 */
export function csvField(value: string | number | null, opts: { text?: boolean } = {}): string {
  if (value === null) return "";
  let s = String(value);
  if (opts.text && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const CSV_HEADER = ["Date", "Type", "Description", "Amount", "Balance After", "Reference", "Status", "Transaction ID"];

/** The history as CSV (RFC 4180, CRLF line ends); money as plain decimals. */
export function historyCsv(lines: readonly HistoryLine[]): string {
  const rows = [CSV_HEADER.map((h) => csvField(h))];
  for (const l of lines)
    rows.push([
      csvField(l.createdAt),
      csvField(l.kind),
      csvField(l.description, { text: true }),
      csvField(centsToDecimalString(l.amount)),
      csvField(centsToDecimalString(l.balanceAfter)),
      csvField(l.reference, { text: true }),
      csvField(l.status),
      csvField(l.id, { text: true }),
    ]);
  return rows.map((r) => r.join(",")).join("\r\n") + "\r\n";
}
