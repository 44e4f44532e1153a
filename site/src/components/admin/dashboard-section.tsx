/**
 * The dashboard: stat tiles, settlement progress and fraud alerts on the left; Manage Events, Bet
 * Management and the risk heatmap in the centre; liquidity, tasks and system health on the right.
 */
import { Button } from "@radix-ui/themes";
import { apiGetText } from "../../lib/api.ts";
import { BetsTable } from "./bets-table.tsx";
import { BetTicker } from "./bet-ticker.tsx";
import { useConsole } from "./console-context.tsx";
import { csvFilename, downloadCsv } from "./csv.ts";
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

  /**
   * The server builds the CSV from the figures it serves now (GET /api/dashboard/stats.csv), so the
   * file never carries this page's cached copy of them.
   */
  async function exportDashboard(): Promise<number> {
    const csv = await apiGetText("/api/dashboard/stats.csv?range=24h");
    downloadCsv(csvFilename("dashboard"), csv);
    return csv.trimEnd().split("\r\n").length - 1;
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
