/**
 * The dashboard: stat tiles, settlement progress and fraud alerts on the left; Manage Events, Bet
 * Management and the risk heatmap in the centre; liquidity, tasks and system health on the right.
 */
import { Button } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { queries } from "../../lib/queries.ts";
import { BetsTable } from "./bets-table.tsx";
import { BetTicker } from "./bet-ticker.tsx";
import { useConsole } from "./console-context.tsx";
import { centsCell, exportCsv } from "./csv.ts";
import { EventsTable } from "./events-table.tsx";
import { FraudAlertsCard } from "./fraud-alerts-card.tsx";
import { PlusIcon } from "./icons.tsx";
import { LiquidityCard } from "./liquidity-card.tsx";
import { RiskHeatmap } from "./risk-heatmap.tsx";
import { SettlementCard, StatTiles } from "./stat-tiles.tsx";
import { SystemHealthCard } from "./system-health-card.tsx";
import { TasksCard } from "./tasks-card.tsx";
import { ExportButton, SectionFrame } from "./ui.tsx";

/** canManage: admins act on events and bets; traders see the same figures read-only. */
export function DashboardSection({ canManage }: { canManage: boolean }) {
  const console = useConsole();
  const queryClient = useQueryClient();

  async function exportDashboard(): Promise<number> {
    const [s, heat] = await Promise.all([
      queryClient.fetchQuery(queries.dashboardStats()),
      queryClient.fetchQuery(queries.riskHeatmap("24h")).catch(() => null),
    ]);
    type Row = { metric: string; value: string | number };
    const rows: Row[] = [
      { metric: "total_bets", value: s.totalBets },
      { metric: "pending_bets", value: s.pendingBets },
      { metric: "won_bets", value: s.wonBets },
      { metric: "lost_bets", value: s.lostBets },
      { metric: "void_bets", value: s.voidBets },
      { metric: "active_customers", value: s.activeCustomers },
      { metric: "live_events", value: s.liveEvents },
      { metric: "upcoming_events", value: s.upcomingEvents },
      { metric: "finished_events", value: s.finishedEvents },
      { metric: "total_staked", value: centsCell(s.totalStaked) },
      { metric: "total_returned", value: centsCell(s.totalReturned) },
      { metric: "gross_revenue", value: centsCell(s.grossRevenue) },
      { metric: "open_liability", value: centsCell(s.openLiability) },
      { metric: "settlement_rate_percent", value: (s.settlementRate * 100).toFixed(1) },
      ...(heat?.cells ?? []).map((c) => ({ metric: `heatmap_24h_${c.sport}_${c.market}_liability`, value: centsCell(c.liability) })),
    ];
    return exportCsv<Row>("dashboard", [["metric", (r) => r.metric], ["value", (r) => r.value]], rows);
  }

  return (
    <SectionFrame
      id="dashboard"
      title="Dashboard"
      description="Overview & Analytics"
      actions={
        <>
          {canManage && (
            <Button asChild variant="soft" color="red">
              <a href="/fraud-monitoring" data-testid="fraud-monitor-link">
                Fraud Monitor
              </a>
            </Button>
          )}
          {canManage && (
            <Button variant="soft" onClick={() => console?.openCreateEvent()} data-testid="new-event-button">
              <PlusIcon /> New Event
            </Button>
          )}
          <ExportButton onExport={exportDashboard} testId="dashboard-export" />
        </>
      }
    >
      <div className="adm-dash">
        <div className="adm-dash__left">
          <StatTiles />
          <SettlementCard />
          <FraudAlertsCard />
        </div>
        <div className="adm-dash__centre">
          <EventsTable canManage={canManage} />
          {/* Traders read every bet and the ticker; settling stays with administrators. */}
          <BetsTable readOnly={!canManage} />
          <BetTicker />
          <RiskHeatmap />
        </div>
        <div className="adm-dash__right">
          <LiquidityCard />
          <TasksCard />
          <SystemHealthCard />
        </div>
      </div>
    </SectionFrame>
  );
}
