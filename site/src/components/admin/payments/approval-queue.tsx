/**
 * Withdrawals above the approval threshold wait here (GET /api/admin/payments/approvals): approve
 * (the payout is sent at once) or reject with a reason (the money goes back to the customer's
 * balance). Both are audited by the server.
 */
import { Badge, Button, Card, Flex, Heading, Table, Text, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminPayment } from "../../../../../api/schemas/payments-admin.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/format.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { EmptyState, ErrorNote, RowsSkeleton, TableScroll } from "../ui.tsx";
import { adminKeys, adminQueries } from "../../../lib/queries-admin.ts";
import { LocalTime } from "../../local-time.tsx";

export function ApprovalQueue() {
  const queue = useQuery(adminQueries.paymentApprovals());
  const items = queue.data?.items ?? [];
  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="1">
        Withdrawals awaiting approval
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        Withdrawals above {queue.data ? formatMoney(queue.data.threshold) : "the threshold"} wait here with the money held. Approving sends the
        payout; rejecting returns the money to the customer's balance.
      </Text>
      <ErrorNote what="the approval queue" error={queue.error} />
      {queue.isPending ? (
        <RowsSkeleton rows={2} />
      ) : items.length === 0 ? (
        <EmptyState title="No withdrawals waiting" testId="approvals-empty" />
      ) : (
        <TableScroll label="Withdrawals awaiting approval">
          <Table.Root size="1" variant="surface" data-testid="approvals-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Requested</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Customer</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Method</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Amount</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Decision</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((p) => (
                <ApprovalRow key={p.id} p={p} />
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
    </Card>
  );
}

function ApprovalRow({ p }: { p: AdminPayment }) {
  const [reason, setReason] = useState("");
  const refresh = [adminKeys.paymentApprovals, adminKeys.paymentTransactions, adminKeys.paymentsSummary];
  const approve = useAdminMutation({
    request: () => apiSend<AdminPayment>("POST", `/api/admin/payments/${encodeURIComponent(p.id)}/approve`, {}),
    success: (r) => ({ title: `Withdrawal ${r.stateLabel.toLowerCase()}`, description: `${formatMoney(r.amount)} to ${r.user.email}${r.providerReference ? ` (${r.providerReference})` : ""}` }),
    failure: (e) => ({ title: "Could not approve", description: e.message }),
    invalidate: refresh,
  });
  const reject = useAdminMutation({
    request: () => apiSend<AdminPayment>("POST", `/api/admin/payments/${encodeURIComponent(p.id)}/reject`, { reason }),
    success: (r) => ({ title: "Withdrawal rejected", description: `${formatMoney(r.amount)} returned to ${r.user.email}` }),
    failure: (e) => ({ title: "Could not reject", description: e.message }),
    invalidate: refresh,
  });
  const busy = approve.isPending || reject.isPending;
  const who = `${p.user.firstName} ${p.user.lastName}`.trim() || p.user.email;
  return (
    <Table.Row data-testid="approval-row" data-payment-id={p.id}>
      <Table.Cell className="adm-nowrap"><LocalTime value={p.createdAt} /></Table.Cell>
      <Table.Cell>
        <Text as="div" size="2">
          {p.user.email}
        </Text>
        <Flex gap="1">
          {!p.user.isActive && <Badge color="red">suspended</Badge>}
          {p.underInvestigation && <Badge color="amber">under investigation</Badge>}
        </Flex>
      </Table.Cell>
      <Table.Cell>{p.method}</Table.Cell>
      <Table.Cell className="adm-num">{formatMoney(p.amount)}</Table.Cell>
      <Table.Cell>
        <Flex gap="2" align="center" wrap="wrap">
          <Button size="1" disabled={busy} onClick={() => approve.mutate()} aria-label={`Approve ${formatMoney(p.amount)} for ${who}`}>
            {approve.isPending ? "Paying out..." : "Approve"}
          </Button>
          <TextField.Root size="1" placeholder="Reason to reject" aria-label={`Reason to reject the withdrawal of ${who}`} value={reason} onChange={(e) => setReason(e.target.value)} />
          <Button size="1" color="red" variant="soft" disabled={busy || reason.trim() === ""} onClick={() => reject.mutate()}>
            Reject
          </Button>
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}
