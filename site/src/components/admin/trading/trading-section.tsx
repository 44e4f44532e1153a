/**
 * Trading Desk (spec section 2): header cards (Total Exposure in millions, Daily P&L, Hold %,
 * Active Alerts) and tabs Overview, Risk Management, Odds Control, Alerts, Sharp Tracking, all on
 * real figures from GET /api/trading/*. Header buttons: Export Odds (CSV of the odds on the desk)
 * and New Market (the Create New Market dialog).
 */
import { Badge, Button, Callout, Card, DataList, Dialog, Flex, Heading, Progress, Tabs, Text } from "@radix-ui/themes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { EventExposure, TradingAlert } from "../../../../../api/schemas/trading.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatDateTime, formatMoney } from "../../../lib/format.ts";
import { keys, queries } from "../../../lib/queries.ts";
import { useRole } from "../console-context.tsx";
import { exportCsv } from "../csv.ts";
import { PlusIcon } from "../icons.tsx";
import { MarketBetsDialog } from "../markets/market-actions.tsx";
import { useMarketInfo } from "../markets/market-directory.ts";
import { compactMoney, EmptyState, ErrorNote, ExportButton, formatStamp, RiskLevelBadge, RowsSkeleton, SectionFrame, StatCard, StatGrid, usageColor } from "../ui.tsx";
import { CreateMarketDialog } from "./create-market-dialog.tsx";
import { OddsControl } from "./odds-control.tsx";
import { OutcomeTable } from "./outcome-table.tsx";
import { SharpTracking } from "./sharp-tracking.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";

const SEVERITY_COLOR = { info: "blue", warning: "amber", critical: "red" } as const;

export default function TradingSection() {
  const overview = useQuery(queries.tradingOverview());
  const queryClient = useQueryClient();
  const [newMarket, setNewMarket] = useState(false);
  const o = overview.data;

  async function exportOdds(): Promise<number> {
    const events = await queryClient.fetchQuery(queries.oddsControl());
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

function ExposureCard({ m }: { m: EventExposure }) {
  return (
    <Card size="2" data-testid={`exposure-${m.eventId}`}>
      <Flex justify="between" align="start" gap="2" wrap="wrap">
        <div>
          <Heading as="h3" size="3">
            {m.eventName}
          </Heading>
          <Text size="1" color="gray">
            {m.sportName} · {m.status === "live" ? "Live" : formatDateTime(m.startTime)}
          </Text>
        </div>
        <Flex gap="1" wrap="wrap">
          {m.sharpMoney && <Badge color="purple">Sharp</Badge>}
          {m.steamMove && <Badge color="orange">Steam</Badge>}
          <RiskLevelBadge level={m.riskLevel} />
        </Flex>
      </Flex>
      {/* Every outcome as a row: the draw and each racing runner by name, with price, stakes and liability. */}
      <OutcomeTable outcomes={m.outcomes} caption={`${m.eventName}: outcomes, prices, stakes and liability`} testId={`exposure-outcomes-${m.eventId}`} />
    </Card>
  );
}

function LiabilityCard({ m }: { m: EventExposure }) {
  const usage = m.liabilityLimit > 0 ? Math.min(100, (m.totalLiability / m.liabilityLimit) * 100) : 0;
  return (
    <Card size="2" data-testid={`liability-${m.eventId}`}>
      <Flex justify="between" align="center" gap="2" wrap="wrap">
        <Heading as="h3" size="3">
          {m.eventName}
        </Heading>
        <RiskLevelBadge level={m.riskLevel} />
      </Flex>
      {(m.sharpMoney || m.steamMove) && (
        <Callout.Root color="orange" size="1" mt="2">
          <Callout.Text>
            {[m.sharpMoney ? "Sharp money detected" : null, m.steamMove ? "Steam move in progress" : null].filter(Boolean).join(" · ")}
          </Callout.Text>
        </Callout.Root>
      )}
      <Flex justify="between" mt="3">
        <Text size="2">Total liability</Text>
        <Text size="2" weight="bold" className="adm-num">
          {formatMoney(m.totalLiability)} <Text color="gray">of {formatMoney(m.liabilityLimit)}</Text>
        </Text>
      </Flex>
      <Progress value={usage} color={usageColor(usage)} mt="2" aria-label="Liability against limit" />
      <OutcomeTable outcomes={m.outcomes} caption={`${m.eventName}: liability by outcome`} testId={`liability-outcomes-${m.eventId}`} />
    </Card>
  );
}

/** Who acknowledged an alert, by name; never the raw user id. */
function acknowledgerOf(a: TradingAlert): string {
  return a.acknowledgedByName ?? "a former user";
}

function useAcknowledge() {
  return useAdminMutation({
    request: (id: string) => apiSend<{ alert: TradingAlert }>("POST", `/api/trading/alerts/${encodeURIComponent(id)}/acknowledge`),
    success: { title: "Alert acknowledged", description: "The alert is marked as handled." },
    failure: "Failed to acknowledge the alert",
    invalidate: [keys.tradingAlerts, keys.tradingOverview, keys.riskMetrics],
  });
}

function LiveAlerts() {
  const alerts = useQuery(queries.tradingAlerts());
  const active = (alerts.data ?? []).filter((a) => !a.acknowledged);
  return (
    <Card size="2" data-testid="live-alerts">
      <Heading as="h3" size="3" mb="2">
        Live Alerts
      </Heading>
      <ErrorNote what="alerts" error={alerts.error} />
      {alerts.isPending ? (
        <RowsSkeleton rows={2} height="40px" />
      ) : active.length === 0 ? (
        <EmptyState title="No unresolved alerts" />
      ) : (
        <ul className="adm-plain-list">
          {active.slice(0, 8).map((a) => (
            <li key={a.id}>
              <Flex gap="2" align="center">
                <Badge color={SEVERITY_COLOR[a.severity]}>{a.severity}</Badge>
                <Text size="1" color="gray">
                  {formatStamp(a.createdAt)}
                </Text>
              </Flex>
              <Text as="p" size="2">
                {a.message}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function AlertsTab() {
  const alerts = useQuery(queries.tradingAlerts());
  const ack = useAcknowledge();
  const [detail, setDetail] = useState<TradingAlert | null>(null);
  if (alerts.isPending) return <RowsSkeleton rows={3} height="60px" />;
  const rows = alerts.data ?? [];
  return (
    <>
      <ErrorNote what="alerts" error={alerts.error} />
      {rows.length === 0 && !alerts.isError ? (
        <EmptyState title="No alerts" hint="Liability, exposure and steam-move alerts appear here" />
      ) : (
        <Flex direction="column" gap="2" data-testid="alerts-list">
          {rows.map((a) => (
            <Card key={a.id} size="2" data-testid={`alert-${a.id}`} className={a.acknowledged ? "adm-muted" : ""}>
              <Flex justify="between" align="start" gap="3" wrap="wrap">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Badge color={SEVERITY_COLOR[a.severity]}>{a.severity}</Badge>
                    <Badge variant="outline" color="gray">
                      {a.type.replaceAll("_", " ")}
                    </Badge>
                    {a.acknowledged && <Badge color="green">Acknowledged</Badge>}
                    {a.acknowledged && (
                      <Text size="1" color="gray" data-testid={`alert-ack-by-${a.id}`}>
                        by {acknowledgerOf(a)}
                      </Text>
                    )}
                    <Text size="1" color="gray">
                      {formatStamp(a.createdAt)}
                    </Text>
                  </Flex>
                  <Text as="p" size="2" mt="1">
                    {a.message}
                  </Text>
                  {a.eventName && (
                    <Text size="1" color="gray">
                      {a.eventName}
                    </Text>
                  )}
                </div>
                <Flex gap="2">
                  {!a.acknowledged && (
                    <Button size="2" variant="soft" loading={ack.isPending && ack.variables === a.id} onClick={() => ack.mutate(a.id)} data-testid={`ack-${a.id}`}>
                      Acknowledge
                    </Button>
                  )}
                  <Button size="2" variant="soft" color="gray" onClick={() => setDetail(a)} data-testid={`alert-details-${a.id}`}>
                    View Details
                  </Button>
                </Flex>
              </Flex>
            </Card>
          ))}
        </Flex>
      )}
      <AlertDetails alert={detail} onClose={() => setDetail(null)} />
    </>
  );
}

function AlertDetails({ alert, onClose }: { alert: TradingAlert | null; onClose: () => void }) {
  const { isAdmin } = useRole();
  const [bets, setBets] = useState(false);
  const market = useMarketInfo(alert?.marketId ?? null, alert?.eventName ?? "");
  return (
    <Dialog.Root open={alert !== null} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Content maxWidth="480px" data-testid="alert-details-dialog">
        <Dialog.Title>Alert details</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {alert?.message}
        </Dialog.Description>
        {alert && (
          <DataList.Root size="2">
            <DataList.Item>
              <DataList.Label>Type</DataList.Label>
              <DataList.Value>{alert.type.replaceAll("_", " ")}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Severity</DataList.Label>
              <DataList.Value>
                <Badge color={SEVERITY_COLOR[alert.severity]}>{alert.severity}</Badge>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Event</DataList.Label>
              <DataList.Value>{alert.eventName ?? "—"}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Market</DataList.Label>
              <DataList.Value>{market ? market.marketName : (alert.marketId ?? "—")}</DataList.Value>
            </DataList.Item>
            {market && market.limit !== null && (
              <DataList.Item>
                <DataList.Label>Liability / limit</DataList.Label>
                <DataList.Value>
                  {formatMoney(market.liability ?? 0)} / {formatMoney(market.limit)}
                </DataList.Value>
              </DataList.Item>
            )}
            <DataList.Item>
              <DataList.Label>Raised</DataList.Label>
              <DataList.Value>{formatStamp(alert.createdAt)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Acknowledged</DataList.Label>
              <DataList.Value data-testid="alert-acknowledged-by">{alert.acknowledged ? `${formatStamp(alert.acknowledgedAt)} by ${acknowledgerOf(alert)}` : "No"}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
        )}
        <Flex gap="3" justify="end" mt="4">
          {market && (
            <Button variant="soft" onClick={() => setBets(true)}>
              View Bets
            </Button>
          )}
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
        <MarketBetsDialog market={market} open={bets} onOpenChange={setBets} canSettle={isAdmin} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
