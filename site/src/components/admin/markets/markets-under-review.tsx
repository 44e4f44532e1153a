/**
 * Markets under review (Tasks › Bulk Settlement): a market an operator unsettled is held, and the
 * results job and bulk settlement leave it alone (GET /api/admin/market-reviews). Each row can be
 * resettled with its result (ResettleMarketDialog) or released back to automatic settlement with a
 * reason (POST /api/admin/markets/{id}/release): if every outcome already has a result, the system
 * settles it from them at once.
 */
import { Badge, Button, Card, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { MarketUnderReview } from "../../../../../api/schemas/corrections.ts";
import { apiSend } from "../../../lib/api.ts";
import { adminKeys, adminQueries } from "../../../lib/queries-admin.ts";
import { LocalTime } from "../../local-time.tsx";
import { FormDialog } from "../form-dialog.tsx";
import { describeApiError } from "../form.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { EmptyState, ErrorNote, RowsSkeleton, TableScroll } from "../ui.tsx";
import { ReasonField, ResettleMarketDialog } from "./market-corrections.tsx";
import { reasonError } from "./settle-confirm.ts";
import type { MarketInfo } from "./market-directory.ts";
import { RISK_KEYS } from "./risk-keys.ts";

export function MarketsUnderReview() {
  const list = useQuery(adminQueries.marketReviews());
  const [releasing, setReleasing] = useState<MarketUnderReview | null>(null);
  const [resettling, setResettling] = useState<MarketUnderReview | null>(null);
  const items = list.data?.items ?? [];
  return (
    <Card size="2" data-testid="markets-under-review">
      <Heading as="h2" size="3" mb="1">
        Markets under review
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        An unsettled market is held here: the results job and bulk settlement leave it and its bets alone until you resettle it with a
        result, or release it back to automatic settlement.
      </Text>
      <ErrorNote what="markets under review" error={list.error} />
      {list.isPending ? (
        <RowsSkeleton rows={2} />
      ) : items.length === 0 ? (
        <EmptyState title="No market under review" testId="markets-under-review-empty" />
      ) : (
        <TableScroll label="Markets under review">
          <Table.Root size="1" variant="surface">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Market</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Held since</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Reason</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Open bets</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell className="adm-sticky-actions">Actions</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((m) => (
                <Table.Row key={m.marketId} data-testid={`review-${m.marketId}`}>
                  <Table.Cell>
                    <Text as="div" size="2" weight="medium">
                      {m.marketName}
                    </Text>
                    <Text as="div" size="1" color="gray">
                      {m.eventName} · {m.eventStatus}
                    </Text>
                  </Table.Cell>
                  <Table.Cell className="adm-nowrap">
                    <LocalTime value={m.since} />
                    <Text as="div" size="1" color="gray">
                      by {m.byName ?? m.by}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{m.reason}</Table.Cell>
                  <Table.Cell className="adm-num">
                    {m.pendingBets}
                    {m.decided && (
                      <Badge ml="2" color="gray" variant="soft">
                        result stored
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell className="adm-sticky-actions">
                    <Flex gap="2" wrap="nowrap">
                      <Button size="1" color="red" variant="soft" onClick={() => setResettling(m)} data-testid={`review-resettle-${m.marketId}`}>
                        Resettle
                      </Button>
                      <Button size="1" variant="soft" onClick={() => setReleasing(m)} data-testid={`review-release-${m.marketId}`}>
                        Release
                      </Button>
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
      {releasing && <ReleaseDialog market={releasing} onClose={() => setReleasing(null)} />}
      {resettling && <ResettleHeld market={resettling} onClose={() => setResettling(null)} />}
    </Card>
  );
}

function ReleaseDialog({ market, onClose }: { market: MarketUnderReview; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const release = useAdminMutation({
    request: () => apiSend<{ settled: boolean }>("POST", `/api/admin/markets/${encodeURIComponent(market.marketId)}/release`, { reason: reason.trim() }),
    success: (r) => ({
      title: "Market released",
      description: r.settled ? `${market.marketName} was settled from its stored result.` : `${market.marketName} is back to automatic settlement.`,
    }),
    failure: (e) => ({ title: "Release failed", description: describeApiError(e), variant: "destructive" }),
    invalidate: [adminKeys.marketReviews, adminKeys.allBets, adminKeys.dashboardStats, ...RISK_KEYS],
    onSuccess: onClose,
  });
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Release to automatic settlement?"
      description={
        market.decided
          ? `${market.eventName} · ${market.marketName}: every outcome already has a result, so it is settled from them at once and its ${market.pendingBets} open bets are paid.`
          : `${market.eventName} · ${market.marketName}: it waits for the results job (or an operator's settlement) as any unsettled market does.`
      }
      maxWidth="460px"
      testId="release-market-dialog"
      onSubmit={() => {
        setTouched(true);
        if (!reasonError(reason)) release.mutate();
      }}
      confirmLabel="Release"
      confirmTestId="release-market-confirm"
      canSubmit={!reasonError(reason)}
      pending={release.isPending}
    >
      <ReasonField id="release-reason" label="Reason" value={reason} onChange={setReason} touched={touched} />
    </FormDialog>
  );
}

/** Resettle a held market: the correction dialog, with the market's outcomes read fresh. */
function ResettleHeld({ market, onClose }: { market: MarketUnderReview; onClose: () => void }) {
  const detail = useQuery(adminQueries.adminMarket(market.marketId));
  if (!detail.data) return null;
  const m = detail.data;
  const info: MarketInfo = {
    id: m.id, eventId: m.eventId, eventName: m.eventName, eventStatus: market.eventStatus, sport: m.sport ?? "", marketName: m.name,
    marketType: m.type, status: m.status, limit: m.liabilityLimit, liability: null, outcomes: m.outcomes.map((o) => ({ id: o.id, name: o.name, odds: o.odds })),
  };
  return <ResettleMarketDialog market={info} currentWinner={null} bets={market.pendingBets} open onOpenChange={(o) => !o && onClose()} />;
}
