/** The responsible-gambling interaction log: pick a customer, record a contact (audited), and the contacts newest first. */
import { Button, Card, Flex, Heading, Select, Table, Text, TextArea, TextField } from "@radix-ui/themes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { RgInteraction, RgInteractionBody } from "../../../../../api/schemas/rg-admin.ts";
import { apiSend } from "../../../lib/api.ts";
import { errorMessage, fieldErrors } from "../../../lib/form-errors.ts";
import { nameOf, when, type Customer } from "./rows.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { EmptyState, ErrorNote, RowsSkeleton } from "../ui.tsx";
import { adminKeys, adminQueries } from "../../../lib/queries-admin.ts";

type Channel = RgInteractionBody["channel"];

const CHANNELS: { value: Channel; label: string }[] = [
  { value: "phone", label: "Phone" },
  { value: "email", label: "Email" },
  { value: "chat", label: "Chat" },
  { value: "in_app", label: "In-app message" },
  { value: "letter", label: "Letter" },
];
const channelLabel = (c: string) => CHANNELS.find((x) => x.value === c)?.label ?? c;

function CustomerPicker({ value, onChange }: { value: Customer | null; onChange: (c: Customer | null) => void }) {
  const [search, setSearch] = useState("");
  const term = search.trim();
  const found = useQuery({
    ...adminQueries.rgCustomerSearch(term),
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

export function InteractionLog({ customer, setCustomer }: { customer: Customer | null; setCustomer: (c: Customer | null) => void }) {
  const client = useQueryClient();
  const [channel, setChannel] = useState<Channel>("phone");
  const [summary, setSummary] = useState("");
  const log = useQuery(adminQueries.rgInteractions());
  const record = useAdminMutation({
    request: (body: RgInteractionBody) => apiSend<RgInteraction>("POST", "/api/admin/responsible/interactions", body),
    success: (r) => ({ title: "Contact recorded", description: `${channelLabel(r.channel)} with ${nameOf(r.customer)}` }),
    onSuccess: (r) => {
      client.setQueryData(adminQueries.rgInteractions().queryKey, (d) => ({ items: [r, ...(d?.items ?? []).filter((x) => x.id !== r.id)] }));
      setSummary("");
      setCustomer(null);
    },
    failure: (e) => ({ title: "Contact not recorded", description: errorMessage(e), variant: "destructive" }),
    invalidate: [adminKeys.rgInteractions],
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
