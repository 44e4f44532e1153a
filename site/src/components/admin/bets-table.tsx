/**
 * Centre: Bet Management. Every bet, newest first, 10 a page (GET /api/admin/bets), searchable by
 * bet id, customer and event, filtered by status, sport, bet type and stake; pending ones can be
 * settled won, lost or void (an each-way single also "placed"), and a settled one can be resettled
 * when it was graded wrongly.
 */
import { Button, Callout, Card, Flex, Heading, SegmentedControl, Select, Skeleton, Table, Text, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminBet } from "../../../../api/schemas/bets.ts";
import { ApiError, apiSend } from "../../lib/api.ts";
import { adminBetsQuery, useCursorPager, useDebounced } from "./admin-lists.ts";
import { SPORT_OPTIONS } from "./events-table.tsx";
import { adminKeys } from "../../lib/queries-admin.ts";
import { useAdminMutation } from "./use-admin-mutation.ts";
import { overridePart } from "./markets/settle-confirm.ts";
import { type Settle, byBetReturn } from "./bets/bet-return.ts";
import { EarlySettleDialog } from "./bets/early-settle-dialog.tsx";
import { ResettleDialog } from "./bets/resettle-dialog.tsx";
import { VoidBetDialog } from "./bets/void-dialog.tsx";
import type { BetReasonCode } from "./bets/bet-reason.ts";
import { BetRow } from "./bets/bet-row.tsx";

const PAGE = 10;

/** A stake box in currency units ("12.50") as cents, or undefined when empty or not a number. */
const centsOf = (s: string): number | undefined => {
  const v = Number(s.trim());
  return s.trim() === "" || !Number.isFinite(v) || v < 0 ? undefined : Math.round(v * 100);
};

/** Settling won or lost before the event has finished: asked again with a reason (EarlySettleDialog). */
const isEarly = (error: Error, asked: Settle) => error instanceof ApiError && error.code === "SETTLE.EVENT_NOT_FINISHED" && !asked.override;

/** readOnly: a trader's view, every bet without the settling actions (the server refuses them too). */
export function BetsTable({ readOnly = false }: { readOnly?: boolean } = {}) {
  // "Pending" lets an operator reach older unsettled bets; the pager and the searches reach the rest.
  const [filter, setFilter] = useState<"all" | "pending" | "settled">("all");
  const [betId, setBetId] = useState("");
  const [customer, setCustomer] = useState("");
  const [event, setEvent] = useState("");
  const [sport, setSport] = useState("all");
  const [betType, setBetType] = useState("all");
  const [minStake, setMinStake] = useState("");
  const [maxStake, setMaxStake] = useState("");
  const typed = useDebounced({ betId: betId.trim(), customer: customer.trim(), event: event.trim(), minStake, maxStake });
  const params = {
    status: filter,
    betId: typed.betId,
    customer: typed.customer,
    event: typed.event,
    sport: sport === "all" ? undefined : sport,
    betType: betType === "all" ? undefined : betType,
    minStake: centsOf(typed.minStake),
    maxStake: centsOf(typed.maxStake),
  };
  const pager = useCursorPager(JSON.stringify(params));
  const bets = useQuery(adminBetsQuery({ ...params, limit: PAGE, cursor: pager.cursor }));

  const [early, setEarly] = useState<(Settle & { message: string }) | null>(null);
  // A void by hand refunds whatever the result: it is sent only with a reason code (VoidBetDialog).
  const [voiding, setVoiding] = useState<AdminBet | null>(null);
  const settle = useAdminMutation({
    request: ({ bet, status, override, reason }: Settle & { reason?: { reasonCode: BetReasonCode; reason?: string } }) =>
      apiSend<unknown>("POST", `/api/admin/settle-bet/${encodeURIComponent(bet.id)}`, {
        status,
        ...(override ? { override } : {}),
        ...(reason ?? {}),
        // The server computes the return and refuses a figure that disagrees: won pays stake x odds
        // (each-way parts and Rule 4 included), placed the place part, void refunds the stake, lost pays nothing.
        actualReturn: byBetReturn(bet, status),
      }),
    success: { title: "Bet settled", description: "Bet has been successfully settled." },
    onSuccess: () => {
      setEarly(null);
      setVoiding(null);
    },
    failure: (error, asked) => {
      // The event has not finished (or has not started): the server settles only with a reason.
      if (isEarly(error, asked)) return null;
      const server = (error.message ?? "").trim();
      const extra = server ? ` ${/[.!?]$/.test(server) ? server : `${server}.`}` : "";
      return {
        title: "Settlement failed",
        description: `Failed to settle the bet. Please try again.${extra}`,
        variant: "destructive",
      };
    },
    onError: (error, asked) => {
      if (isEarly(error, asked)) setEarly({ bet: asked.bet, status: asked.status, message: error.message });
    },
    invalidate: [adminKeys.allBets, adminKeys.dashboardStats],
  });

  const page = bets.data;
  const rows = page?.items ?? [];
  const pages = page ? Math.max(1, Math.ceil(page.total / PAGE)) : 1;
  const busyId = settle.isPending ? settle.variables?.bet.id : undefined;
  const [resettling, setResettling] = useState<AdminBet | null>(null);
  const earlyDialog = (
    <EarlySettleDialog
      early={early}
      pending={settle.isPending}
      onClose={() => setEarly(null)}
      onConfirm={(reason) => early && settle.mutate({ bet: early.bet, status: early.status, ...overridePart(true, reason) })}
    />
  );

  return (
    <Card size="2" className="adm-panel">
      <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
        <div>
          <Heading as="h2" size="3">
            Bet Management
          </Heading>
          <Text size="1" color="gray" data-testid="bets-count">
            {page ? `${page.total} ${filter === "all" ? "" : `${filter} `}bet${page.total === 1 ? "" : "s"}` : " "}
          </Text>
        </div>
        <SegmentedControl.Root
          size="1"
          value={filter}
          onValueChange={(v) => setFilter(v as "all" | "pending" | "settled")}
          aria-label="Which bets"
          data-testid="bets-filter-toggle"
        >
          <SegmentedControl.Item value="all">All</SegmentedControl.Item>
          <SegmentedControl.Item value="pending">Pending</SegmentedControl.Item>
          <SegmentedControl.Item value="settled">Settled</SegmentedControl.Item>
        </SegmentedControl.Root>
      </Flex>
      <Flex gap="2" wrap="wrap" mb="3" data-testid="bets-filters">
        <TextField.Root size="1" type="search" placeholder="Bet id" aria-label="Bet id" value={betId} onChange={(e) => setBetId(e.target.value)} data-testid="bets-search-id" style={{ flex: "1 1 120px" }} />
        <TextField.Root size="1" type="search" placeholder="Customer name or email" aria-label="Customer" value={customer} onChange={(e) => setCustomer(e.target.value)} data-testid="bets-search-customer" style={{ flex: "1 1 160px" }} />
        <TextField.Root size="1" type="search" placeholder="Event" aria-label="Event" value={event} onChange={(e) => setEvent(e.target.value)} data-testid="bets-search-event" style={{ flex: "1 1 160px" }} />
        <Select.Root size="1" value={sport} onValueChange={setSport}>
          <Select.Trigger aria-label="Sport" data-testid="bets-sport" />
          <Select.Content>
            <Select.Item value="all">All sports</Select.Item>
            {SPORT_OPTIONS.map((s) => (
              <Select.Item key={s.code} value={s.code}>
                {s.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Select.Root size="1" value={betType} onValueChange={setBetType}>
          <Select.Trigger aria-label="Bet type" data-testid="bets-type" />
          <Select.Content>
            <Select.Item value="all">All types</Select.Item>
            <Select.Item value="single">Singles</Select.Item>
            <Select.Item value="multiple">Multiples</Select.Item>
            <Select.Item value="same_game_multi">Same game multis</Select.Item>
          </Select.Content>
        </Select.Root>
        <TextField.Root size="1" inputMode="decimal" placeholder="Min stake" aria-label="Minimum stake" value={minStake} onChange={(e) => setMinStake(e.target.value)} data-testid="bets-min-stake" style={{ width: 90 }} />
        <TextField.Root size="1" inputMode="decimal" placeholder="Max stake" aria-label="Maximum stake" value={maxStake} onChange={(e) => setMaxStake(e.target.value)} data-testid="bets-max-stake" style={{ width: 90 }} />
      </Flex>
      {bets.isError ? (
        <Callout.Root color="red">
          <Callout.Text>Could not load bets: {bets.error.message}</Callout.Text>
        </Callout.Root>
      ) : (
        <Table.Root size="1" variant="ghost" className="adm-table adm-table--bets" data-testid="bets-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Customer</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Bet Details</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Risk Profile</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              {!readOnly && <Table.ColumnHeaderCell justify="end">Actions</Table.ColumnHeaderCell>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {bets.isPending &&
              Array.from({ length: 3 }, (_, i) => (
                <Table.Row key={`sk-${i}`}>
                  <Table.Cell colSpan={readOnly ? 4 : 5}>
                    <Skeleton height="40px" />
                  </Table.Cell>
                </Table.Row>
              ))}
            {page && rows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={readOnly ? 4 : 5}>
                  <Text size="2" color="gray">
                    No bets match.
                  </Text>
                </Table.Cell>
              </Table.Row>
            )}
            {rows.map((b) => (
              <BetRow
                key={b.id}
                bet={b}
                busy={busyId === b.id}
                readOnly={readOnly}
                onSettle={(status) => (status === "void" ? setVoiding(b) : settle.mutate({ bet: b, status }))}
                onResettle={() => setResettling(b)}
              />
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <Flex justify="between" align="center" mt="3" gap="2">
        <Text size="1" color="gray" data-testid="bets-page-info">
          Page {pager.page} of {pages}
        </Text>
        <Flex gap="2">
          <Button size="1" variant="soft" color="gray" disabled={pager.page === 1} onClick={pager.previous} data-testid="bets-prev">
            Previous
          </Button>
          <Button size="1" variant="soft" color="gray" disabled={!page?.nextCursor} onClick={() => page?.nextCursor && pager.next(page.nextCursor)} data-testid="bets-next">
            Next
          </Button>
        </Flex>
      </Flex>
      <ResettleDialog bet={resettling} onClose={() => setResettling(null)} />
      <VoidBetDialog bet={voiding} pending={settle.isPending} onClose={() => setVoiding(null)} onConfirm={(reason) => voiding && settle.mutate({ bet: voiding, status: "void", reason })} />
      {earlyDialog}
    </Card>
  );
}
