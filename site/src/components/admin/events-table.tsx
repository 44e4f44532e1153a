/** Centre: Manage Events. First 5 events of the chosen status, with Set Live / Set Finished. */
import { Button, Callout, Card, Flex, Heading, SegmentedControl, Skeleton, Table, Text } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Event, EventStatus } from "../../../../api/schemas/events.ts";
import { apiSend } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { queries } from "../../lib/queries.ts";
import { useToast } from "../toast.tsx";
import { EventStatusBadge } from "./badges.tsx";

const ROWS = 5;

export function EventsTable({ canManage }: { canManage: boolean }) {
  const [status, setStatus] = useState<EventStatus>("upcoming");
  const events = useQuery({ ...queries.events({ status, limit: 50 }), refetchInterval: 30_000 });
  const queryClient = useQueryClient();
  const toast = useToast();

  const update = useMutation({
    mutationFn: ({ event, to }: { event: Event; to: EventStatus }) =>
      apiSend<unknown>("PATCH", `/api/admin/events/${encodeURIComponent(event.id)}`, { status: to }),
    onSuccess: (_data, { event, to }) => {
      toast({ title: "Event updated", description: `${event.name} is now ${to}.` });
    },
    onError: (error) => {
      toast({ title: "Failed to update event", description: error.message, variant: "destructive" });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["/api/events"] }),
        queryClient.invalidateQueries({ queryKey: ["/api/dashboard/stats"] }),
      ]),
  });

  const rows = events.data?.slice(0, ROWS) ?? [];
  const busyId = update.isPending ? update.variables?.event.id : undefined;

  return (
    <Card size="2" className="adm-panel">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
        <div>
          <Heading as="h2" size="3">
            Manage Events
          </Heading>
          <Text size="1" color="gray">
            {events.data ? `Showing ${rows.length} of ${events.data.length}${events.data.length >= 50 ? "+" : ""} ${status} events` : " "}
          </Text>
        </div>
        <SegmentedControl.Root
          size="1"
          value={status}
          onValueChange={(v) => setStatus(v as EventStatus)}
          aria-label="Event status"
          data-testid="events-status-toggle"
        >
          <SegmentedControl.Item value="upcoming">Upcoming</SegmentedControl.Item>
          <SegmentedControl.Item value="live">Live</SegmentedControl.Item>
          <SegmentedControl.Item value="finished">Finished</SegmentedControl.Item>
        </SegmentedControl.Root>
      </Flex>
      {events.isError ? (
        <Callout.Root color="red">
          <Callout.Text>Could not load events: {events.error.message}</Callout.Text>
        </Callout.Root>
      ) : (
        <Table.Root size="1" variant="ghost" className="adm-table adm-table--events" data-testid="events-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Event</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Start</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Actions</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {events.isPending &&
              Array.from({ length: 3 }, (_, i) => (
                <Table.Row key={`sk-${i}`}>
                  <Table.Cell colSpan={4}>
                    <Skeleton height="32px" />
                  </Table.Cell>
                </Table.Row>
              ))}
            {events.data && rows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={4}>
                  <Text size="2" color="gray">
                    No {status} events.
                  </Text>
                </Table.Cell>
              </Table.Row>
            )}
            {rows.map((e) => (
              <Table.Row key={e.id} data-testid={`event-row-${e.id}`} align="center">
                <Table.RowHeaderCell className="adm-cell-main" data-label="Event">
                  <Text as="div" size="2" weight="medium">
                    {e.name}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {e.sportName} · {e.league}
                  </Text>
                </Table.RowHeaderCell>
                <Table.Cell data-label="Start">
                  <Text size="1" className="adm-nowrap">
                    {formatDateTime(e.startTime)}
                  </Text>
                  {e.status === "live" && e.minute !== null && (
                    <Text as="div" size="1" color="red">
                      {e.minute}' · {e.homeScore ?? 0}–{e.awayScore ?? 0}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell data-label="Status">
                  <EventStatusBadge status={e.status} />
                </Table.Cell>
                <Table.Cell justify="end" data-label="Actions" className="adm-cell-actions">
                  <Flex gap="2" justify="end" wrap="nowrap">
                    {canManage && e.status === "upcoming" && (
                      <Button
                        size="1"
                        color="red"
                        variant="soft"
                        disabled={busyId === e.id}
                        onClick={() => update.mutate({ event: e, to: "live" })}
                        data-testid={`set-live-${e.id}`}
                      >
                        Set Live
                      </Button>
                    )}
                    {canManage && (e.status === "upcoming" || e.status === "live") && (
                      <Button
                        size="1"
                        color="gray"
                        variant="soft"
                        disabled={busyId === e.id}
                        onClick={() => update.mutate({ event: e, to: "finished" })}
                        data-testid={`set-finished-${e.id}`}
                      >
                        Set Finished
                      </Button>
                    )}
                    {(!canManage || e.status === "finished") && (
                      <Text size="1" color="gray">
                        —
                      </Text>
                    )}
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
