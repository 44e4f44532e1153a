/**
 * What an operator can do to one market: adjust its liability limit (PUT .../limit), suspend or
 * reopen it (POST .../suspend|reopen), list its bets (GET .../bets) and, for administrators,
 * settle it by choosing the winning outcome or voiding it (POST .../settle), and once settled,
 * resettle or unsettle it (market-corrections.tsx). Every settle-like action is confirmed first and
 * asks for the override reason when the event has not finished. Every change is audited on the server.
 */
import { Badge, Button, Callout, Dialog, Flex, Table, Text, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminMarket, SettleMarketResponse } from "../../../../../api/schemas/markets.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatMoney, parseStakeToCents } from "../../../lib/format.ts";
import { adminKeys, adminQueries } from "../../../lib/queries-admin.ts";
import { BetStatusBadge } from "../badges.tsx";
import { describeApiError, Field } from "../form.tsx";
import { EmptyState, ErrorNote, RowsSkeleton } from "../ui.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { FormDialog } from "../form-dialog.tsx";
import type { MarketInfo } from "./market-directory.ts";
import { ConfirmMarketAction, ReasonField, ResettleMarketDialog, UnsettleMarketDialog } from "./market-corrections.tsx";
import { needsOverride, overridePart, reasonError } from "./settle-confirm.ts";
import { resultAction, settleResultBody, type ResultChoice, type SettleResultBody } from "./settle-result.ts";
import { SettleResultInput } from "./settle-result-input.tsx";
import { WithdrawRunners } from "./withdraw-runner.tsx";
import { LocalTime } from "../../local-time.tsx";
import { pendingToast, type ApprovalPendingBody } from "../approvals/approval-text.ts";
import { RISK_KEYS } from "./risk-keys.ts";

type MarketResponse = { market: AdminMarket };

export function useSuspendMarket() {
  return useAdminMutation({
    request: ({ marketId, suspend }: { marketId: string; suspend: boolean; label: string }) =>
      apiSend<MarketResponse>("POST", `/api/admin/markets/${encodeURIComponent(marketId)}/${suspend ? "suspend" : "reopen"}`),
    success: (_r, v) => ({
      title: v.suspend ? "Market suspended" : "Market reopened",
      description: v.suspend ? `${v.label} accepts no bets until it is reopened.` : `${v.label} is open for betting again.`,
    }),
    failure: (e, v) => ({ title: "Error", description: `Failed to ${v.suspend ? "suspend" : "reopen"} the market: ${describeApiError(e)}`, variant: "destructive" }),
    invalidate: RISK_KEYS,
  });
}

export function AdjustLimitDialog({
  market,
  open,
  onOpenChange,
}: {
  market: MarketInfo | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [value, setValue] = useState("");
  const save = useAdminMutation({
    request: (liabilityLimit: number) =>
      apiSend<MarketResponse | ApprovalPendingBody>("PUT", `/api/admin/markets/${encodeURIComponent(market!.id)}/limit`, { liabilityLimit }),
    // A raise far above the default waits for an admin's approval (202); lowering applies at once.
    success: (r, limit) =>
      "approval" in r ? pendingToast(r) : { title: "Limit updated", description: `${market!.marketName}: liability limit ${formatMoney(limit)}.` },
    failure: "Failed to update the limit",
    invalidate: [...RISK_KEYS, adminKeys.approvals],
    onSuccess: () => onOpenChange(false),
  });
  const cents = parseStakeToCents(value);

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        if (o && market) setValue(market.limit !== null ? (market.limit / 100).toFixed(2) : "2000000.00");
        onOpenChange(o);
      }}
      title="Adjust Limits"
      description={
        <>
          {market ? `${market.eventName} · ${market.marketName}` : ""}. The liability limit is the most the book may lose on any outcome of
          this market: placement refuses a bet past it and offers the largest stake that fits. Default 2,000,000.00; lowering applies at once,
          a raise far above the default waits for a second approver.
        </>
      }
      maxWidth="440px"
      testId="adjust-limit-dialog"
      onSubmit={() => {
        if (cents !== null && cents >= 100 && cents <= 10_000_000_000) save.mutate(cents);
      }}
      confirmLabel="Save Limit"
      confirmTestId="save-limit"
      canSubmit={!(cents === null || cents < 100)}
      pending={save.isPending}
    >
      <Field id="limit-amount" label="Liability limit" error={value && (cents === null || cents < 100 || cents > 10_000_000_000) ? "Enter an amount from 1.00 to 100,000,000.00" : null}>
        <TextField.Root id="limit-amount" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} autoFocus>
          <TextField.Slot>$</TextField.Slot>
        </TextField.Root>
      </Field>
      {market?.liability != null && (
        <Text as="p" size="1" color="gray" mt="2">
          Current liability {formatMoney(market.liability)}
        </Text>
      )}
    </FormDialog>
  );
}

export function MarketBetsDialog({
  market,
  open,
  onOpenChange,
  canSettle,
}: {
  market: MarketInfo | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  canSettle: boolean;
}) {
  const bets = useQuery({ ...adminQueries.marketBets(market?.id ?? "-"), enabled: open && !!market });
  const [settling, setSettling] = useState(false);
  const [correcting, setCorrecting] = useState<"resettle" | "unsettle" | null>(null);
  const detail = useQuery({ ...adminQueries.adminMarket(market?.id ?? "-"), enabled: open && !!market });
  const settled = !!detail.data?.settledAt;
  const rows = bets.data ?? [];
  const pendingBets = bets.data ? rows.filter((b) => b.status === "pending").length : null;
  const settledBets = bets.data ? rows.filter((b) => b.status !== "pending" && b.status !== "cashed_out").length : null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="820px" data-testid="market-bets-dialog">
        <Dialog.Title>Bets on {market?.marketName ?? "market"}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {market?.eventName} · {rows.length} {rows.length === 1 ? "bet" : "bets"}
          {market && (
            <>
              {" "}
              · <Badge color={market.status === "open" ? "green" : market.status === "suspended" ? "amber" : "gray"}>{market.status}</Badge>
            </>
          )}
        </Dialog.Description>
        <ErrorNote what="the bets" error={bets.error} />
        {bets.isPending ? (
          <RowsSkeleton rows={3} />
        ) : rows.length === 0 ? (
          <EmptyState title="No bets on this market yet" />
        ) : (
          <div className="adm-scroll-x">
            <Table.Root size="1" variant="surface" data-testid="market-bets-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Customer</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Selection</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Stake</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Returns</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Placed</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((b) => (
                  <Table.Row key={b.id} data-testid={`market-bet-${b.id}`}>
                    <Table.RowHeaderCell>{b.customerName || b.customerEmail}</Table.RowHeaderCell>
                    <Table.Cell>
                      {b.betType === "multiple" ? `Multiple (${b.legs.length} legs) @ ${b.odds}` : `${b.selectionName} @ ${b.odds}`}
                    </Table.Cell>
                    <Table.Cell className="adm-num">{formatMoney(b.amount)}</Table.Cell>
                    <Table.Cell className="adm-num">{formatMoney(b.actualReturn ?? b.potentialReturn)}</Table.Cell>
                    <Table.Cell className="adm-nowrap"><LocalTime value={b.placedAt} /></Table.Cell>
                    <Table.Cell>
                      <BetStatusBadge status={b.status} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </div>
        )}
        {market && detail.data?.sport === "racing" && !settled && <WithdrawRunners market={detail.data} />}
        <Flex gap="3" justify="end" mt="4" wrap="wrap">
          {canSettle && market && !settled && (
            <Button color="green" variant="soft" disabled={detail.isPending} onClick={() => setSettling(true)} data-testid="open-settle-market">
              Settle Market
            </Button>
          )}
          {canSettle && market && settled && (
            <>
              <Button color="red" variant="soft" onClick={() => setCorrecting("resettle")} data-testid="open-resettle-market">
                Resettle
              </Button>
              <Button color="red" variant="soft" onClick={() => setCorrecting("unsettle")} data-testid="open-unsettle-market">
                Unsettle
              </Button>
            </>
          )}
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
        {market && <SettleMarketDialog market={market} bets={pendingBets} open={settling} onOpenChange={setSettling} />}
        {market && (
          <ResettleMarketDialog
            market={market}
            currentWinner={detail.data?.result?.winningOutcomeId ?? null}
            bets={settledBets}
            open={correcting === "resettle"}
            onOpenChange={(o) => setCorrecting(o ? "resettle" : null)}
          />
        )}
        {market && <UnsettleMarketDialog market={market} bets={settledBets} open={correcting === "unsettle"} onOpenChange={(o) => setCorrecting(o ? "unsettle" : null)} />}
      </Dialog.Content>
    </Dialog.Root>
  );
}

export function SettleMarketDialog({
  market,
  bets = null,
  open,
  onOpenChange,
}: {
  market: MarketInfo;
  /** Pending bets on the market, when the list is known (for the confirmation). */
  bets?: number | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [result, setResult] = useState<ResultChoice>({ choice: "", sharing: [], placed: [] });
  const choice = result.choice;
  const [override, setOverride] = useState("");
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const detail = useQuery({ ...adminQueries.adminMarket(market.id), enabled: open });
  const withdrawn = new Set((detail.data?.outcomes ?? []).filter((o) => o.withdrawn).map((o) => o.id));
  const places = detail.data?.eachWay?.places ?? null;
  const built = settleResultBody(result, market.outcomes, places, withdrawn);
  const action = resultAction(choice);
  const asksOverride = !!choice && needsOverride(market.eventStatus, action);
  const settle = useAdminMutation({
    request: (body: SettleResultBody & { override?: { reason: string } }) =>
      apiSend<SettleMarketResponse>("POST", `/api/admin/markets/${encodeURIComponent(market.id)}/settle`, body),
    success: (r) => ({
      title: "Market settled",
      description: `${r.graded} graded · ${r.settled} settled · ${r.waiting} waiting on other legs · ${formatMoney(r.paid)} paid.`,
    }),
    failure: (e) => ({ title: "Settlement failed", description: describeApiError(e), variant: "destructive" }),
    invalidate: [...RISK_KEYS, adminQueries.marketBets(market.id).queryKey],
    onSuccess: () => onOpenChange(false),
  });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="440px" data-testid="settle-market-dialog">
        <Dialog.Title>Settle Market</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {market.eventName} · {market.marketName}. Every pending bet with a leg on this market is graded; singles settle now,
          multiples when all their legs have results.
        </Dialog.Description>
        {market.outcomes.length === 0 && (
          <Callout.Root color="amber" size="1" mb="3">
            <Callout.Text>The outcomes of this market could not be loaded; it can still be voided.</Callout.Text>
          </Callout.Root>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if ("error" in built || (asksOverride && reasonError(override))) return;
            setConfirming(true);
          }}
        >
          <SettleResultInput outcomes={market.outcomes} withdrawn={withdrawn} places={places} value={result} onChange={setResult} />
          {touched && choice && "error" in built && (
            <Text as="p" size="1" color="red" mt="2" role="alert">
              {built.error}
            </Text>
          )}
          {asksOverride && (
            <Flex direction="column" mt="3">
              <ReasonField
                id="settle-override"
                label="Override reason (the event has not finished)"
                hint="Settling with a winner before the event has finished is an override; it is audited."
                value={override}
                onChange={setOverride}
                touched={touched}
              />
            </Flex>
          )}
          <Flex gap="3" justify="end" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" color="green" disabled={!choice} loading={settle.isPending} data-testid="confirm-settle-market">
              Settle
            </Button>
          </Flex>
        </form>
        <ConfirmMarketAction
          action={action}
          bets={bets}
          open={confirming}
          onOpenChange={setConfirming}
          label={action === "void" ? "Void this market" : "Settle this market"}
          onConfirm={() => {
            if ("body" in built) settle.mutate({ ...built.body, ...overridePart(asksOverride, override) });
          }}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}
