/**
 * Payments (spec section 2): balance cards and the transaction history (GET /api/admin/payments/summary
 * and /transactions; deposits and withdrawals with their true state, method and the provider's
 * reference, deposit bonuses and operator adjustments), with Export History. The Deposit tab
 * previews the customer's deposit form with the real fee rules (no server call, no money moves) and
 * says so; Withdrawal approvals is the queue of large withdrawals (approve / reject).
 */
import { Badge, Button, Callout, Card, Flex, Grid, Heading, Select, Table, Tabs, Text, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { PaymentTransaction } from "../../../../../api/schemas/back-office.ts";
import { formatMoney } from "../../../lib/format.ts";
import { queries } from "../../../lib/queries.ts";
import { useToast } from "../../toast.tsx";
import { useRole } from "../console-context.tsx";
import { centsCell, exportCsv } from "../csv.ts";
import { depositPreview as walletDepositPreview } from "../../../lib/wallet-preview.ts";
import { PAYMENT_METHODS, type PaymentMethodId } from "../../../../../domain/wallet/payment-methods.ts";
import { ApprovalQueue } from "./approval-queue.tsx";
import { MarkReversedButton } from "./mark-reversed.tsx";
import { AdminOnlyPanel, count, EmptyState, ErrorNote, ExportButton, RowsSkeleton, SectionFrame, StatCard, StatGrid, TableScroll } from "../ui.tsx";
import { LocalTime } from "../../local-time.tsx";

const QUICK = [25, 50, 100, 250, 500, 1000];

/**
 * The deposit form's preview, in cents, from the domain's own fee and bonus rules
 * (domain/wallet/payment-methods.ts through site/src/lib/wallet-preview.ts): card 2.9% + 0.30,
 * PayPal 3.4% + 0.30, Bitcoin and bank free; 10% bonus from 100.00, capped at 50.00.
 */
export function depositPreview(method: PaymentMethodId, amountCents: number): { bonus: number; fee: number; total: number; problem: string | null } {
  const p = walletDepositPreview(method, amountCents);
  return p ? { bonus: p.bonus, fee: p.fee, total: p.received, problem: p.problem } : { bonus: 0, fee: 0, total: 0, problem: null };
}

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
  const summary = useQuery(queries.paymentsSummary());
  const [type, setType] = useState<"all" | "deposit" | "withdrawal" | "deposit_bonus" | "adjustment">("all");
  const tx = useQuery(queries.paymentTransactions(type));
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
          <Tabs.Trigger value="history">Transaction History</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="deposit" className="adm-tab">
          <DepositPreview />
        </Tabs.Content>
        <Tabs.Content value="withdraw" className="adm-tab">
          <ApprovalQueue />
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
              <Heading as="h3" size="3" mb="2">
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

function DepositPreview() {
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<string>("");
  const [processing, setProcessing] = useState(false);
  const toast = useToast();
  const value = Number(amount);
  const cents = Number.isFinite(value) ? Math.round(value * 100) : 0;
  const ok = amount !== "" && cents > 0 && method !== "";
  const p = depositPreview((method || "card") as PaymentMethodId, cents);

  useEffect(() => {
    if (!processing) return;
    const t = window.setTimeout(() => {
      setProcessing(false);
      setAmount("");
      setMethod("");
      toast({ title: "Simulation complete", description: "No money moved: the deposit form is a preview." });
    }, 3_000);
    return () => window.clearTimeout(t);
  }, [processing, toast]);

  return (
    <Flex direction="column" gap="3" style={{ maxWidth: 720 }}>
      <Callout.Root color="amber" size="1">
        <Callout.Text>
          Preview of the customer deposit form: a simulation with no server call. Real deposits are made by customers and appear
          in Transaction History.
        </Callout.Text>
      </Callout.Root>
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        {PAYMENT_METHODS.map((m) => (
          <button key={m.id} type="button" className={`adm-method ${method === m.id ? "is-selected" : ""}`} aria-pressed={method === m.id} onClick={() => setMethod(m.id)}>
            <Text as="div" size="2" weight="medium">
              {m.name}
            </Text>
            <Text as="div" size="1" color="gray">
              {m.processingTime} · {m.feeText} · min {formatMoney(m.minAmount)} · max {formatMoney(m.maxAmount)}
            </Text>
          </button>
        ))}
      </Grid>
      <Flex gap="2" wrap="wrap">
        {QUICK.map((q) => (
          <Button key={q} variant={amount === String(q) ? "solid" : "soft"} onClick={() => setAmount(String(q))}>
            ${q}
          </Button>
        ))}
      </Flex>
      <TextField.Root type="number" min="1" step="0.01" aria-label="Deposit amount" placeholder="Amount" value={amount} onChange={(e) => setAmount(e.target.value)}>
        <TextField.Slot>$</TextField.Slot>
      </TextField.Root>
      {ok && (
        <Card size="1">
          <Text as="div" size="2" data-testid="deposit-preview">
            Amount {formatMoney(cents)} · processing fee {formatMoney(p.fee)} · bonus {formatMoney(p.bonus)}
          </Text>
          <Text as="div" size="2" weight="bold">
            Total received {formatMoney(p.total)}
          </Text>
          {p.problem && (
            <Text as="div" size="2" color="red">
              {p.problem}
            </Text>
          )}
        </Card>
      )}
      <Button disabled={!ok || processing} onClick={() => setProcessing(true)}>
        {processing ? "Processing..." : "Deposit"}
      </Button>
    </Flex>
  );
}
