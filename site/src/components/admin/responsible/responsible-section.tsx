/**
 * Responsible Gambling (the admin console's "Player Protection"), on real data from
 * GET /api/admin/responsible: customers with active limits, pending limit increases, time-outs,
 * self-exclusions (with their stage), reality-check history and markers of harm, each listing its
 * customers (name, since, detail) with a way to the customer; and the interaction log
 * (GET/POST /api/admin/responsible/interactions) where an operator records a contact, audited,
 * newest first. Admins only (the server refuses anyone else too).
 */
import { Badge, Button, Card, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { nameOf, overviewRows, when, type Customer, type Row } from "./rows.ts";
import { useConsole, useRole } from "../console-context.tsx";
import { AdminOnlyPanel, EmptyState, ErrorNote, RowsSkeleton, SectionFrame, StatCard, StatGrid } from "../ui.tsx";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { InteractionLog } from "./interaction-log.tsx";

function CustomerList({
  title,
  hint,
  rows,
  testId,
  onContact,
}: {
  title: string;
  hint?: string;
  rows: Row[];
  testId: string;
  onContact: (c: Customer) => void;
}) {
  const console = useConsole();
  return (
    <Card size="2" data-testid={testId}>
      <Flex justify="between" align="center" mb="2" gap="2">
        <Heading as="h2" size="3">
          {title}
        </Heading>
        <Badge color={rows.length ? "amber" : "gray"} data-testid={`${testId}-count`}>
          {rows.length}
        </Badge>
      </Flex>
      {hint && (
        <Text as="p" size="1" color="gray" mb="2">
          {hint}
        </Text>
      )}
      {rows.length === 0 ? (
        <EmptyState title="No customers" />
      ) : (
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Customer</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Since</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Detail</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r, i) => (
              <Table.Row key={`${r.userId}-${i}`} data-testid={`${testId}-row`} data-user-id={r.userId}>
                <Table.Cell>
                  <Text as="div" size="2" weight="medium">
                    {nameOf(r)}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {r.email}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <Text size="2">{when(r.since)}</Text>
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="2" align="center" wrap="wrap">
                    {r.badge && <Badge color="red">{r.badge}</Badge>}
                    <Text size="2">{r.detail}</Text>
                  </Flex>
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="2">
                    <Button size="1" variant="ghost" aria-label={`Open ${nameOf(r)}`} onClick={() => console?.goTo("users", { auditUserId: r.userId })}>
                      Open
                    </Button>
                    <Button size="1" variant="soft" aria-label={`Record contact with ${nameOf(r)}`} onClick={() => onContact(r)}>
                      Record contact
                    </Button>
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Card>
  );
}

/** The customer field of the contact form: search customers by email or name, pick one. */
export default function ResponsibleSection() {
  const { isAdmin } = useRole();
  const [customer, setCustomer] = useState<Customer | null>(null);
  const overview = useQuery({
    ...adminQueries.rgOverview(),
    enabled: isAdmin,
  });
  if (!isAdmin)
    return (
      <SectionFrame id="responsible" title="Responsible Gambling" description="Player Protection">
        <AdminOnlyPanel title="Player protection" what="The responsible gambling screen" />
      </SectionFrame>
    );
  const rows = overview.data ? overviewRows(overview.data) : null;
  const contact = (c: Customer) => {
    setCustomer(c);
    document.getElementById("rg-contact-note")?.focus();
  };
  const harmCount = rows ? new Set(rows.harm.flatMap((h) => h.rows.map((r) => r.userId))).size : undefined;
  return (
    <SectionFrame id="responsible" title="Responsible Gambling" description="Player Protection">
      <ErrorNote what="the responsible gambling lists" error={overview.error} />
      <StatGrid testId="rg-stats">
        <StatCard label="Self-exclusions" value={rows?.exclusions.length} testId="rg-stat-exclusions" tone="red" />
        <StatCard label="Time-outs" value={rows?.timeouts.length} testId="rg-stat-timeouts" tone="orange" />
        <StatCard label="Customers with limits" value={rows?.activeLimits.length} testId="rg-stat-limits" tone="blue" />
        <StatCard label="Markers of harm" value={harmCount} sub="customers with at least one" testId="rg-stat-harm" tone="amber" />
      </StatGrid>
      {!rows ? (
        overview.isPending && <RowsSkeleton rows={4} />
      ) : (
        <Flex direction="column" gap="3" mt="3">
          <CustomerList title="Self-exclusions" rows={rows.exclusions} testId="rg-exclusions" onContact={contact} />
          <CustomerList title="Time-outs" rows={rows.timeouts} testId="rg-timeouts" onContact={contact} />
          <Heading as="h2" size="4" mt="2">
            Markers of harm
          </Heading>
          {rows.harm.map((h) => (
            <CustomerList key={h.marker} title={h.title} hint={h.hint} rows={h.rows} testId={`rg-harm-${h.marker}`} onContact={contact} />
          ))}
          <CustomerList title="Pending limit increases" hint="Increases and removals wait 24 hours" rows={rows.pendingIncreases} testId="rg-pending" onContact={contact} />
          <CustomerList title="Active limits" rows={rows.activeLimits} testId="rg-limits" onContact={contact} />
          <CustomerList title="Reality-check history" hint="Customers who changed the reminder or took a break" rows={rows.realityChecks} testId="rg-reality" onContact={contact} />
        </Flex>
      )}
      <div style={{ marginTop: "var(--space-4)" }}>
        <InteractionLog customer={customer} setCustomer={setCustomer} />
      </div>
    </SectionFrame>
  );
}
