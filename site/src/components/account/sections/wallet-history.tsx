/** The transaction history from the ledger (filtered, with the server's CSV export), and the list of payments with their true state. */
import { Button, Skeleton, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { TransactionFilterKind } from "../../../../../api/schemas/wallet.ts";
import { localDayToIso } from "../../../lib/dates.ts";
import { errorMessage } from "../../../lib/form-errors.ts";
import { formatDateTime, formatMoney, formatSignedMoney } from "../../../lib/format.ts";
import { accountQueries, transactionsSearch } from "../../../lib/queries-account.ts";
import type { TransactionsFilter } from "../../../lib/queries-account.ts";
import { Field, SelectField } from "../../form/field.tsx";
import { Panel } from "../section.tsx";

const KINDS: { value: TransactionFilterKind; label: string }[] = [
  { value: "all", label: "All transactions" },
  { value: "deposit", label: "Deposits" },
  { value: "withdrawal", label: "Withdrawals" },
  { value: "bet", label: "Bets" },
  { value: "payout", label: "Payouts and cash outs" },
  { value: "bonus", label: "Bonuses" },
];

export function TransactionsPanel() {
  const [kind, setKind] = useState<TransactionFilterKind>("all");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const filter: TransactionsFilter = { kind, from: localDayToIso(from), to: localDayToIso(to, true), limit: 100 };
  const list = useQuery(accountQueries.transactions(filter));
  const csv = `/api/wallet/transactions.csv${transactionsSearch({ ...filter, limit: 1000 })}`;
  return (
    <Panel testId="transactions-panel">
      <div className="acct-filters">
        <SelectField id="tx-kind" label="Show" options={KINDS} value={kind} onChange={(e) => setKind(e.target.value as TransactionFilterKind)} />
        <Field id="tx-from" label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <Field id="tx-to" label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        <Button asChild size="3" variant="soft">
          <a href={csv} download data-testid="export-csv">
            Export CSV
          </a>
        </Button>
      </div>
      {list.isPending ? (
        <Skeleton height="160px" />
      ) : list.isError ? (
        <Text color="red" size="2">{errorMessage(list.error)}</Text>
      ) : list.data.items.length === 0 ? (
        <Text as="p" size="2" color="gray" data-testid="transactions-empty">
          No transactions match these filters.
        </Text>
      ) : (
        <div className="acct-table-wrap">
          <table className="acct-table" data-testid="transactions-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Description</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">Amount</th>
                <th scope="col" className="num">Balance</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((t) => (
                <tr key={t.id} data-testid="transaction-row" data-kind={t.kind}>
                  <td>{formatDateTime(t.createdAt)}</td>
                  <td>
                    {t.description}
                    {t.reference && (
                      <Text as="div" size="1" color="gray">
                        {t.reference}
                      </Text>
                    )}
                  </td>
                  <td>{t.status}</td>
                  <td className={`num ${t.amount >= 0 ? "acct-pos" : "acct-neg"}`}>{formatSignedMoney(t.amount)}</td>
                  <td className="num">{formatMoney(t.balanceAfter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

/** Deposits and withdrawals with their true state ("Pending", "Completed", "Failed, returned to your balance"), method and reference. */
export function PaymentsList() {
  const list = useQuery(accountQueries.myPayments());
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Panel testId="payments-list">
      <Text as="div" size="3" weight="bold" mb="2">
        Your deposits and withdrawals
      </Text>
      <table className="wallet-table">
        <thead>
          <tr>
            <th>When</th>
            <th>Type</th>
            <th>Method</th>
            <th>Amount</th>
            <th>Status</th>
            <th>Reference</th>
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr key={p.id} data-testid="payment-row" data-payment-id={p.id}>
              <td>{formatDateTime(p.createdAt)}</td>
              <td>{p.direction === "deposit" ? "Deposit" : "Withdrawal"}</td>
              <td>{p.method}</td>
              <td>{formatMoney(p.amount)}</td>
              <td data-testid="payment-state" title={p.failureReason ?? undefined}>{p.stateLabel}</td>
              <td>{p.providerReference ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}
