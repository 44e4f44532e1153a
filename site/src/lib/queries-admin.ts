/**
 * queryOptions factories of the back office (admin console, fraud monitoring, user management), and
 * the key prefixes of its resources. Intervals follow the product spec where it names one.
 */
import { queryOptions } from "@tanstack/react-query";
import type { DebtResponse, MarketReviewsResponse, SettlementExceptionsResponse } from "../../../api/schemas/corrections.ts";
import type { LiveOddsItem } from "../../../api/schemas/events.ts";
import type { AdminBet } from "../../../api/schemas/bets.ts";
import type { DashboardStats, Health } from "../../../api/schemas/admin.ts";
import type { BonusView } from "../../../domain/wallet/bonus-account.ts";
import type { ApprovalQueueResponse, InvestigationResponse } from "../../../api/schemas/payments-admin.ts";
import type { ApprovalListResponse } from "../../../api/schemas/approvals.ts";
import type { RiskSettingsResponse } from "../../../api/schemas/governance.ts";
import type { RgInteraction, RgOverview } from "../../../api/schemas/rg-admin.ts";
import type { RiskHeatmap, HeatmapRange, RiskMetrics } from "../../../api/schemas/risk.ts";
import type { TradingOverview, TradingAlert, SharpBettor } from "../../../api/schemas/trading.ts";
import type { AdminMarket } from "../../../api/schemas/markets.ts";
import type { AuditRecord, SystemInfo } from "../../../api/schemas/audit.ts";
import type { AdminUser, UserStats, UserActivity } from "../../../api/schemas/users.ts";
import type {
  FraudAlert, FraudRulePrecision, TransactionMonitoringRecord, BonusAbuseAlert, UserRiskProfile, TimeWindow,
} from "../../../api/schemas/fraud.ts";
import type { Task, TaskStats, StaffMember, BulkOperation } from "../../../api/schemas/tasks.ts";
import type {
  CrmSegment, CustomerProfile, PaymentsSummary, PaymentTransaction, AdminLiveMatch, SegmentId,
} from "../../../api/schemas/back-office.ts";
import { apiGet, queryString } from "./api.ts";

export type AuditFilter = {
  actorId?: string; entityType?: string; entityId?: string; action?: string; from?: string; to?: string; limit?: number;
};
export type UsersFilter = { search?: string; status?: "active" | "suspended"; kyc?: "verified" | "basic" | "pending" | "rejected" };

/** The back office's key prefixes (as `keys` in query-keys.ts for the customer side). */
export const adminKeys = {
  dashboardStats: ["/api/dashboard/stats"],
  health: ["/api/health"],
  allBets: ["/api/admin/all-bets"],
  riskHeatmap: ["/api/admin/risk-heatmap"],
  riskMetrics: ["/api/admin/risk-metrics"],
  adminMarkets: ["/api/admin/markets"],
  tradingOverview: ["/api/trading/overview"],
  oddsControl: ["/api/trading/odds-control"],
  tradingAlerts: ["/api/trading/alerts"],
  sharpBettors: ["/api/trading/sharp-bettors"],
  audit: ["/api/admin/audit"],
  system: ["/api/admin/system"],
  adminUsers: ["/api/admin/users"],
  userStats: ["/api/admin/user-stats"],
  fraudAlerts: ["/api/admin/fraud-alerts"],
  transactionMonitoring: ["/api/admin/transaction-monitoring"],
  bonusAbuseAlerts: ["/api/admin/bonus-abuse-alerts"],
  fraudRulePrecision: ["/api/admin/fraud/rule-precision"],
  userRiskProfiles: ["/api/admin/user-risk-profiles"],
  tasks: ["/api/admin/tasks"],
  taskStats: ["/api/admin/task-stats"],
  staff: ["/api/admin/staff"],
  bulkOperations: ["/api/admin/bulk-operations"],
  settlementExceptions: ["/api/admin/settlement-exceptions"],
  crmSegments: ["/api/admin/crm/segments"],
  crmCustomers: ["/api/admin/crm/customers"],
  paymentsSummary: ["/api/admin/payments/summary"],
  paymentTransactions: ["/api/admin/payments/transactions"],
  paymentApprovals: ["/api/admin/payments/approvals"],
  approvals: ["/api/admin/approvals"],
  riskSettings: ["/api/admin/risk-settings"],
  marketReviews: ["/api/admin/market-reviews"],
  adminLive: ["/api/admin/live"],
  rgOverview: ["/api/admin/responsible"],
  rgInteractions: ["/api/admin/responsible/interactions"],
} as const;

export const adminQueries = {
  /**
   * A customer's bonus and wagering as the operator sees it (no upkeep: looking changes nothing).
   * Keyed under the CRM customers, so Send Bonus (which invalidates them) refreshes it.
   */
  adminCustomerBonus: (customerId: string) =>
    queryOptions({
      queryKey: [...adminKeys.crmCustomers, "bonus", customerId],
      queryFn: () => apiGet<BonusView>(`/api/admin/customers/${encodeURIComponent(customerId)}/bonus`),
    }),
  dashboardStats: () =>
    queryOptions({
      queryKey: [...adminKeys.dashboardStats],
      queryFn: () => apiGet<DashboardStats>("/api/dashboard/stats"),
      refetchInterval: 30_000,
    }),
  health: () =>
    queryOptions({
      queryKey: [...adminKeys.health],
      queryFn: () => apiGet<Health>("/api/health"),
      refetchInterval: 30_000,
    }),
  allBets: (status: "all" | "pending" | "settled" = "all") =>
    queryOptions({
      queryKey: [...adminKeys.allBets, status],
      queryFn: () => apiGet<AdminBet[]>(`/api/admin/all-bets?status=${status}`),
      refetchInterval: 10_000,
    }),
  riskHeatmap: (range: HeatmapRange = "24h") =>
    queryOptions({
      queryKey: [...adminKeys.riskHeatmap, range],
      queryFn: () => apiGet<RiskHeatmap>(`/api/admin/risk-heatmap${queryString({ range })}`),
      refetchInterval: 30_000,
    }),
  riskMetrics: () =>
    queryOptions({
      queryKey: [...adminKeys.riskMetrics],
      queryFn: () => apiGet<RiskMetrics>("/api/admin/risk-metrics"),
      refetchInterval: 60_000,
    }),
  marketBets: (marketId: string) =>
    queryOptions({
      queryKey: [...adminKeys.adminMarkets, marketId, "bets"],
      queryFn: () => apiGet<AdminBet[]>(`/api/admin/markets/${encodeURIComponent(marketId)}/bets`),
      refetchInterval: 10_000,
    }),
  adminMarket: (marketId: string) =>
    queryOptions({
      queryKey: [...adminKeys.adminMarkets, marketId],
      queryFn: async () => (await apiGet<{ market: AdminMarket }>(`/api/admin/markets/${encodeURIComponent(marketId)}`)).market,
    }),
  tradingOverview: () =>
    queryOptions({
      queryKey: [...adminKeys.tradingOverview],
      queryFn: () => apiGet<TradingOverview>("/api/trading/overview"),
      refetchInterval: 30_000,
    }),
  oddsControl: () =>
    queryOptions({
      queryKey: [...adminKeys.oddsControl],
      queryFn: () => apiGet<LiveOddsItem[]>("/api/trading/odds-control"),
      refetchInterval: 3_000,
      staleTime: 1_000,
    }),
  tradingAlerts: () =>
    queryOptions({
      queryKey: [...adminKeys.tradingAlerts],
      queryFn: () => apiGet<TradingAlert[]>("/api/trading/alerts"),
      refetchInterval: 30_000,
    }),
  sharpBettors: () =>
    queryOptions({
      queryKey: [...adminKeys.sharpBettors],
      queryFn: () => apiGet<SharpBettor[]>("/api/trading/sharp-bettors"),
      refetchInterval: 60_000,
    }),
  audit: (filter: AuditFilter = {}) =>
    queryOptions({
      queryKey: [...adminKeys.audit, filter],
      queryFn: () => apiGet<AuditRecord[]>(`/api/admin/audit${queryString(filter)}`),
    }),
  system: () =>
    queryOptions({
      queryKey: [...adminKeys.system],
      queryFn: () => apiGet<SystemInfo>("/api/admin/system"),
      refetchInterval: 30_000,
    }),
  adminUsers: (filter: UsersFilter = {}) =>
    queryOptions({
      queryKey: [...adminKeys.adminUsers, filter.search ?? "", filter.status ?? "all", filter.kyc ?? "all"],
      queryFn: async () => {
        const data = await apiGet<unknown>(`/api/admin/users${queryString(filter)}`);
        return Array.isArray(data) ? (data as AdminUser[]) : [];
      },
    }),
  userStats: () =>
    queryOptions({ queryKey: [...adminKeys.userStats], queryFn: () => apiGet<UserStats>("/api/admin/user-stats") }),
  userActivity: (userId: string) =>
    queryOptions({
      queryKey: [...adminKeys.adminUsers, userId, "activity"],
      queryFn: () => apiGet<UserActivity>(`/api/admin/users/${encodeURIComponent(userId)}/activity`),
    }),
  userDebt: (userId: string) =>
    queryOptions({
      queryKey: [...adminKeys.adminUsers, userId, "debt"],
      queryFn: () => apiGet<DebtResponse>(`/api/admin/users/${encodeURIComponent(userId)}/debt`),
    }),
  fraudAlerts: (timeWindow: TimeWindow = "24h") =>
    queryOptions({
      queryKey: [...adminKeys.fraudAlerts, timeWindow],
      queryFn: async () => {
        const data = await apiGet<unknown>(`/api/admin/fraud-alerts${queryString({ timeWindow })}`);
        return Array.isArray(data) ? (data as FraudAlert[]) : [];
      },
    }),
  transactionMonitoring: (timeWindow: TimeWindow = "24h", userId?: string) =>
    queryOptions({
      queryKey: [...adminKeys.transactionMonitoring, timeWindow, userId ?? "all"],
      queryFn: async () => {
        const data = await apiGet<unknown>(`/api/admin/transaction-monitoring${queryString({ timeWindow, userId })}`);
        return Array.isArray(data) ? (data as TransactionMonitoringRecord[]) : [];
      },
    }),
  bonusAbuseAlerts: () =>
    queryOptions({
      queryKey: [...adminKeys.bonusAbuseAlerts],
      queryFn: async () => {
        const data = await apiGet<unknown>("/api/admin/bonus-abuse-alerts");
        return Array.isArray(data) ? (data as BonusAbuseAlert[]) : [];
      },
    }),
  fraudRulePrecision: () =>
    queryOptions({
      queryKey: [...adminKeys.fraudRulePrecision],
      queryFn: async () => {
        const data = await apiGet<unknown>("/api/admin/fraud/rule-precision");
        return Array.isArray(data) ? (data as FraudRulePrecision[]) : [];
      },
    }),
  userRiskProfiles: () =>
    queryOptions({
      queryKey: [...adminKeys.userRiskProfiles],
      queryFn: async () => {
        const data = await apiGet<unknown>("/api/admin/user-risk-profiles");
        return Array.isArray(data) ? (data as UserRiskProfile[]) : [];
      },
    }),
  tasks: () =>
    queryOptions({ queryKey: [...adminKeys.tasks], queryFn: () => apiGet<Task[]>("/api/admin/tasks"), refetchInterval: 30_000 }),
  taskStats: () =>
    queryOptions({ queryKey: [...adminKeys.taskStats], queryFn: () => apiGet<TaskStats>("/api/admin/task-stats"), refetchInterval: 30_000 }),
  staff: () => queryOptions({ queryKey: [...adminKeys.staff], queryFn: () => apiGet<StaffMember[]>("/api/admin/staff") }),
  bulkOperations: () =>
    queryOptions({
      queryKey: [...adminKeys.bulkOperations],
      queryFn: () => apiGet<BulkOperation[]>("/api/admin/bulk-operations"),
      // While one runs, poll every second so its progress bar moves; otherwise no polling.
      refetchInterval: (q) =>
        q.state.data?.some((o) => o.status === "pending" || o.status === "processing") ? 1_000 : false,
    }),
  /** Settlements a database guard refused (open ones, or all): refreshed with the settlement figures. */
  settlementExceptions: (status: "open" | "all" = "open") =>
    queryOptions({
      queryKey: [...adminKeys.settlementExceptions, status],
      queryFn: () => apiGet<SettlementExceptionsResponse>(`/api/admin/settlement-exceptions?status=${status}`),
      refetchInterval: 30_000,
    }),
  crmSegments: () =>
    queryOptions({ queryKey: [...adminKeys.crmSegments], queryFn: () => apiGet<CrmSegment[]>("/api/admin/crm/segments") }),
  crmCustomers: (search = "", segment?: SegmentId) =>
    queryOptions({
      queryKey: [...adminKeys.crmCustomers, search, segment ?? "all"],
      queryFn: () => apiGet<CustomerProfile[]>(`/api/admin/crm/customers${queryString({ search, segment })}`),
    }),
  paymentsSummary: () =>
    queryOptions({
      queryKey: [...adminKeys.paymentsSummary],
      queryFn: () => apiGet<PaymentsSummary>("/api/admin/payments/summary"),
      refetchInterval: 30_000,
    }),
  paymentTransactions: (type: "all" | "deposit" | "withdrawal" | "deposit_bonus" | "adjustment" = "all") =>
    queryOptions({
      queryKey: [...adminKeys.paymentTransactions, type],
      queryFn: () => apiGet<PaymentTransaction[]>(`/api/admin/payments/transactions${queryString({ type, limit: 200 })}`),
      refetchInterval: 30_000,
    }),
  adminLive: () =>
    queryOptions({
      queryKey: [...adminKeys.adminLive],
      queryFn: () => apiGet<AdminLiveMatch[]>("/api/admin/live"),
      refetchInterval: 3_000,
      staleTime: 1_000,
    }),
  /** The pending withdrawals awaiting an operator (GET /api/admin/payments/approvals). */
  paymentApprovals: () =>
    queryOptions({
      queryKey: [...adminKeys.paymentApprovals],
      queryFn: () => apiGet<ApprovalQueueResponse>("/api/admin/payments/approvals"),
      refetchInterval: 15_000,
    }),
  /** The four-eyes thresholds and the event limit default (GET /api/admin/risk-settings). */
  riskSettings: () =>
    queryOptions({
      queryKey: [...adminKeys.riskSettings],
      queryFn: () => apiGet<RiskSettingsResponse>("/api/admin/risk-settings"),
    }),
  /** Changes waiting for a second admin (four eyes), by state, with the thresholds (GET /api/admin/approvals). */
  approvals: (state: "pending" | "approved" | "rejected" | "stale" | "all" = "pending") =>
    queryOptions({
      queryKey: [...adminKeys.approvals, state],
      queryFn: () => apiGet<ApprovalListResponse>(`/api/admin/approvals?state=${state}`),
      refetchInterval: 15_000,
    }),
  /** Markets unsettled and held from automatic settlement (GET /api/admin/market-reviews). */
  marketReviews: () =>
    queryOptions({
      queryKey: [...adminKeys.marketReviews],
      queryFn: () => apiGet<MarketReviewsResponse>("/api/admin/market-reviews"),
      refetchInterval: 15_000,
    }),
  /** Responsible-gambling overview for the operator (admins only: callers pass `enabled`). */
  rgOverview: () =>
    queryOptions({
      queryKey: [...adminKeys.rgOverview],
      queryFn: () => apiGet<RgOverview>("/api/admin/responsible"),
      refetchInterval: 60_000,
    }),
  rgInteractions: () =>
    queryOptions({
      queryKey: [...adminKeys.rgInteractions],
      queryFn: () => apiGet<{ items: RgInteraction[] }>("/api/admin/responsible/interactions"),
    }),
  /** Customers matching a search, for the contact form's picker (kept apart from the users list). */
  rgCustomerSearch: (term: string) =>
    queryOptions({
      queryKey: [...adminKeys.adminUsers, "rg-picker", term],
      queryFn: () => apiGet<AdminUser[]>(`/api/admin/users?role=customer&search=${encodeURIComponent(term)}`),
    }),
  /** Whether a customer is under investigation (withdrawals on hold). */
  userInvestigation: (userId: string) =>
    queryOptions({
      queryKey: [...adminKeys.adminUsers, userId, "investigation"],
      queryFn: () => apiGet<InvestigationResponse>(`/api/admin/users/${encodeURIComponent(userId)}/investigation`),
    }),
};
