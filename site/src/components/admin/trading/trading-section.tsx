/**
 * Trading Desk: header cards (Total Exposure in millions, Daily P&L, Hold %,
 * Active Alerts) and tabs Overview, Risk Management, Odds Control, Alerts, Sharp Tracking, all on
 * real figures from GET /api/trading/*. Header buttons: Export Odds (CSV of the odds on the desk)
 * and New Market (the Create New Market dialog).
 */
import { Button, Flex, Tabs } from "@radix-ui/themes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatMoney } from "../../../lib/format.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { exportCsv } from "../csv.ts";
import { PlusIcon } from "../icons.tsx";
import { compactMoney, EmptyState, ErrorNote, ExportButton, RowsSkeleton, SectionFrame, StatCard, StatGrid } from "../ui.tsx";
import { CreateMarketDialog } from "./create-market-dialog.tsx";
import { OddsControl } from "./odds-control.tsx";
import { SharpTracking } from "./sharp-tracking.tsx";
import { ExposureCard, LiabilityCard } from "./exposure-cards.tsx";
import { LiveAlerts } from "./live-alerts.tsx";
import { AlertsTab } from "./alerts-tab.tsx";

export default function TradingSection() {
  const overview = useQuery(adminQueries.tradingOverview());
  const queryClient = useQueryClient();
  const [newMarket, setNewMarket] = useState(false);
  const o = overview.data;

  async function exportOdds(): Promise<number> {
    const events = await queryClient.fetchQuery(adminQueries.oddsControl());
    type Row = { event: (typeof events)[number]; outcome: (typeof events)[number]["outcomes"][number] };
    const rows: Row[] = events.slice(0, 6).flatMap((event) => event.outcomes.map((outcome) => ({ event, outcome })));
    return exportCsv<Row>(
      "odds",
      [
        ["event_id", (r) => r.event.id],
        ["event", (r) => r.event.name],
        ["sport", (r) => r.event.sportName],
        ["league", (r) => r.event.league],
        ["start_time", (r) => r.event.startTime],
        ["status", (r) => r.event.status],
        ["market_id", (r) => r.event.marketId],
        ["market", (r) => r.event.marketName],
        ["market_status", (r) => r.event.marketStatus],
        ["outcome_id", (r) => r.outcome.id],
        ["outcome", (r) => r.outcome.name],
        ["odds", (r) => r.outcome.odds],
        ["last_update", (r) => r.event.lastUpdate],
      ],
      rows,
    );
  }

  return (
    <SectionFrame
      id="trading"
      title="Trading Desk"
      description="Odds Management"
      actions={
        <>
          <ExportButton label="Export Odds" onExport={exportOdds} testId="export-odds" />
          <Button onClick={() => setNewMarket(true)} data-testid="new-market-button">
            <PlusIcon /> New Market
          </Button>
        </>
      }
    >
      <ErrorNote what="the trading overview" error={overview.error} />
      <StatGrid testId="trading-cards">
        <StatCard label="Total Exposure" value={o ? compactMoney(o.totalExposure) : undefined} sub={o ? `Liability ${formatMoney(o.totalLiability)}` : undefined} testId="trading-exposure" />
        <StatCard
          label="Daily P&L"
          value={o ? formatMoney(o.dailyPnl) : undefined}
          tone={o ? (o.dailyPnl >= 0 ? "green" : "red") : undefined}
          sub="House result from bets today"
          testId="trading-pnl"
        />
        <StatCard label="Hold %" value={o ? `${o.holdPercent.toFixed(1)}%` : undefined} sub="Settled stakes kept" testId="trading-hold" />
        <StatCard
          label="Active Alerts"
          value={o ? String(o.activeAlerts) : undefined}
          tone={o && o.activeAlerts > 0 ? "red" : undefined}
          sub="Unacknowledged"
          testId="trading-alerts-count"
        />
      </StatGrid>
      <Tabs.Root defaultValue="overview" mt="4">
        <Tabs.List aria-label="Trading desk views">
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="risk">Risk Management</Tabs.Trigger>
          <Tabs.Trigger value="odds">Odds Control</Tabs.Trigger>
          <Tabs.Trigger value="alerts">Alerts</Tabs.Trigger>
          <Tabs.Trigger value="sharp">Sharp Tracking</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview" className="adm-tab">
          <div className="adm-split">
            <Flex direction="column" gap="3">
              {overview.isPending ? (
                <RowsSkeleton rows={3} height="80px" />
              ) : (o?.markets ?? []).length === 0 ? (
                <EmptyState title="No open events with bets" hint="Markets appear here once customers bet on them" />
              ) : (
                o!.markets.map((m) => <ExposureCard key={m.eventId} m={m} />)
              )}
            </Flex>
            <LiveAlerts />
          </div>
        </Tabs.Content>
        <Tabs.Content value="risk" className="adm-tab">
          <Flex direction="column" gap="3">
            {overview.isPending ? (
              <RowsSkeleton rows={3} height="80px" />
            ) : (o?.markets ?? []).length === 0 ? (
              <EmptyState title="No liability on open events" />
            ) : (
              o!.markets.map((m) => <LiabilityCard key={m.eventId} m={m} />)
            )}
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="odds" className="adm-tab">
          <OddsControl />
        </Tabs.Content>
        <Tabs.Content value="alerts" className="adm-tab">
          <AlertsTab />
        </Tabs.Content>
        <Tabs.Content value="sharp" className="adm-tab">
          <SharpTracking />
        </Tabs.Content>
      </Tabs.Root>
      <CreateMarketDialog open={newMarket} onOpenChange={setNewMarket} />
    </SectionFrame>
  );
}
