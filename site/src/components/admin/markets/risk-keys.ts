import { keys } from "../../../lib/query-keys.ts";
import { adminKeys } from "../../../lib/queries-admin.ts";

/** Everything that shows market risk is refreshed after a change. */
export const RISK_KEYS = [
    adminKeys.riskHeatmap,
    adminKeys.riskMetrics,
    adminKeys.tradingOverview,
    adminKeys.tradingAlerts,
    keys.events,
    keys.liveOdds,
    adminKeys.oddsControl,
    adminKeys.adminMarkets,
    adminKeys.allBets,
    adminKeys.dashboardStats,
] as const;
