/**
 * Centre: Bet Management. The 5 newest bets; pending ones can be settled won, lost or void, and a
 * settled one can be resettled when it was graded wrongly.
 */
import { Button, Callout, Card, Dialog, Flex, Heading, RadioGroup, SegmentedControl, Skeleton, Table, Text, TextArea } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminBet } from "../../../../api/schemas/bets.ts";
import type { ResettleResponse } from "../../../../api/schemas/markets.ts";
import { apiSend } from "../../lib/api.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { queries } from "../../lib/queries.ts";
import { useToast } from "../toast.tsx";
import { BetStatusBadge, RiskBadge } from "./badges.tsx";

const ROWS = 5;

type Settle = { bet: AdminBet; status: "won" | "lost" | "void" };

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
        // The server computes the return and refuses a figure that disagrees: won pays stake x odds,
        // void refunds the stake, lost pays nothing.
        actualReturn: status === "won" ? bet.potentialReturn : status === "void" ? bet.amount : 0,
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
  const [resettling, setResettling] = useState<AdminBet | null>(null);

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
                      <Button
                        size="1"
                        color="gray"
                        variant="soft"
                        disabled={busyId === b.id}
                        onClick={() => settle.mutate({ bet: b, status: "void" })}
                        data-testid={`settle-void-${b.id}`}
                      >
                        Void
                      </Button>
                    </Flex>
                  ) : (
                    <Button size="1" variant="ghost" color="gray" onClick={() => setResettling(b)} data-testid={`resettle-${b.id}`}>
                      Resettle
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <ResettleDialog bet={resettling} onClose={() => setResettling(null)} />
    </Card>
  );
}

/**
 * Resettle a wrongly settled bet: POST /api/admin/bets/{id}/resettle. The server posts a
 * correcting bet_resettlement transaction (earlier postings never change) and audits it.
 */
function ResettleDialog({ bet, onClose }: { bet: AdminBet | null; onClose: () => void }) {
  const [status, setStatus] = useState<"won" | "lost" | "void" | "">("");
  const [reason, setReason] = useState("");
  const queryClient = useQueryClient();
  const toast = useToast();
  const resettle = useMutation({
    mutationFn: (body: { status: "won" | "lost" | "void"; reason?: string }) =>
      apiSend<ResettleResponse>("POST", `/api/admin/bets/${encodeURIComponent(bet!.id)}/resettle`, body),
    onSuccess: (r) => {
      toast({
        title: "Bet resettled",
        description: `${r.bet.previousStatus} → ${r.bet.status}; ${r.correction >= 0 ? "credited" : "taken back"} ${formatMoney(Math.abs(r.correction))}.`,
      });
      setStatus("");
      setReason("");
      onClose();
    },
    onError: (e) => toast({ title: "Resettlement failed", description: e.message, variant: "destructive" }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["/api/admin/all-bets"] }),
        queryClient.invalidateQueries({ queryKey: ["/api/dashboard/stats"] }),
      ]),
  });
  return (
    <Dialog.Root open={bet !== null} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Content maxWidth="440px" data-testid="resettle-dialog">
        <Dialog.Title>Resettle bet</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {bet ? `${bet.customerName || bet.customerEmail} · ${bet.betType === "multiple" ? `multiple @ ${bet.odds}` : `${bet.selectionName} @ ${bet.odds}`} · settled ${bet.status}` : ""}.
          The wallet is corrected with a new ledger posting; nothing earlier is changed.
        </Dialog.Description>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (status) resettle.mutate({ status, ...(reason.trim() ? { reason: reason.trim() } : {}) });
          }}
        >
          <RadioGroup.Root value={status} onValueChange={(v) => setStatus(v as typeof status)} aria-label="Correct result">
            {(["won", "lost", "void"] as const)
              .filter((s) => s !== bet?.status)
              .map((s) => (
                <RadioGroup.Item key={s} value={s}>
                  {s === "won" ? `Won (pays ${bet ? formatMoney(bet.potentialReturn) : ""})` : s === "void" ? `Void (refunds ${bet ? formatMoney(bet.amount) : ""})` : "Lost (pays nothing)"}
                </RadioGroup.Item>
              ))}
          </RadioGroup.Root>
          <Text as="label" size="2" htmlFor="resettle-reason" mt="3" style={{ display: "block" }}>
            Reason
          </Text>
          <TextArea id="resettle-reason" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} mt="1" />
          <Flex gap="3" justify="end" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={!status} loading={resettle.isPending} data-testid="resettle-confirm">
              Resettle
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
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
