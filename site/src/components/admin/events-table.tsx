/**
 * Centre: Manage Events. Every event, 25 a page by start time (GET /api/admin/events), with a
 * search box (name, teams, league), sport and status filters and a pager; Set Live / Set
 * Finished (asks first: finish-event-dialog.tsx), Edit (move an upcoming event's start) and Markets
 * (the trading desk) on each row.
 */
import { Button, Callout, Card, Flex, Heading, SegmentedControl, Select, Skeleton, Table, Text, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { EventStatus } from "../../../../api/schemas/events.ts";
import type { AdminEventRow } from "../../../../api/schemas/admin-lists.ts";
import { apiSend } from "../../lib/api.ts";
import { adminEventsQuery, useCursorPager, useDebounced } from "./admin-lists.ts";
import { EventStatusBadge } from "./badges.tsx";
import { useConsole } from "./console-context.tsx";
import { EditEventDialog } from "./edit-event-dialog.tsx";
import { FinishEventDialog } from "./finish-event-dialog.tsx";
import { keys } from "../../lib/query-keys.ts";
import { adminKeys } from "../../lib/queries-admin.ts";
import { useAdminMutation } from "./use-admin-mutation.ts";
import { LocalTime } from "../local-time.tsx";

const PAGE = 25;
type StatusFilter = EventStatus | "all";

export const SPORT_OPTIONS: { code: string; label: string }[] = [
  { code: "soccer", label: "Soccer" },
  { code: "basketball", label: "Basketball" },
  { code: "tennis", label: "Tennis" },
  { code: "nfl", label: "NFL" },
  { code: "hockey", label: "Hockey" },
  { code: "mlb", label: "MLB" },
  { code: "afl", label: "AFL" },
  { code: "nrl", label: "NRL" },
  { code: "golf", label: "Golf" },
  { code: "cricket", label: "Cricket" },
  { code: "racing", label: "Racing" },
];

export function EventsTable({ canManage }: { canManage: boolean }) {
  const [status, setStatus] = useState<StatusFilter>("upcoming");
  const [sport, setSport] = useState("all");
  const [text, setText] = useState("");
  const q = useDebounced(text.trim());
  const filter = { q, sport: sport === "all" ? undefined : sport, status };
  const pager = useCursorPager(JSON.stringify(filter));
  const events = useQuery(adminEventsQuery({ ...filter, limit: PAGE, cursor: pager.cursor }));
  const console = useConsole();
  const [editing, setEditing] = useState<AdminEventRow | null>(null);
  // Finishing asks first: the final score, what happens to the open bets, the reason when it is early.
  const [finishing, setFinishing] = useState<AdminEventRow | null>(null);

  const update = useAdminMutation({
    request: ({ event, to }: { event: AdminEventRow; to: EventStatus }) =>
      apiSend<unknown>("PATCH", `/api/admin/events/${encodeURIComponent(event.id)}`, { status: to }),
    success: (_data, { event, to }) => ({ title: "Event updated", description: `${event.name} is now ${to}.` }),
    failure: (error) => ({ title: "Failed to update event", description: error.message, variant: "destructive" }),
    invalidate: [keys.events, adminKeys.dashboardStats],
  });

  const page = events.data;
  const rows = page?.items ?? [];
  const pages = page ? Math.max(1, Math.ceil(page.total / PAGE)) : 1;
  const busyId = update.isPending ? update.variables?.event.id : undefined;

  return (
    <Card size="2" className="adm-panel">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
        <div>
          <Heading as="h2" size="3">
            Manage Events
          </Heading>
          <Text size="1" color="gray" data-testid="events-count">
            {page ? `${page.total} ${status === "all" ? "" : `${status} `}event${page.total === 1 ? "" : "s"}${q ? ` matching “${q}”` : ""}` : " "}
          </Text>
        </div>
        <SegmentedControl.Root
          size="1"
          value={status}
          onValueChange={(v) => setStatus(v as StatusFilter)}
          aria-label="Event status"
          data-testid="events-status-toggle"
        >
          <SegmentedControl.Item value="upcoming">Upcoming</SegmentedControl.Item>
          <SegmentedControl.Item value="live">Live</SegmentedControl.Item>
          <SegmentedControl.Item value="finished">Finished</SegmentedControl.Item>
          <SegmentedControl.Item value="all">All</SegmentedControl.Item>
        </SegmentedControl.Root>
      </Flex>
      <Flex gap="2" wrap="wrap" mb="3">
        <TextField.Root
          size="1"
          type="search"
          placeholder="Search events, teams, leagues"
          aria-label="Search events"
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="events-search"
          style={{ flex: "1 1 200px" }}
        />
        <Select.Root size="1" value={sport} onValueChange={setSport}>
          <Select.Trigger aria-label="Sport" data-testid="events-sport" />
          <Select.Content>
            <Select.Item value="all">All sports</Select.Item>
            {SPORT_OPTIONS.map((s) => (
              <Select.Item key={s.code} value={s.code}>
                {s.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
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
            {page && rows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={4}>
                  <Text size="2" color="gray">
                    No {status === "all" ? "" : `${status} `}events{q ? ` matching “${q}”` : ""}.
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
                    {e.sportName} · {e.league} · {e.marketCount} market{e.marketCount === 1 ? "" : "s"}
                  </Text>
                </Table.RowHeaderCell>
                <Table.Cell data-label="Start">
                  <Text size="1" className="adm-nowrap">
                    <LocalTime value={e.startTime} style="when" />
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
                  <Flex gap="2" justify="end" wrap="wrap">
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
                        onClick={() => setFinishing(e)}
                        data-testid={`set-finished-${e.id}`}
                      >
                        Set Finished
                      </Button>
                    )}
                    {canManage && e.status === "upcoming" && (
                      <Button size="1" variant="ghost" onClick={() => setEditing(e)} data-testid={`edit-event-${e.id}`}>
                        Edit
                      </Button>
                    )}
                    {console && (
                      <Button size="1" variant="ghost" color="gray" onClick={() => console.goTo("trading")} data-testid={`event-markets-${e.id}`}>
                        Markets
                      </Button>
                    )}
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <Flex justify="between" align="center" mt="3" gap="2">
        <Text size="1" color="gray" data-testid="events-page-info">
          Page {pager.page} of {pages}
        </Text>
        <Flex gap="2">
          <Button size="1" variant="soft" color="gray" disabled={pager.page === 1} onClick={pager.previous} data-testid="events-prev">
            Previous
          </Button>
          <Button
            size="1"
            variant="soft"
            color="gray"
            disabled={!page?.nextCursor}
            onClick={() => page?.nextCursor && pager.next(page.nextCursor)}
            data-testid="events-next"
          >
            Next
          </Button>
        </Flex>
      </Flex>
      <EditEventDialog event={editing} onClose={() => setEditing(null)} />
      <FinishEventDialog event={finishing} onClose={() => setFinishing(null)} />
    </Card>
  );
}
