/**
 * Centre: Bet Management. Every bet, newest first, 10 a page (GET /api/admin/bets), searchable by
 * bet id, customer and event, filtered by status, sport, bet type and stake; pending ones can be
 * settled won, lost or void (an each-way single also "placed"), and a settled one can be resettled
 * when it was graded wrongly.
 */
import { Button, Callout, Card, Dialog, Flex, Heading, RadioGroup, SegmentedControl, Select, Skeleton, Table, Text, TextArea, TextField } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminBet } from "../../../../api/schemas/bets.ts";
import type { ResettleResponse } from "../../../../api/schemas/markets.ts";
import { ApiError, apiSend } from "../../lib/api.ts";
import { overridePart, reasonError } from "./markets/settle-confirm.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { useToast } from "../toast.tsx";
import { adminBetsQuery, useCursorPager, useDebounced } from "./admin-lists.ts";
import { BetStatusBadge, RiskBadge } from "./badges.tsx";
import { SPORT_OPTIONS } from "./events-table.tsx";
import { singleReturnFor } from "../../../../domain/settlement/single-return.ts";
import { multipleReturnUnderRule4 } from "../../../../domain/settlement/rule4-multiple.ts";
import { parseOdds } from "../../../../domain/shared/odds.ts";
import { keys } from "../../lib/queries.ts";

const PAGE = 10;

type ByBet = "won" | "lost" | "void" | "placed";
type Settle = { bet: AdminBet; status: ByBet; override?: { reason: string } };

/**
 * What settling one bet pays (the server computes the same and refuses a figure that disagrees):
 * a single with its each-way terms and Rule 4 deduction (domain/settlement/single-return.ts); a
 * multiple pays stake x odds when won.
 */
function byBetReturn(bet: AdminBet, status: ByBet): number {
  const odds = bet.legs.length === 1 ? parseOdds(bet.legs[0].odds) : null;
  if (bet.betType === "single" && odds !== null)
    return singleReturnFor({ stake: bet.amount, oddsMilli: odds, eachWay: bet.eachWay ?? null, rule4: bet.rule4?.deduction ?? null }, status);
  // A multiple with a Rule 4 leg: every leg won, each at its reduced price (domain/settlement/rule4-multiple.ts).
  if (status === "won" && bet.betType === "multiple" && bet.legs.some((l) => (l.rule4 ?? 0) > 0))
    return multipleReturnUnderRule4(bet.amount, bet.legs.map((l) => ({ result: "won", oddsMilli: parseOdds(l.odds) ?? 1000, rule4: l.rule4 ?? null })));
  return status === "won" ? bet.potentialReturn : status === "void" ? bet.amount : 0;
}

/** A stake box in currency units ("12.50") as cents, or undefined when empty or not a number. */
const centsOf = (s: string): number | undefined => {
  const v = Number(s.trim());
  return s.trim() === "" || !Number.isFinite(v) || v < 0 ? undefined : Math.round(v * 100);
};

export function BetsTable() {
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
  const queryClient = useQueryClient();
  const toast = useToast();

  const [early, setEarly] = useState<(Settle & { message: string }) | null>(null);
  const settle = useMutation({
    mutationFn: ({ bet, status, override }: Settle) =>
      apiSend<unknown>("POST", `/api/admin/settle-bet/${encodeURIComponent(bet.id)}`, {
        status,
        ...(override ? { override } : {}),
        // The server computes the return and refuses a figure that disagrees: won pays stake x odds
        // (each-way parts and Rule 4 included), placed the place part, void refunds the stake, lost pays nothing.
        actualReturn: byBetReturn(bet, status),
      }),
    onSuccess: () => {
      setEarly(null);
      toast({ title: "Bet settled", description: "Bet has been successfully settled." });
    },
    onError: (error, asked) => {
      // The event has not finished (or has not started): the server settles only with a reason.
      if (error instanceof ApiError && error.code === "SETTLE.EVENT_NOT_FINISHED" && !asked.override) {
        setEarly({ bet: asked.bet, status: asked.status, message: error.message });
        return;
      }
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
        queryClient.invalidateQueries({ queryKey: keys.allBets }),
        queryClient.invalidateQueries({ queryKey: keys.dashboardStats }),
      ]),
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
            {page && rows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={5}>
                  <Text size="2" color="gray">
                    No bets match.
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
                      {b.eachWay && b.betType === "single" && (
                        <Button
                          size="1"
                          color="blue"
                          variant="soft"
                          disabled={busyId === b.id}
                          onClick={() => settle.mutate({ bet: b, status: "placed" })}
                          title={`Placed, not won: pays the place part, ${formatMoney(byBetReturn(b, "placed"))}`}
                          data-testid={`settle-placed-${b.id}`}
                        >
                          Placed
                        </Button>
                      )}
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
      {earlyDialog}
    </Card>
  );
}

/**
 * Resettle a wrongly settled bet: POST /api/admin/bets/{id}/resettle. The server posts a
 * correcting bet_resettlement transaction (earlier postings never change) and audits it.
 */
/**
 * Settling a bet as won or lost before its event has finished needs a reason (the early-settlement
 * override, domain/settlement/settle-override.ts): asked when the server says so, then sent again.
 */
function EarlySettleDialog({
  early,
  pending,
  onClose,
  onConfirm,
}: {
  early: (Settle & { message: string }) | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  const problem = reasonError(reason);
  return (
    <Dialog.Root open={early !== null} onOpenChange={(o) => !o && (setReason(""), onClose())}>
      <Dialog.Content maxWidth="440px" data-testid="early-settle-dialog">
        <Dialog.Title>Settle before the event has finished?</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {early ? `${early.message} Settling it ${early.status} cannot be undone; the reason is kept in the audit trail.` : ""}
        </Dialog.Description>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!problem) onConfirm(reason);
          }}
        >
          <Text as="label" size="2" htmlFor="early-settle-reason" style={{ display: "block" }}>
            Reason
          </Text>
          <TextArea id="early-settle-reason" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} mt="1" data-testid="early-settle-reason" />
          {reason.length > 0 && problem && (
            <Text as="p" size="1" color="red" mt="1">
              {problem}
            </Text>
          )}
          <Flex gap="3" justify="end" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={problem !== null} loading={pending} data-testid="early-settle-confirm">
              Settle {early?.status}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ResettleDialog({ bet, onClose }: { bet: AdminBet | null; onClose: () => void }) {
  const [status, setStatus] = useState<ByBet | "">("");
  const [reason, setReason] = useState("");
  const queryClient = useQueryClient();
  const toast = useToast();
  const resettle = useMutation({
    mutationFn: (body: { status: ByBet; reason?: string }) =>
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
        queryClient.invalidateQueries({ queryKey: keys.allBets }),
        queryClient.invalidateQueries({ queryKey: keys.dashboardStats }),
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
            {(["won", "placed", "lost", "void"] as const)
              .filter((s) => (s === "placed" ? !!bet?.eachWay && bet.betType === "single" : s !== bet?.status || (s === "won" && !!bet?.eachWay)))
              .map((s) => (
                <RadioGroup.Item key={s} value={s} data-testid={`resettle-${s}`}>
                  {s === "won"
                    ? `Won (pays ${bet ? formatMoney(byBetReturn(bet, "won")) : ""})`
                    : s === "placed"
                      ? `Placed, not won (pays ${bet ? formatMoney(byBetReturn(bet, "placed")) : ""})`
                      : s === "void"
                        ? `Void (refunds ${bet ? formatMoney(bet.amount) : ""})`
                        : "Lost (pays nothing)"}
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
