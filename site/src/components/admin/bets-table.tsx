/** Centre: Bet Management. The 5 newest bets; pending ones can be settled won or lost. */
import { Button, Callout, Card, Flex, Heading, SegmentedControl, Skeleton, Table, Text } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminBet } from "../../../../api/schemas/bets.ts";
import { apiSend } from "../../lib/api.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { queries } from "../../lib/queries.ts";
import { useToast } from "../toast.tsx";
import { BetStatusBadge, RiskBadge } from "./badges.tsx";

const ROWS = 5;

type Settle = { bet: AdminBet; status: "won" | "lost" };

export function BetsTable() {
  // "Pending" lets an operator reach older unsettled bets once newer ones crowd the first 5 rows.
  const [filter, setFilter] = useState<"all" | "pending">("all");
  const bets = useQuery(queries.allBets(filter));
  const queryClient = useQueryClient();
  const toast = useToast();

  const settle = useMutation({
    mutationFn: ({ bet, status }: Settle) =>
      apiSend<unknown>("POST", `/api/admin/settle-bet/${encodeURIComponent(bet.id)}`, {
        status,
        actualReturn: status === "won" ? bet.potentialReturn : 0,
      }),
    onSuccess: () => {
      toast({ title: "Bet settled", description: "Bet has been successfully settled." });
    },
    onError: (error) => {
      const server = (error.message ?? "").trim();
      const extra = server ? ` ${/[.!?]$/.test(server) ? server : `${server}.`}` : "";
      toast({
        title: "Settlement failed",
        description: `Failed to settle the bet. Please try again.${extra}`,
        variant: "destructive",
      });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["/api/admin/all-bets"] }),
        queryClient.invalidateQueries({ queryKey: ["/api/dashboard/stats"] }),
      ]),
  });

  const rows = bets.data?.slice(0, ROWS) ?? [];
  const busyId = settle.isPending ? settle.variables?.bet.id : undefined;

  return (
    <Card size="2" className="adm-panel">
      <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
        <div>
          <Heading as="h2" size="3">
            Bet Management
          </Heading>
          <Text size="1" color="gray">
            {bets.data ? `Latest ${rows.length} of ${bets.data.length}${bets.data.length >= 100 ? "+" : ""} ${filter === "pending" ? "pending " : ""}bets` : " "}
          </Text>
        </div>
        <SegmentedControl.Root
          size="1"
          value={filter}
          onValueChange={(v) => setFilter(v as "all" | "pending")}
          aria-label="Which bets"
          data-testid="bets-filter-toggle"
        >
          <SegmentedControl.Item value="all">All</SegmentedControl.Item>
          <SegmentedControl.Item value="pending">Pending</SegmentedControl.Item>
        </SegmentedControl.Root>
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
              <Table.ColumnHeaderCell justify="end">Actions</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {bets.isPending &&
              Array.from({ length: 3 }, (_, i) => (
                <Table.Row key={`sk-${i}`}>
                  <Table.Cell colSpan={5}>
                    <Skeleton height="40px" />
                  </Table.Cell>
                </Table.Row>
              ))}
            {bets.data && rows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={5}>
                  <Text size="2" color="gray">
                    No bets yet.
                  </Text>
                </Table.Cell>
              </Table.Row>
            )}
            {rows.map((b) => (
              <Table.Row key={b.id} data-testid={`bet-row-${b.id}`}>
                <Table.RowHeaderCell data-label="Customer" className="adm-cell-customer">
                  <Text as="div" size="2" weight="medium" className="adm-ellipsis" title={b.customerName}>
                    {b.customerName || b.customerEmail}
                  </Text>
                  <Text as="div" size="1" color="gray" className="adm-ellipsis" title={b.customerEmail}>
                    {b.customerEmail}
                  </Text>
                  <Text as="div" size="1" color="gray" className="adm-nowrap">
                    {formatDateTime(b.placedAt)}
                  </Text>
                </Table.RowHeaderCell>
                <Table.Cell data-label="Bet Details" className="adm-cell-main">
                  <BetDetails bet={b} />
                </Table.Cell>
                <Table.Cell data-label="Risk Profile">
                  <RiskBadge profile={b.riskProfile} />
                </Table.Cell>
                <Table.Cell data-label="Status">
                  <BetStatusBadge status={b.status} />
                  {b.status !== "pending" && b.actualReturn !== null && (
                    <Text as="div" size="1" color="gray" mt="1" className="adm-nowrap">
                      Paid {formatMoney(b.actualReturn)}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell justify="end" data-label="Actions" className="adm-cell-actions">
                  {b.status === "pending" ? (
                    <Flex gap="2" justify="end">
                      <Button
                        size="1"
                        color="green"
                        variant="soft"
                        disabled={busyId === b.id}
                        onClick={() => settle.mutate({ bet: b, status: "won" })}
                        data-testid={`settle-won-${b.id}`}
                      >
                        Won
                      </Button>
                      <Button
                        size="1"
                        color="red"
                        variant="soft"
                        disabled={busyId === b.id}
                        onClick={() => settle.mutate({ bet: b, status: "lost" })}
                        data-testid={`settle-lost-${b.id}`}
                      >
                        Lost
                      </Button>
                    </Flex>
                  ) : (
                    <Text size="1" color="gray" aria-label="Settled">
                      —
                    </Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Card>
  );
}

function BetDetails({ bet }: { bet: AdminBet }) {
  const [open, setOpen] = useState(false);
  const money = (
    <Text as="div" size="1" color="gray">
      <span className="adm-nowrap">
        Stake <Text weight="medium" color="gray" highContrast>{formatMoney(bet.amount)}</Text>
      </span>{" "}
      ·{" "}
      <span className="adm-nowrap">
        Returns <Text weight="medium" color="gray" highContrast>{formatMoney(bet.potentialReturn)}</Text>
      </span>
    </Text>
  );
  if (bet.betType === "multiple") {
    const legsTitle = bet.legs.map((l) => `${l.selectionName} @ ${l.odds} — ${l.eventName} (${l.marketName})`).join("\n");
    return (
      <div>
        <Flex align="center" gap="2" wrap="wrap">
          <Text size="2" weight="medium" title={legsTitle}>
            Multiple ({bet.legs.length} legs) @ {bet.odds}
          </Text>
          <Button
            size="1"
            variant="ghost"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            data-testid={`toggle-legs-${bet.id}`}
          >
            {open ? "Hide legs" : "Show legs"}
          </Button>
        </Flex>
        {open && (
          <ol className="adm-legs">
            {bet.legs.map((l) => (
              <li key={l.id}>
                <Text size="1" weight="medium">
                  {l.selectionName} @ {l.odds}
                </Text>{" "}
                <Text size="1" color="gray">
                  {l.eventName} · {l.marketName}
                  {l.result !== "pending" ? ` · ${l.result}` : ""}
                </Text>
              </li>
            ))}
          </ol>
        )}
        {money}
      </div>
    );
  }
  return (
    <div>
      <Text as="div" size="2" weight="medium">
        {bet.selectionName} @ {bet.odds}
      </Text>
      <Text as="div" size="1" color="gray">
        {bet.eventName} · {bet.marketName}
      </Text>
      {money}
    </div>
  );
}

/** For traders: every bet and its settlement belong to administrators (the server refuses them too). */
export function AdminOnlyNotice({ title }: { title: string }) {
  return (
    <Card size="2" className="adm-panel" data-testid="admin-only-notice">
      <Heading as="h2" size="3" mb="2">
        {title}
      </Heading>
      <Text size="2" color="gray">
        Viewing and settling customers&apos; bets is for administrators.
      </Text>
    </Card>
  );
}
