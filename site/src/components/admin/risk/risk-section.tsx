/**
 * Risk Management (spec section 2) on GET /api/admin/risk-metrics (polled every 60 s): summary
 * cards, a high-risk banner, Market Risk, Customer Risk, a Real-time Monitor charting the book's
 * exposure and liability over the last 24 hours, and Risk Controls that act (suspend a market,
 * limit or restrict an account).
 */
import { Badge, Button, Callout, Card, Flex, Grid, Heading, Progress, Select, Table, Tabs, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { CustomerRisk, MarketRisk } from "../../../../../api/schemas/risk.ts";
import { formatMoney } from "../../../lib/format.ts";
import { queries } from "../../../lib/queries.ts";
import { useRole } from "../console-context.tsx";
import { centsCell, exportCsv } from "../csv.ts";
import { AdjustLimitDialog, MarketBetsDialog, useSuspendMarket } from "../markets/market-actions.tsx";
import { useMarketInfo } from "../markets/market-directory.ts";
import { StakeFactorDialog } from "../trading/sharp-tracking.tsx";
import { OutcomeTable } from "../trading/outcome-table.tsx";
import { compactMoney, EmptyState, ErrorNote, ExportButton, formatStamp, RiskLevelBadge, RowsSkeleton, scoreColor, SectionFrame, StatCard, StatGrid, TableScroll, usageColor } from "../ui.tsx";
import { LineChart } from "./line-chart.tsx";
import { RestrictDialog } from "./restrict-dialog.tsx";

const FLAG_LABEL: Record<CustomerRisk["flags"][number], string> = {
  high_win_rate: "High win rate",
  sharp: "Sharp",
  beats_closing_line: "Beats closing line",
  large_stakes: "Large stakes",
  limited: "Limited",
  suspended: "Suspended",
};

export default function RiskSection() {
  const metrics = useQuery(queries.riskMetrics());
  const m = metrics.data;
  const hot = (m?.markets ?? []).filter((x) => x.riskLevel === "critical" || x.riskLevel === "high");

  function exportRisk(): number {
    type Row = { kind: string; id: string; name: string; a: string; b: string; c: string | number; d: string | number; e: string };
    const rows: Row[] = [
      ...(m?.markets ?? []).map((x) => ({
        kind: "market", id: x.marketId, name: `${x.eventName} · ${x.marketName}`, a: centsCell(x.exposure), b: centsCell(x.liability), c: x.limitUsage.toFixed(2), d: x.riskValue, e: x.status,
      })),
      ...(m?.customers ?? []).map((c) => ({
        kind: "customer", id: c.userId, name: c.name, a: centsCell(c.totalStaked), b: "", c: c.winRate.toFixed(1), d: c.sharpScore, e: c.flags.join("|"),
      })),
    ];
    return exportCsv<Row>(
      "risk",
      [
        ["kind", (r) => r.kind],
        ["id", (r) => r.id],
        ["name", (r) => r.name],
        ["exposure_or_staked", (r) => r.a],
        ["liability", (r) => r.b],
        ["limit_usage_or_win_rate_percent", (r) => r.c],
        ["risk_value_or_score", (r) => r.d],
        ["status_or_flags", (r) => r.e],
      ],
      rows,
    );
  }

  return (
    <SectionFrame id="risk" title="Risk Management" description="Risk & Exposure Control" actions={<ExportButton label="Export" onExport={exportRisk} testId="risk-export" />}>
      <ErrorNote what="risk figures" error={metrics.error} />
      <StatGrid testId="risk-cards">
        <StatCard label="Total Exposure" value={m ? compactMoney(m.totalExposure) : undefined} sub={m ? `Daily limit ${compactMoney(m.dailyExposureLimit)}` : undefined} testId="risk-exposure" />
        <StatCard label="Total Liability" value={m ? formatMoney(m.totalLiability) : undefined} tone="red" testId="risk-liability" />
        <StatCard label="Profit Margin" value={m ? `${m.profitMargin.toFixed(2)}%` : undefined} tone="green" sub="Overround of open markets" testId="risk-margin" />
        <StatCard label="Active Alerts" value={m ? String(m.activeAlerts) : undefined} tone={m && m.activeAlerts ? "red" : undefined} testId="risk-alerts" />
      </StatGrid>
      {hot.length > 0 && (
        <Callout.Root color="red" mt="3" data-testid="risk-banner">
          <Callout.Text>
            High risk: {hot.length} {hot.length === 1 ? "market is" : "markets are"} at high or critical risk (
            {hot
              .slice(0, 3)
              .map((x) => `${x.eventName} · ${x.marketName}`)
              .join(", ")}
            {hot.length > 3 ? ", …" : ""}).
          </Callout.Text>
        </Callout.Root>
      )}
      <Tabs.Root defaultValue="markets" mt="4">
        <Tabs.List aria-label="Risk views">
          <Tabs.Trigger value="markets">Market Risk</Tabs.Trigger>
          <Tabs.Trigger value="customers">Customer Risk</Tabs.Trigger>
          <Tabs.Trigger value="monitor">Real-time Monitor</Tabs.Trigger>
          <Tabs.Trigger value="controls">Risk Controls</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="markets" className="adm-tab">
          {metrics.isPending ? <RowsSkeleton rows={4} /> : <MarketRiskTable markets={m?.markets ?? []} />}
        </Tabs.Content>
        <Tabs.Content value="customers" className="adm-tab">
          {metrics.isPending ? <RowsSkeleton rows={4} /> : <CustomerRiskTable customers={m?.customers ?? []} />}
        </Tabs.Content>
        <Tabs.Content value="monitor" className="adm-tab">
          {m ? <Monitor series={m.series} dailyLimit={m.dailyExposureLimit} totalExposure={m.totalExposure} /> : <RowsSkeleton rows={2} height="160px" />}
        </Tabs.Content>
        <Tabs.Content value="controls" className="adm-tab">
          <RiskControls markets={m?.markets ?? []} customers={m?.customers ?? []} />
        </Tabs.Content>
      </Tabs.Root>
    </SectionFrame>
  );
}

function MarketRiskTable({ markets }: { markets: MarketRisk[] }) {
  const { isAdmin } = useRole();
  const suspend = useSuspendMarket();
  const [dialog, setDialog] = useState<{ kind: "limit" | "bets"; id: string } | null>(null);
  const info = useMarketInfo(dialog?.id ?? null);
  if (markets.length === 0) return <EmptyState title="No markets with open bets" />;
  return (
    <>
      <TableScroll label="Market risk table">
        <Table.Root size="1" variant="surface" data-testid="market-risk-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Market</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Exposure</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Liability / limit</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Volume</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Risk</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Margin</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Actions</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {markets.map((x) => (
              <Table.Row key={x.marketId} data-testid={`market-risk-${x.marketId}`} align="center">
                <Table.RowHeaderCell style={{ minWidth: 320 }}>
                  <Text as="div" size="2" weight="medium">
                    {x.eventName}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {x.sport} · {x.marketName} {x.status !== "open" && <Badge color="amber">{x.status}</Badge>}
                  </Text>
                  {/* Every outcome as a row by its own name (Draw, racing runners): price, stakes, payout, liability. */}
                  <OutcomeTable outcomes={x.outcomes} caption={`${x.eventName} · ${x.marketName}: outcomes`} testId={`risk-outcomes-${x.marketId}`} />
                </Table.RowHeaderCell>
                <Table.Cell className="adm-num">{formatMoney(x.exposure)}</Table.Cell>
                <Table.Cell style={{ minWidth: 160 }}>
                  <Text size="1" className="adm-num">
                    {formatMoney(x.liability)} / {compactMoney(x.limit)}
                  </Text>
                  <Progress value={Math.min(100, x.limitUsage)} color={usageColor(x.limitUsage)} size="1" aria-label="Limit usage" />
                </Table.Cell>
                <Table.Cell className="adm-num">{formatMoney(x.volume)}</Table.Cell>
                <Table.Cell>
                  <RiskLevelBadge level={x.riskLevel} /> <Text size="1">{x.riskValue}</Text>
                </Table.Cell>
                <Table.Cell className="adm-num">{x.margin.toFixed(2)}%</Table.Cell>
                <Table.Cell justify="end">
                  <Flex gap="1" justify="end" wrap="nowrap">
                    <Button
                      size="1"
                      variant="soft"
                      color={x.status === "suspended" ? "green" : "red"}
                      disabled={x.status === "closed"}
                      onClick={() => suspend.mutate({ marketId: x.marketId, suspend: x.status !== "suspended", label: `${x.eventName} · ${x.marketName}` })}
                      data-testid={`risk-suspend-${x.marketId}`}
                    >
                      {x.status === "suspended" ? "Reopen" : "Suspend"}
                    </Button>
                    <Button size="1" variant="soft" onClick={() => setDialog({ kind: "limit", id: x.marketId })}>
                      Limit
                    </Button>
                    <Button size="1" variant="soft" color="gray" onClick={() => setDialog({ kind: "bets", id: x.marketId })}>
                      Bets
                    </Button>
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
      <AdjustLimitDialog market={dialog?.kind === "limit" ? info : null} open={dialog?.kind === "limit"} onOpenChange={(o) => !o && setDialog(null)} />
      <MarketBetsDialog market={dialog?.kind === "bets" ? info : null} open={dialog?.kind === "bets"} onOpenChange={(o) => !o && setDialog(null)} canSettle={isAdmin} />
    </>
  );
}

function CustomerRiskTable({ customers }: { customers: CustomerRisk[] }) {
  const { isAdmin } = useRole();
  const [limit, setLimit] = useState<{ userId: string; name: string; stakeFactor: number } | null>(null);
  const [restrict, setRestrict] = useState<{ userId: string; name: string } | null>(null);
  if (customers.length === 0) return <EmptyState title="No customers with bets" />;
  return (
    <>
      <TableScroll label="Customer risk table">
        <Table.Root size="1" variant="surface" data-testid="customer-risk-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Customer</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Total staked</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Win rate</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Sharp score</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Flags</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Last activity</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Actions</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {customers.map((c) => (
              <Table.Row key={c.userId} data-testid={`customer-risk-${c.userId}`} align="center">
                <Table.RowHeaderCell style={{ minWidth: 180 }}>
                  <Text as="div" size="2" weight="medium">
                    {c.name}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {c.email}
                  </Text>
                </Table.RowHeaderCell>
                <Table.Cell className="adm-num">{formatMoney(c.totalStaked)}</Table.Cell>
                <Table.Cell className="adm-num">
                  <Text color={c.winRate > 65 ? "red" : undefined}>{c.winRate.toFixed(1)}%</Text>
                </Table.Cell>
                <Table.Cell>
                  <Text weight="bold" color={scoreColor(c.sharpScore)}>
                    {c.sharpScore}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="1" wrap="wrap">
                    {c.flags.length === 0 ? (
                      <Text size="1" color="gray">
                        —
                      </Text>
                    ) : (
                      c.flags.map((f) => (
                        <Badge key={f} color={f === "suspended" ? "red" : "orange"} variant="soft">
                          {FLAG_LABEL[f]}
                        </Badge>
                      ))
                    )}
                  </Flex>
                </Table.Cell>
                <Table.Cell className="adm-nowrap">{formatStamp(c.lastActivity)}</Table.Cell>
                <Table.Cell justify="end">
                  <Flex gap="1" justify="end">
                    <Button size="1" variant="soft" color="orange" onClick={() => setLimit({ userId: c.userId, name: c.name, stakeFactor: c.stakeFactor })}>
                      Limit
                    </Button>
                    {isAdmin && (
                      <Button size="1" variant="soft" color="red" disabled={!c.isActive} onClick={() => setRestrict({ userId: c.userId, name: c.name })} data-testid={`restrict-${c.userId}`}>
                        {c.isActive ? "Restrict" : "Restricted"}
                      </Button>
                    )}
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
      <StakeFactorDialog target={limit} onClose={() => setLimit(null)} />
      <RestrictDialog target={restrict} onClose={() => setRestrict(null)} />
    </>
  );
}

function Monitor({ series, dailyLimit, totalExposure }: { series: { at: string; exposure: number; liability: number }[]; dailyLimit: number; totalExposure: number }) {
  const times = series.map((p) => p.at);
  const usage = dailyLimit > 0 ? (totalExposure / dailyLimit) * 100 : 0;
  return (
    <Grid columns={{ initial: "1", lg: "2" }} gap="3">
      <Card size="2">
        <Heading as="h3" size="3" mb="2">
          Exposure and liability, last 24 hours
        </Heading>
        {series.length === 0 ? (
          <EmptyState title="No history yet" />
        ) : (
          <LineChart
            title="Exposure and liability"
            times={times}
            valueLabel="Amount ($)"
            series={[
              { name: "Exposure", color: "var(--blue-9)", values: series.map((p) => p.exposure) },
              { name: "Liability", color: "var(--red-9)", values: series.map((p) => p.liability) },
            ]}
            format={compactMoney}
          />
        )}
      </Card>
      <Card size="2">
        <Heading as="h3" size="3" mb="2">
          Liability share of exposure
        </Heading>
        {series.length === 0 ? (
          <EmptyState title="No history yet" />
        ) : (
          <LineChart
            title="Liability as a percent of exposure"
            times={times}
            valueLabel="Liability / exposure (%)"
            series={[{ name: "Liability / exposure %", color: "var(--amber-9)", values: series.map((p) => (p.exposure > 0 ? (p.liability / p.exposure) * 100 : 0)) }]}
            format={(v) => `${v.toFixed(1)}%`}
          />
        )}
        <Text as="div" size="2" mt="3">
          Daily exposure limit: {compactMoney(totalExposure)} of {compactMoney(dailyLimit)}
        </Text>
        <Progress value={Math.min(100, usage)} color={usageColor(usage)} mt="1" aria-label="Daily exposure limit usage" />
      </Card>
    </Grid>
  );
}

function RiskControls({ markets, customers }: { markets: MarketRisk[]; customers: CustomerRisk[] }) {
  const { isAdmin } = useRole();
  const events = useQuery(queries.events({ status: "open", limit: 100 }));
  const suspend = useSuspendMarket();
  const [marketId, setMarketId] = useState("");
  const [userId, setUserId] = useState("");
  const [limit, setLimit] = useState<{ userId: string; name: string; stakeFactor: number } | null>(null);
  const [restrict, setRestrict] = useState<{ userId: string; name: string } | null>(null);
  const target = useMarketInfo(marketId || null);

  // Every market of open events, the risky ones (with open bets) first.
  const options = new Map<string, string>();
  for (const x of markets) options.set(x.marketId, `${x.eventName} · ${x.marketName} (liability ${formatMoney(x.liability)})`);
  for (const e of events.data ?? []) for (const mk of e.markets) if (!options.has(mk.id)) options.set(mk.id, `${e.name} · ${mk.name}`);
  const customer = customers.find((c) => c.userId === userId);

  return (
    <Grid columns={{ initial: "1", md: "2" }} gap="3">
      <Card size="2" data-testid="control-suspend">
        <Heading as="h3" size="3" mb="2">
          Suspend Market
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          A suspended market accepts no bets until it is reopened.
        </Text>
        <Select.Root value={marketId} onValueChange={setMarketId}>
          <Select.Trigger placeholder="Choose a market" aria-label="Market to suspend" style={{ width: "100%" }} />
          <Select.Content position="popper">
            {[...options].map(([id, text]) => (
              <Select.Item key={id} value={id}>
                {text}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        {target && (
          <Text as="div" size="1" color="gray" mt="2">
            Status: {target.status}
          </Text>
        )}
        <Button
          mt="3"
          color={target?.status === "suspended" ? "green" : "red"}
          disabled={!target || target.status === "closed"}
          loading={suspend.isPending}
          onClick={() => target && suspend.mutate({ marketId: target.id, suspend: target.status !== "suspended", label: `${target.eventName} · ${target.marketName}` })}
        >
          {target?.status === "suspended" ? "Reopen Market" : "Suspend Market"}
        </Button>
      </Card>
      <Card size="2" data-testid="control-restrict">
        <Heading as="h3" size="3" mb="2">
          Restrict Account
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Limit a customer's stakes, or suspend the account outright{isAdmin ? "" : " (administrators only)"}.
        </Text>
        <Select.Root value={userId} onValueChange={setUserId}>
          <Select.Trigger placeholder="Choose a customer" aria-label="Customer" style={{ width: "100%" }} />
          <Select.Content position="popper">
            {customers.map((c) => (
              <Select.Item key={c.userId} value={c.userId}>
                {c.name} · sharp score {c.sharpScore}
                {c.isActive ? "" : " (suspended)"}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Flex gap="2" mt="3" wrap="wrap">
          <Button variant="soft" color="orange" disabled={!customer} onClick={() => customer && setLimit({ userId: customer.userId, name: customer.name, stakeFactor: customer.stakeFactor })}>
            Limit Stakes
          </Button>
          {isAdmin && (
            <Button color="red" disabled={!customer || !customer.isActive} onClick={() => customer && setRestrict({ userId: customer.userId, name: customer.name })}>
              Restrict Account
            </Button>
          )}
        </Flex>
      </Card>
      <StakeFactorDialog target={limit} onClose={() => setLimit(null)} />
      <RestrictDialog target={restrict} onClose={() => setRestrict(null)} />
    </Grid>
  );
}
