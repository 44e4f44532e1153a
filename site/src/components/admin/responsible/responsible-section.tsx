/**
 * Responsible Gambling (spec section 2 "Player Protection"; issue 20 item 5), on real data from
 * GET /api/admin/responsible: customers with active limits, pending limit increases, time-outs,
 * self-exclusions (with their stage), reality-check history and markers of harm, each listing its
 * customers (name, since, detail) with a way to the customer; and the interaction log
 * (GET/POST /api/admin/responsible/interactions) where an operator records a contact, audited,
 * newest first. Admins only (the server refuses anyone else too).
 */
import { Badge, Button, Card, Flex, Heading, Select, Table, Text, TextArea, TextField } from "@radix-ui/themes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { RgInteraction, RgInteractionBody } from "../../../../../api/schemas/rg-admin.ts";
import { apiSend } from "../../../lib/api.ts";
import { errorMessage, fieldErrors } from "../../../lib/form-errors.ts";
import { nameOf, overviewRows, when, type Customer, type Row } from "./rows.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { useConsole, useRole } from "../console-context.tsx";
import { AdminOnlyPanel, EmptyState, ErrorNote, RowsSkeleton, SectionFrame, StatCard, StatGrid } from "../ui.tsx";
import { keys, queries } from "../../../lib/queries.ts";

type Channel = RgInteractionBody["channel"];

const CHANNELS: { value: Channel; label: string }[] = [
  { value: "phone", label: "Phone" },
  { value: "email", label: "Email" },
  { value: "chat", label: "Chat" },
  { value: "in_app", label: "In-app message" },
  { value: "letter", label: "Letter" },
];
const channelLabel = (c: string) => CHANNELS.find((x) => x.value === c)?.label ?? c;

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
function CustomerPicker({ value, onChange }: { value: Customer | null; onChange: (c: Customer | null) => void }) {
  const [search, setSearch] = useState("");
  const term = search.trim();
  const found = useQuery({
    ...queries.rgCustomerSearch(term),
    enabled: term.length >= 2 && value === null,
  });
  if (value)
    return (
      <Flex gap="2" align="center" data-testid="rg-contact-customer">
        <Text size="2" weight="medium">
          {nameOf(value)}
        </Text>
        <Text size="1" color="gray">
          {value.email}
        </Text>
        <Button size="1" variant="ghost" onClick={() => onChange(null)}>
          Change
        </Button>
      </Flex>
    );
  return (
    <Flex direction="column" gap="1">
      <TextField.Root
        id="rg-contact-search"
        placeholder="Search by email or name"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="rg-contact-search"
      />
      {found.data && (
        <Flex direction="column" gap="1" role="list" aria-label="Matching customers">
          {found.data.slice(0, 6).map((u) => (
            <Button
              key={u.id}
              role="listitem"
              size="1"
              variant="ghost"
              style={{ justifyContent: "flex-start" }}
              onClick={() => onChange({ userId: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName })}
            >
              {nameOf(u)} · {u.email}
            </Button>
          ))}
          {found.data.length === 0 && (
            <Text size="1" color="gray">
              No customer matches
            </Text>
          )}
        </Flex>
      )}
    </Flex>
  );
}

function InteractionLog({ customer, setCustomer }: { customer: Customer | null; setCustomer: (c: Customer | null) => void }) {
  const client = useQueryClient();
  const [channel, setChannel] = useState<Channel>("phone");
  const [summary, setSummary] = useState("");
  const log = useQuery(queries.rgInteractions());
  const record = useAdminMutation({
    request: (body: RgInteractionBody) => apiSend<RgInteraction>("POST", "/api/admin/responsible/interactions", body),
    success: (r) => ({ title: "Contact recorded", description: `${channelLabel(r.channel)} with ${nameOf(r.customer)}` }),
    onSuccess: (r) => {
      client.setQueryData(queries.rgInteractions().queryKey, (d) => ({ items: [r, ...(d?.items ?? []).filter((x) => x.id !== r.id)] }));
      setSummary("");
      setCustomer(null);
    },
    failure: (e) => ({ title: "Contact not recorded", description: errorMessage(e), variant: "destructive" }),
    invalidate: [keys.rgInteractions],
  });
  const summaryError = fieldErrors(record.error).summary;
  return (
    <Card size="2" data-testid="rg-interactions">
      <Heading as="h2" size="3" mb="1">
        Interaction log
      </Heading>
      <Text as="p" size="1" color="gray" mb="3">
        Record each contact with a customer about their gambling (audited). Newest first.
      </Text>
      <form
        data-testid="rg-contact-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!customer) return;
          record.mutate({ userId: customer.userId, channel, summary });
        }}
      >
        <Flex direction="column" gap="2" mb="4" style={{ maxWidth: 560 }}>
          <Text as="label" size="2" weight="medium" htmlFor="rg-contact-search">
            Customer
          </Text>
          <CustomerPicker value={customer} onChange={setCustomer} />
          <Text as="label" size="2" weight="medium" htmlFor="rg-contact-channel">
            Channel
          </Text>
          <Select.Root value={channel} onValueChange={(v) => setChannel(v as Channel)}>
            <Select.Trigger id="rg-contact-channel" aria-label="Channel" data-testid="rg-contact-channel" />
            <Select.Content>
              {CHANNELS.map((c) => (
                <Select.Item key={c.value} value={c.value}>
                  {c.label}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <Text as="label" size="2" weight="medium" htmlFor="rg-contact-note">
            Note
          </Text>
          <TextArea
            id="rg-contact-note"
            value={summary}
            maxLength={2000}
            onChange={(e) => setSummary(e.target.value)}
            placeholder="What was discussed, what was agreed"
            data-testid="rg-contact-note"
            aria-invalid={summaryError ? true : undefined}
          />
          {summaryError && (
            <Text size="1" color="red">
              {summaryError}
            </Text>
          )}
          <Flex>
            <Button type="submit" disabled={!customer || summary.trim() === "" || record.isPending} loading={record.isPending} data-testid="rg-contact-submit">
              Record contact
            </Button>
          </Flex>
        </Flex>
      </form>
      <ErrorNote what="the interaction log" error={log.error} />
      {log.isPending ? (
        <RowsSkeleton />
      ) : log.data && log.data.items.length === 0 ? (
        <EmptyState title="No contacts recorded yet" />
      ) : (
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Customer</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Channel</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Note</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Operator</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {log.data?.items.map((i) => (
              <Table.Row key={i.id} data-testid="rg-interaction-row" data-user-id={i.userId}>
                <Table.Cell>{when(i.createdAt)}</Table.Cell>
                <Table.Cell>
                  <Text as="div" size="2">
                    {nameOf(i.customer)}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {i.customer.email}
                  </Text>
                </Table.Cell>
                <Table.Cell>{channelLabel(i.channel)}</Table.Cell>
                <Table.Cell style={{ whiteSpace: "pre-wrap" }}>{i.summary}</Table.Cell>
                <Table.Cell>{i.operatorName}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Card>
  );
}

export default function ResponsibleSection() {
  const { isAdmin } = useRole();
  const [customer, setCustomer] = useState<Customer | null>(null);
  const overview = useQuery({
    ...queries.rgOverview(),
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
