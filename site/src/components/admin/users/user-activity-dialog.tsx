/**
 * View Activity Log: one user's audit records (done to them or by them), bets, wallet
 * transactions and sign-ins from GET /api/admin/users/{userId}/activity.
 */
import { Badge, Button, Dialog, Flex, Table, Tabs, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { formatMoney } from "../../../lib/format.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { BetStatusBadge } from "../badges.tsx";
import { centsCell, exportCsv } from "../csv.ts";
import { EmptyState, ErrorNote, ExportButton, RowsSkeleton } from "../ui.tsx";
import { ActionBadge, BeforeAfter, jsonPreview } from "./audit-view.tsx";
import { displayUserName } from "./user-filter.ts";
import { LocalTime } from "../../local-time.tsx";

export function UserActivityDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const activity = useQuery({ ...adminQueries.userActivity(userId ?? "-"), enabled: userId !== null });
  const a = activity.data;
  return (
    <Dialog.Root open={userId !== null} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Content maxWidth="900px" data-testid="activity-dialog">
        <Dialog.Title>Activity Log{a ? `: ${displayUserName(a.user)}` : ""}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {a ? `${a.user.email} · ${a.audit.length} audit records · ${a.bets.length} bets · ${a.transactions.length} transactions` : "Loading…"}
        </Dialog.Description>
        <ErrorNote what="the activity log" error={activity.error} />
        {activity.isPending ? (
          <RowsSkeleton rows={4} />
        ) : a ? (
          <Tabs.Root defaultValue="audit">
            <Tabs.List aria-label="Activity">
              <Tabs.Trigger value="audit">Audit ({a.audit.length})</Tabs.Trigger>
              <Tabs.Trigger value="bets">Bets ({a.bets.length})</Tabs.Trigger>
              <Tabs.Trigger value="transactions">Transactions ({a.transactions.length})</Tabs.Trigger>
              <Tabs.Trigger value="sessions">Sign-ins ({a.sessions.length})</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="audit" className="adm-tab adm-dialog-scroll">
              {a.audit.length === 0 ? (
                <EmptyState title="No audit records for this user" />
              ) : (
                <Table.Root size="1" variant="surface" data-testid="activity-audit">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Action</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>By</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Change</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {a.audit.map((r) => (
                      <Table.Row key={r.id}>
                        <Table.Cell className="adm-nowrap"><LocalTime value={r.at} /></Table.Cell>
                        <Table.Cell>
                          <ActionBadge action={r.action} />
                          <Text as="div" size="1" color="gray">
                            {r.relation === "actor" ? "done by this user" : "done to this user"} · {r.entityType} {r.entityId}
                          </Text>
                        </Table.Cell>
                        <Table.Cell>
                          <Text size="1">
                            {r.actorId ?? "system"} ({r.actorRole})
                          </Text>
                        </Table.Cell>
                        <Table.Cell className="adm-audit-change">
                          <BeforeAfter before={r.before} after={r.after} />
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              )}
            </Tabs.Content>
            <Tabs.Content value="bets" className="adm-tab adm-dialog-scroll">
              {a.bets.length === 0 ? (
                <EmptyState title="No bets" />
              ) : (
                <Table.Root size="1" variant="surface">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>Placed</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Selection</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Stake</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Return</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {a.bets.map((b) => (
                      <Table.Row key={b.id}>
                        <Table.Cell className="adm-nowrap"><LocalTime value={b.placedAt} /></Table.Cell>
                        <Table.Cell>
                          {b.legs.length > 1
                            ? `Multiple (${b.legs.length} legs) @ ${b.totalOdds}`
                            : `${b.legs[0]?.selectionName ?? ""} @ ${b.totalOdds} · ${b.legs[0]?.eventName ?? ""}`}
                        </Table.Cell>
                        <Table.Cell className="adm-num">{formatMoney(b.stake)}</Table.Cell>
                        <Table.Cell className="adm-num">{formatMoney(b.actualReturn ?? b.potentialReturn)}</Table.Cell>
                        <Table.Cell>
                          <BetStatusBadge status={b.status} />
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              )}
            </Tabs.Content>
            <Tabs.Content value="transactions" className="adm-tab adm-dialog-scroll">
              {a.transactions.length === 0 ? (
                <EmptyState title="No wallet transactions" />
              ) : (
                <Table.Root size="1" variant="surface">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Kind</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Amount</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Reference</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {a.transactions.map((t) => (
                      <Table.Row key={t.id}>
                        <Table.Cell className="adm-nowrap"><LocalTime value={t.createdAt} /></Table.Cell>
                        <Table.Cell>
                          <Badge variant="soft" color="gray">
                            {t.kind}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell className="adm-num">
                          <Text color={t.amount < 0 ? "red" : "green"}>{formatMoney(t.amount)}</Text>
                        </Table.Cell>
                        <Table.Cell className="adm-mono">{t.reference ?? "—"}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              )}
            </Tabs.Content>
            <Tabs.Content value="sessions" className="adm-tab adm-dialog-scroll">
              {a.sessions.length === 0 ? (
                <EmptyState title="No sign-ins recorded" />
              ) : (
                <Table.Root size="1" variant="surface">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>Started</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Expires</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Address</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {a.sessions.map((s, i) => (
                      <Table.Row key={`${s.startedAt}-${i}`}>
                        <Table.Cell><LocalTime value={s.startedAt} /></Table.Cell>
                        <Table.Cell><LocalTime value={s.expiresAt} /></Table.Cell>
                        <Table.Cell className="adm-mono">{s.ip ?? "unknown"}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              )}
            </Tabs.Content>
          </Tabs.Root>
        ) : null}
        <Flex gap="3" justify="end" mt="4">
          {a && (
            <ExportButton
              label="Export Activity"
              onExport={() =>
                exportCsv<{ at: string; kind: string; detail: string; amount: string }>(
                  `activity-${a.user.id}`,
                  [
                    ["at", (r) => r.at],
                    ["kind", (r) => r.kind],
                    ["detail", (r) => r.detail],
                    ["amount", (r) => r.amount],
                  ],
                  [
                    ...a.audit.map((r) => ({ at: r.at, kind: `audit:${r.action}`, detail: `${r.entityType} ${r.entityId} ${jsonPreview(r.after)}`, amount: "" })),
                    ...a.bets.map((b) => ({ at: b.placedAt, kind: `bet:${b.status}`, detail: `${b.id} @ ${b.totalOdds}`, amount: centsCell(b.stake) })),
                    ...a.transactions.map((t) => ({ at: t.createdAt, kind: `ledger:${t.kind}`, detail: t.reference ?? t.id, amount: centsCell(t.amount) })),
                  ].sort((x, y) => y.at.localeCompare(x.at)),
                )
              }
            />
          )}
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
