/**
 * Payments: balance cards and the transaction history (GET /api/admin/payments/summary
 * and /transactions; deposits and withdrawals with their true state, method and the provider's
 * reference, deposit bonuses and operator adjustments), with Export History. The Deposit tab
 * previews the customer's deposit form with the real fee rules (no server call, no money moves) and
 * says so; Withdrawal approvals is the queue of large withdrawals (approve / reject); Staff approvals
 * the four-eyes queue of large resettlements, bonuses and limit raises.
 */
import { Badge, Card, Flex, Grid, Heading, Select, Table, Tabs, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { PaymentTransaction } from "../../../../../api/schemas/back-office.ts";
import { formatMoney } from "../../../lib/format.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { useRole } from "../console-context.tsx";
import { centsCell, exportCsv } from "../csv.ts";
import { ApprovalQueue } from "./approval-queue.tsx";
import { ApprovalsQueue } from "../approvals/approvals-queue.tsx";
import { MarkReversedButton } from "./mark-reversed.tsx";
import { AdminOnlyPanel, count, EmptyState, ErrorNote, ExportButton, RowsSkeleton, SectionFrame, StatCard, StatGrid, TableScroll } from "../ui.tsx";
import { LocalTime } from "../../local-time.tsx";
import { DepositPreview } from "./deposit-preview-card.tsx";

const TYPE_COLOR = { deposit: "green", withdrawal: "orange", deposit_bonus: "purple", adjustment: "blue" } as const;

export default function PaymentsSection() {
  const { isAdmin } = useRole();
  if (!isAdmin) {
    return (
      <SectionFrame id="payments" title="Payments" description="Payment Integration">
        <AdminOnlyPanel title="Payments" what="Payment history" />
      </SectionFrame>
    );
  }
  return <Payments />;
}

function Payments() {
  const summary = useQuery(adminQueries.paymentsSummary());
  const [type, setType] = useState<"all" | "deposit" | "withdrawal" | "deposit_bonus" | "adjustment">("all");
  const tx = useQuery(adminQueries.paymentTransactions(type));
  const s = summary.data;
  const rows = tx.data ?? [];

  return (
    <SectionFrame id="payments" title="Payments" description="Payment Integration">
      <ErrorNote what="payment figures" error={summary.error} />
      <StatGrid testId="payment-cards">
        <StatCard label="Deposits (24h)" value={s ? formatMoney(s.deposits24h) : undefined} sub={s ? `${s.depositCount24h} deposits` : undefined} tone="green" testId="pay-deposits" />
        <StatCard label="Withdrawals (24h)" value={s ? formatMoney(s.withdrawals24h) : undefined} sub={s ? `${s.withdrawalCount24h} withdrawals` : undefined} tone="orange" testId="pay-withdrawals" />
        <StatCard label="Net Flow (24h)" value={s ? formatMoney(s.netFlow) : undefined} tone={s && s.netFlow < 0 ? "red" : "green"} sub={s ? `Bonuses ${formatMoney(s.bonuses24h)}` : undefined} />
        <StatCard label="Customer Balances" value={s ? formatMoney(s.totals.walletBalances) : undefined} sub={s ? `${s.pending} pending payments` : undefined} />
      </StatGrid>
      <Tabs.Root defaultValue="history" mt="4">
        <Tabs.List aria-label="Payment views">
          <Tabs.Trigger value="deposit">Deposit</Tabs.Trigger>
          <Tabs.Trigger value="withdraw">Withdrawal approvals</Tabs.Trigger>
          <Tabs.Trigger value="staff" data-testid="tab-staff-approvals">Staff approvals</Tabs.Trigger>
          <Tabs.Trigger value="history">Transaction History</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="deposit" className="adm-tab">
          <DepositPreview />
        </Tabs.Content>
        <Tabs.Content value="withdraw" className="adm-tab">
          <ApprovalQueue />
        </Tabs.Content>
        <Tabs.Content value="staff" className="adm-tab">
          <ApprovalsQueue />
        </Tabs.Content>
        <Tabs.Content value="history" className="adm-tab">
          <Flex justify="between" align="center" gap="2" wrap="wrap" mb="3">
            <Select.Root value={type} onValueChange={(v) => setType(v as typeof type)}>
              <Select.Trigger aria-label="Transaction type" />
              <Select.Content>
                <Select.Item value="all">All types</Select.Item>
                <Select.Item value="deposit">Deposits</Select.Item>
                <Select.Item value="withdrawal">Withdrawals</Select.Item>
                <Select.Item value="deposit_bonus">Deposit bonuses</Select.Item>
                <Select.Item value="adjustment">Adjustments</Select.Item>
              </Select.Content>
            </Select.Root>
            <ExportButton
              label="Export History"
              testId="export-history"
              onExport={() =>
                exportCsv<PaymentTransaction>(
                  `payments-${type}`,
                  [
                    ["id", (t) => t.id],
                    ["timestamp", (t) => t.timestamp],
                    ["type", (t) => t.type],
                    ["amount", (t) => centsCell(t.amount)],
                    ["method", (t) => t.method],
                    ["status", (t) => t.status],
                    ["reference", (t) => t.reference],
                    ["customer_email", (t) => t.user.email],
                    ["customer_id", (t) => t.user.id],
                    ["created_by", (t) => t.createdBy],
                  ],
                  rows,
                )
              }
            />
          </Flex>
          <ErrorNote what="transactions" error={tx.error} />
          {tx.isPending ? (
            <RowsSkeleton rows={5} />
          ) : rows.length === 0 ? (
            <EmptyState title="No transactions" />
          ) : (
            <TableScroll label="Payments table">
              <Table.Root size="1" variant="surface" data-testid="payments-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Customer</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Type</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Method</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Amount</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Reference</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((t) => (
                    <Table.Row key={t.id}>
                      <Table.Cell className="adm-nowrap"><LocalTime value={t.timestamp} /></Table.Cell>
                      <Table.Cell>{t.user.email}</Table.Cell>
                      <Table.Cell>
                        <Badge color={TYPE_COLOR[t.type]} variant="soft">
                          {t.type.replace("_", " ")}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell>{t.method}</Table.Cell>
                      <Table.Cell className="adm-num">
                        <Text color={t.amount < 0 ? "red" : "green"}>{formatMoney(t.amount)}</Text>
                      </Table.Cell>
                      <Table.Cell data-testid="payment-status" title={t.failureReason ?? undefined}>
                        {t.statusLabel}
                        {t.status === "completed" && t.paymentId && (t.type === "deposit" || t.type === "withdrawal") && (
                          <> <MarkReversedButton paymentId={t.paymentId} type={t.type} amount={t.amount} email={t.user.email} /></>
                        )}
                      </Table.Cell>
                      <Table.Cell className="adm-mono">{t.reference ?? "—"}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </TableScroll>
          )}
          {s && s.byMethod.length > 0 && (
            <Card size="2" mt="4">
              <Heading as="h2" size="3" mb="2">
                By method (all time)
              </Heading>
              <Grid columns={{ initial: "1", sm: "2", md: "4" }} gap="3">
                {s.byMethod.map((m) => (
                  <div key={m.method}>
                    <Text as="div" size="2" weight="medium">
                      {m.method}
                    </Text>
                    <Text as="div" size="1" color="gray">
                      {count.format(m.count)} · in {formatMoney(m.deposits)} · out {formatMoney(m.withdrawals)}
                    </Text>
                  </div>
                ))}
              </Grid>
            </Card>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </SectionFrame>
  );
}
