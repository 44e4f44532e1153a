/**
 * Staff approvals (four eyes, domain/approvals): changes above a threshold wait here for a second
 * admin (GET /api/admin/approvals). Approve applies the change once (the server re-checks it is still
 * valid); reject needs a reason. The admin who asked sees the request but cannot decide it. Beside
 * the withdrawal approvals in Payments.
 */
import { Badge, Button, Card, Flex, Heading, SegmentedControl, Table, Text, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ApprovalRequestView } from "../../../../../api/schemas/approvals.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/format.ts";
import { customerQueries } from "../../../lib/queries-customer.ts";
import { adminKeys, adminQueries } from "../../../lib/queries-admin.ts";
import { LocalTime } from "../../local-time.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { describeApiError } from "../form.tsx";
import { EmptyState, ErrorNote, RowsSkeleton, TableScroll } from "../ui.tsx";
import { amountText, decideProblem, KIND_LABELS } from "./approval-text.ts";

type View = "pending" | "all";

export function ApprovalsQueue() {
  const [view, setView] = useState<View>("pending");
  const list = useQuery(adminQueries.approvals(view));
  const me = useQuery(customerQueries.currentUser());
  const items = list.data?.items ?? [];
  const t = list.data?.thresholds;
  return (
    <Card size="2" data-testid="staff-approvals">
      <Flex justify="between" align="start" gap="3" wrap="wrap" mb="2">
        <Heading as="h2" size="3">
          Changes awaiting a second approver
        </Heading>
        <SegmentedControl.Root size="1" value={view} onValueChange={(v) => setView(v as View)} aria-label="Which requests">
          <SegmentedControl.Item value="pending">Waiting</SegmentedControl.Item>
          <SegmentedControl.Item value="all">All</SegmentedControl.Item>
        </SegmentedControl.Root>
      </Flex>
      <Text as="p" size="2" color="gray" mb="3" data-testid="approval-thresholds">
        {t
          ? `Resettlements and unsettlements moving more than ${formatMoney(t.money)}, bonuses above ${formatMoney(t.bonus)} and market limits raised above ${formatMoney(t.limit)} wait here. Nothing changes until an admin other than the requester approves.`
          : "Large resettlements, bonuses and limit raises wait here for an admin other than the requester."}
      </Text>
      <ErrorNote what="the approvals queue" error={list.error} />
      {list.isPending ? (
        <RowsSkeleton rows={2} />
      ) : items.length === 0 ? (
        <EmptyState title={view === "pending" ? "Nothing waiting for approval" : "No requests yet"} testId="staff-approvals-empty" />
      ) : (
        <TableScroll label="Changes awaiting approval">
          <Table.Root size="1" variant="surface" data-testid="staff-approvals-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Requested</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Change</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>By</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell className="adm-sticky-actions">Decision</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((a) => (
                <ApprovalRow key={a.id} a={a} me={me.data?.id ?? null} />
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
    </Card>
  );
}

const STATE_COLOR = { pending: "amber", approved: "green", rejected: "red", stale: "gray" } as const;

function ApprovalRow({ a, me }: { a: ApprovalRequestView; me: string | null }) {
  const [reason, setReason] = useState("");
  const refresh = [adminKeys.approvals, adminKeys.allBets, adminKeys.dashboardStats, adminKeys.marketReviews, adminKeys.crmCustomers, adminKeys.tradingOverview];
  const approve = useAdminMutation({
    request: () => apiSend<{ approval: ApprovalRequestView }>("POST", `/api/admin/approvals/${encodeURIComponent(a.id)}/approve`, {}),
    success: (r) => ({ title: "Approved and applied", description: r.approval.summary }),
    failure: (e) => ({ title: "Could not approve", description: describeApiError(e), variant: "destructive" }),
    invalidate: refresh,
  });
  const reject = useAdminMutation({
    request: () => apiSend<{ approval: ApprovalRequestView }>("POST", `/api/admin/approvals/${encodeURIComponent(a.id)}/reject`, { reason: reason.trim() }),
    success: (r) => ({ title: "Request rejected", description: `${r.approval.summary}: nothing was changed` }),
    failure: (e) => ({ title: "Could not reject", description: describeApiError(e), variant: "destructive" }),
    invalidate: refresh,
  });
  const busy = approve.isPending || reject.isPending;
  const problem = decideProblem(a, me);
  return (
    <Table.Row data-testid={`staff-approval-${a.id}`} data-subject={a.subjectId}>
      <Table.Cell className="adm-nowrap">
        <LocalTime value={a.requestedAt} />
      </Table.Cell>
      <Table.Cell>
        <Flex gap="2" align="center" wrap="wrap">
          <Badge color="blue" variant="soft">
            {KIND_LABELS[a.kind]}
          </Badge>
          <Text size="1" color="gray" className="adm-nowrap">
            {amountText(a)}
          </Text>
        </Flex>
        <Text as="div" size="2" mt="1">
          {a.summary}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Text as="div" size="2">
          {a.requestedByName ?? a.requestedBy}
        </Text>
        {a.decidedAt && (
          <Text as="div" size="1" color="gray">
            {a.state} by {a.decidedByName ?? a.decidedBy}
            {a.decisionNote ? `: ${a.decisionNote}` : ""}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell className="adm-sticky-actions">
        {problem ? (
          <Flex direction="column" gap="1">
            <Badge color={STATE_COLOR[a.state]} data-testid={`staff-approval-state-${a.id}`}>
              {a.state}
            </Badge>
            {a.state === "pending" && (
              <Text size="1" color="gray">
                {problem}
              </Text>
            )}
          </Flex>
        ) : (
          <Flex gap="2" align="center" wrap="wrap">
            <Button size="1" disabled={busy} onClick={() => approve.mutate()} data-testid={`staff-approve-${a.id}`} aria-label={`Approve: ${a.summary}`}>
              {approve.isPending ? "Applying..." : "Approve"}
            </Button>
            <TextField.Root
              size="1"
              placeholder="Reason to reject"
              aria-label={`Reason to reject: ${a.summary}`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              data-testid={`staff-reject-reason-${a.id}`}
            />
            <Button size="1" color="red" variant="soft" disabled={busy || reason.trim().length < 10} onClick={() => reject.mutate()} data-testid={`staff-reject-${a.id}`}>
              Reject
            </Button>
          </Flex>
        )}
      </Table.Cell>
    </Table.Row>
  );
}
