/**
 * Risk Management on GET /api/admin/risk-metrics (polled every 60 s): summary
 * cards, a high-risk banner, Market Risk, Customer Risk, a Real-time Monitor charting the book's
 * exposure and liability over the last 24 hours, and Risk Controls that act (suspend a market,
 * limit or restrict an account).
 */
import { Callout, Tabs } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { formatMoney } from "../../../lib/format.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { centsCell, exportCsv } from "../csv.ts";
import { compactMoney, ErrorNote, ExportButton, RowsSkeleton, SectionFrame, StatCard, StatGrid } from "../ui.tsx";
import { MarketRiskTable } from "./market-risk-table.tsx";
import { CustomerRiskTable } from "./customer-risk-table.tsx";
import { Monitor } from "./risk-monitor.tsx";
import { RiskControls } from "./risk-controls.tsx";
import { RiskSettings } from "./risk-settings.tsx";

export default function RiskSection() {
  const metrics = useQuery(adminQueries.riskMetrics());
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
        <StatCard label="Total Liability" value={m ? formatMoney(m.totalLiability) : undefined} tone="red" sub="Each market at its worst outcome" testId="risk-liability" />
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
          <Tabs.Trigger value="settings" data-testid="tab-risk-settings">Settings</Tabs.Trigger>
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
        <Tabs.Content value="settings" className="adm-tab">
          <RiskSettings />
        </Tabs.Content>
      </Tabs.Root>
    </SectionFrame>
  );
}
