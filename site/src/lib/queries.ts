/**
 * queryOptions factories: every island takes its query keys and fetchers from here, so the same
 * data has the same key everywhere. Intervals follow spec section 9.
 */
import { queryOptions } from "@tanstack/react-query";
import type { CurrentUser, BalanceResponse } from "../../../api/schemas/auth.ts";
import type { DebtResponse, SettlementExceptionsResponse } from "../../../api/schemas/corrections.ts";
import type { Event, LiveOddsItem } from "../../../api/schemas/events.ts";
import type { AdminBet, Bet } from "../../../api/schemas/bets.ts";
import type { DashboardStats, Health } from "../../../api/schemas/admin.ts";
import type { RiskSettingsResponse } from "../../../api/schemas/governance.ts";
import type { FantasyContest, FantasyEntry, FantasyLeague, FantasyPlayer, FantasySport, FantasyStandings } from "../../../api/schemas/fantasy.ts";
import { apiGet, apiGetOrNull, apiSend } from "./api.ts";

/** Filters of GET /api/fantasy/contests (fees in cents; size small <= 20, medium 21-100, large > 100). */
export type FantasyContestsFilter = {
  sportId?: string;
  status?: "open" | "locked" | "live" | "settled" | "cancelled" | "active";
  minFee?: number;
  maxFee?: number;
  size?: "small" | "medium" | "large";
};

/** "?a=1&b=2" from the defined values (keys sorted, so equal filters give equal query keys), or "". */
function queryString(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const k of Object.keys(params).sort()) if (params[k] !== undefined && params[k] !== "") q.set(k, String(params[k]));
  const s = q.toString();
  return s ? `?${s}` : "";
}

import type {
  AccountResponse,
  ActivityResponse,
  BoostsResponse,
  FollowsResponse,
  NextToGoResponse,
  RewardsResponse,
} from "../../../api/schemas/account.ts";
import type { SameGameMultisResponse } from "../../../api/schemas/bets.ts";
import type { ResponsibleState } from "../../../api/schemas/responsible.ts";
import type { BonusView } from "../../../domain/wallet/bonus-account.ts";
import type { CustomerPaymentsResponse, PaymentMethodsResponse, TransactionFilterKind, TransactionsResponse } from "../../../api/schemas/wallet.ts";
import type { WithdrawAccessResponse } from "../../../api/schemas/withdraw-access.ts";
import type { ApprovalQueueResponse, InvestigationResponse } from "../../../api/schemas/payments-admin.ts";
import type { ApprovalListResponse } from "../../../api/schemas/approvals.ts";
import type { MarketReviewsResponse } from "../../../api/schemas/corrections.ts";
import type { RgInteraction, RgOverview } from "../../../api/schemas/rg-admin.ts";

export type TransactionsFilter = { kind: TransactionFilterKind; from?: string; to?: string; limit?: number };

/** The query string of a transactions filter (shared by the list and the CSV export link). */
export function transactionsSearch(f: TransactionsFilter): string {
  const p = new URLSearchParams({ kind: f.kind, limit: String(f.limit ?? 50) });
  if (f.from) p.set("from", f.from);
  if (f.to) p.set("to", f.to);
  return p.toString();
}
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

/** Query string from the defined values only (empty strings and undefined are left out). */
function qs(params: Record<string, string | number | undefined | null>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") p.set(k, String(v));
  const text = p.toString();
  return text ? `?${text}` : "";
}

export type AuditFilter = {
  actorId?: string; entityType?: string; entityId?: string; action?: string; from?: string; to?: string; limit?: number;
};
export type UsersFilter = { search?: string; status?: "active" | "suspended"; kyc?: "verified" | "basic" | "pending" | "rejected" };

export type EventsFilter = { status?: "upcoming" | "live" | "finished" | "open" | "all"; limit?: number; sport?: string };

/**
 * The key prefix of each resource, and the only place a query key is spelled. The factories below
 * build their keys on these; invalidate through them: `keys.events` refreshes every events query
 * (any filter, page or id), `queries.x().queryKey` exactly one. A source-scan test
 * (queries.test.ts) fails if a hand-written key array appears anywhere else in site/src.
 */
export const keys = {
  currentUser: ["/api/current-user"],
  balance: ["/api/customer/balance"],
  myDebt: ["/api/me/debt"],
  liveOdds: ["/api/live-odds"],
  events: ["/api/events"],
  myBets: ["/api/bets"],
  dashboardStats: ["/api/dashboard/stats"],
  health: ["/api/health"],
  allBets: ["/api/admin/all-bets"],
  fantasySports: ["/api/fantasy/sports"],
  fantasyLeagues: ["/api/fantasy/leagues"],
  fantasyContests: ["/api/fantasy/contests"],
  fantasyPlayers: ["/api/fantasy/players"],
  myFantasyEntries: ["/api/fantasy/my/entries"],
  account: ["/api/account"],
  follows: ["/api/account/follows"],
  rewards: ["/api/account/rewards"],
  responsible: ["/api/responsible"],
  paymentMethods: ["/api/wallet/methods"],
  transactions: ["/api/wallet/transactions"],
  myPayments: ["/api/wallet/payments"],
  withdrawAccess: ["/api/wallet/withdraw-access"],
  nextToGo: ["/api/racing/next-to-go"],
  boosts: ["/api/betting/boosts"],
  activity: ["/api/betting/activity"],
  sameGameMultis: ["/api/betting/same-game-multis"],
  sgmQuote: ["/api/betting/same-game-multis/quote"],
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

export const queries = {
  /** The signed-in user: the demo user if there is one, otherwise the regular auth user, else null. */
  currentUser: () =>
    queryOptions({
      queryKey: [...keys.currentUser],
      // 200 with null for a visitor: no 401 in the console on every signed-out page.
      queryFn: async (): Promise<CurrentUser | null> => (await apiGet<{ user: CurrentUser | null }>("/api/auth/session")).user,
      retry: false,
    }),
  balance: () =>
    queryOptions({
      queryKey: [...keys.balance],
      queryFn: () => apiGet<BalanceResponse>("/api/customer/balance"),
      retry: false,
      refetchInterval: 10_000,
    }),
  /**
   * The customer's cash, bonus and wagering (GET /api/wallet/bonus, customers only). Keyed under the
   * balance, so invalidating the balance (after a bet, a cash-out) refreshes it too.
   */
  bonus: () =>
    queryOptions({
      queryKey: [...keys.balance, "bonus"],
      queryFn: () => apiGet<BonusView>("/api/wallet/bonus"),
      retry: false,
      refetchInterval: 10_000,
    }),
  /**
   * A customer's bonus and wagering as the operator sees it (no upkeep: looking changes nothing).
   * Keyed under the CRM customers, so Send Bonus (which invalidates them) refreshes it.
   */
  adminCustomerBonus: (customerId: string) =>
    queryOptions({
      queryKey: [...keys.crmCustomers, "bonus", customerId],
      queryFn: () => apiGet<BonusView>(`/api/admin/customers/${encodeURIComponent(customerId)}/bonus`),
    }),
  /** What the signed-in customer owes the house (a spent overpayment taken back): GET /api/me/debt. */
  myDebt: () =>
    queryOptions({
      queryKey: [...keys.myDebt],
      queryFn: () => apiGet<DebtResponse>("/api/me/debt"),
      retry: false,
      refetchInterval: 30_000,
    }),
  /** Polled every 3 s; while the live stream (GET /api/live-odds/stream) is up, only a slow resync. */
  liveOdds: (opts: { streaming?: boolean } = {}) =>
    queryOptions({
      queryKey: [...keys.liveOdds],
      queryFn: () => apiGet<LiveOddsItem[]>("/api/live-odds"),
      refetchInterval: opts.streaming ? 30_000 : 3_000,
      staleTime: 1_000,
    }),
  events: (filter: EventsFilter = {}) => {
    const params = new URLSearchParams();
    params.set("status", filter.status ?? "upcoming");
    params.set("limit", String(filter.limit ?? 50));
    if (filter.sport) params.set("sport", filter.sport);
    return queryOptions({
      queryKey: [...keys.events, filter.status ?? "upcoming", filter.limit ?? 50, filter.sport ?? "all"],
      queryFn: () => apiGet<Event[]>(`/api/events?${params}`),
      staleTime: 30_000,
    });
  },
  myBets: () =>
    queryOptions({ queryKey: [...keys.myBets], queryFn: () => apiGet<Bet[]>("/api/bets"), refetchInterval: 10_000 }),
  dashboardStats: () =>
    queryOptions({
      queryKey: [...keys.dashboardStats],
      queryFn: () => apiGet<DashboardStats>("/api/dashboard/stats"),
      refetchInterval: 30_000,
    }),
  health: () =>
    queryOptions({
      queryKey: [...keys.health],
      queryFn: () => apiGet<Health>("/api/health"),
      refetchInterval: 30_000,
    }),
  allBets: (status: "all" | "pending" | "settled" = "all") =>
    queryOptions({
      queryKey: [...keys.allBets, status],
      queryFn: () => apiGet<AdminBet[]>(`/api/admin/all-bets?status=${status}`),
      refetchInterval: 10_000,
    }),
  fantasySports: () =>
    queryOptions({ queryKey: [...keys.fantasySports], queryFn: () => apiGet<FantasySport[]>("/api/fantasy/sports") }),
  fantasyLeagues: () =>
    queryOptions({ queryKey: [...keys.fantasyLeagues], queryFn: () => apiGet<FantasyLeague[]>("/api/fantasy/leagues") }),
  /** Contests (all of them without a filter); polled so entry counts and statuses stay current. */
  fantasyContests: (filter: FantasyContestsFilter = {}, refetchInterval: number | false = 15_000) => {
    const qs = queryString(filter);
    return queryOptions({
      queryKey: [...keys.fantasyContests, qs],
      queryFn: () => apiGet<FantasyContest[]>(`/api/fantasy/contests${qs}`),
      refetchInterval,
    });
  },
  fantasyPlayers: (sportId?: string) => {
    const qs = queryString({ sportId });
    return queryOptions({
      queryKey: [...keys.fantasyPlayers, qs],
      queryFn: () => apiGet<FantasyPlayer[]>(`/api/fantasy/players${qs}`),
    });
  },
  /** The signed-in customer's entries; polled faster while one of their contests is about to start or running. */
  myFantasyEntries: () =>
    queryOptions({
      queryKey: [...keys.myFantasyEntries],
      queryFn: () => apiGet<FantasyEntry[]>("/api/fantasy/my/entries"),
      refetchInterval: (q) =>
        q.state.data?.some(
          (e) =>
            e.contestStatus === "locked" ||
            e.contestStatus === "live" ||
            (e.contestStatus === "open" && Date.parse(e.startTime) - Date.now() < 60_000),
        )
          ? 3_000
          : 15_000,
    }),
  fantasyContest: (contestId: string) =>
    queryOptions({
      queryKey: [...keys.fantasyContests, contestId],
      queryFn: () => apiGet<FantasyContest>(`/api/fantasy/contests/${encodeURIComponent(contestId)}`),
    }),
  fantasyStandings: (contestId: string) =>
    queryOptions({
      queryKey: [...keys.fantasyContests, contestId, "standings"],
      queryFn: () => apiGet<FantasyStandings>(`/api/fantasy/contests/${encodeURIComponent(contestId)}/standings`),
      refetchInterval: (q) => (q.state.data && ["locked", "live"].includes(q.state.data.contest.status) ? 3_000 : false),
    }),
  account: () => queryOptions({ queryKey: [...keys.account], queryFn: () => apiGet<AccountResponse>("/api/account") }),
  follows: () =>
    queryOptions({ queryKey: [...keys.follows], queryFn: () => apiGet<FollowsResponse>("/api/account/follows") }),
  rewards: () =>
    queryOptions({ queryKey: [...keys.rewards], queryFn: () => apiGet<RewardsResponse>("/api/account/rewards") }),
  responsible: () =>
    queryOptions({
      queryKey: [...keys.responsible],
      queryFn: () => apiGet<ResponsibleState>("/api/responsible"),
      refetchInterval: 60_000,
    }),
  paymentMethods: () =>
    queryOptions({ queryKey: [...keys.paymentMethods], queryFn: () => apiGet<PaymentMethodsResponse>("/api/wallet/methods") }),
  transactions: (f: TransactionsFilter) =>
    queryOptions({
      queryKey: [...keys.transactions, f.kind, f.from ?? "", f.to ?? "", f.limit ?? 50],
      queryFn: () => apiGet<TransactionsResponse>(`/api/wallet/transactions?${transactionsSearch(f)}`),
    }),
  nextToGo: (limit = 5) =>
    queryOptions({
      queryKey: [...keys.nextToGo, limit],
      queryFn: () => apiGet<NextToGoResponse>(`/api/racing/next-to-go?limit=${limit}`),
      refetchInterval: 30_000,
    }),
  boosts: (limit = 5) =>
    queryOptions({
      queryKey: [...keys.boosts, limit],
      queryFn: () => apiGet<BoostsResponse>(`/api/betting/boosts?limit=${limit}`),
      refetchInterval: 15_000,
    }),
  activity: (limit = 10) =>
    queryOptions({
      queryKey: [...keys.activity, limit],
      queryFn: () => apiGet<ActivityResponse>(`/api/betting/activity?limit=${limit}`),
      refetchInterval: 15_000,
    }),
  sameGameMultis: (limit = 4) =>
    queryOptions({
      queryKey: [...keys.sameGameMultis, limit],
      queryFn: () => apiGet<SameGameMultisResponse>(`/api/betting/same-game-multis?limit=${limit}`),
      refetchInterval: 30_000,
    }),
  // ---- Admin back office (issue 4). Intervals: spec section 9 where it names one. ----
  riskHeatmap: (range: HeatmapRange = "24h") =>
    queryOptions({
      queryKey: [...keys.riskHeatmap, range],
      queryFn: () => apiGet<RiskHeatmap>(`/api/admin/risk-heatmap${qs({ range })}`),
      refetchInterval: 30_000,
    }),
  riskMetrics: () =>
    queryOptions({
      queryKey: [...keys.riskMetrics],
      queryFn: () => apiGet<RiskMetrics>("/api/admin/risk-metrics"),
      refetchInterval: 60_000,
    }),
  marketBets: (marketId: string) =>
    queryOptions({
      queryKey: [...keys.adminMarkets, marketId, "bets"],
      queryFn: () => apiGet<AdminBet[]>(`/api/admin/markets/${encodeURIComponent(marketId)}/bets`),
      refetchInterval: 10_000,
    }),
  adminMarket: (marketId: string) =>
    queryOptions({
      queryKey: [...keys.adminMarkets, marketId],
      queryFn: async () => (await apiGet<{ market: AdminMarket }>(`/api/admin/markets/${encodeURIComponent(marketId)}`)).market,
    }),
  tradingOverview: () =>
    queryOptions({
      queryKey: [...keys.tradingOverview],
      queryFn: () => apiGet<TradingOverview>("/api/trading/overview"),
      refetchInterval: 30_000,
    }),
  oddsControl: () =>
    queryOptions({
      queryKey: [...keys.oddsControl],
      queryFn: () => apiGet<LiveOddsItem[]>("/api/trading/odds-control"),
      refetchInterval: 3_000,
      staleTime: 1_000,
    }),
  tradingAlerts: () =>
    queryOptions({
      queryKey: [...keys.tradingAlerts],
      queryFn: () => apiGet<TradingAlert[]>("/api/trading/alerts"),
      refetchInterval: 30_000,
    }),
  sharpBettors: () =>
    queryOptions({
      queryKey: [...keys.sharpBettors],
      queryFn: () => apiGet<SharpBettor[]>("/api/trading/sharp-bettors"),
      refetchInterval: 60_000,
    }),
  audit: (filter: AuditFilter = {}) =>
    queryOptions({
      queryKey: [...keys.audit, filter],
      queryFn: () => apiGet<AuditRecord[]>(`/api/admin/audit${qs(filter)}`),
    }),
  system: () =>
    queryOptions({
      queryKey: [...keys.system],
      queryFn: () => apiGet<SystemInfo>("/api/admin/system"),
      refetchInterval: 30_000,
    }),
  adminUsers: (filter: UsersFilter = {}) =>
    queryOptions({
      queryKey: [...keys.adminUsers, filter.search ?? "", filter.status ?? "all", filter.kyc ?? "all"],
      queryFn: async () => {
        const data = await apiGet<unknown>(`/api/admin/users${qs(filter)}`);
        return Array.isArray(data) ? (data as AdminUser[]) : [];
      },
    }),
  userStats: () =>
    queryOptions({ queryKey: [...keys.userStats], queryFn: () => apiGet<UserStats>("/api/admin/user-stats") }),
  userActivity: (userId: string) =>
    queryOptions({
      queryKey: [...keys.adminUsers, userId, "activity"],
      queryFn: () => apiGet<UserActivity>(`/api/admin/users/${encodeURIComponent(userId)}/activity`),
    }),
  userDebt: (userId: string) =>
    queryOptions({
      queryKey: [...keys.adminUsers, userId, "debt"],
      queryFn: () => apiGet<DebtResponse>(`/api/admin/users/${encodeURIComponent(userId)}/debt`),
    }),
  fraudAlerts: (timeWindow: TimeWindow = "24h") =>
    queryOptions({
      queryKey: [...keys.fraudAlerts, timeWindow],
      queryFn: async () => {
        const data = await apiGet<unknown>(`/api/admin/fraud-alerts${qs({ timeWindow })}`);
        return Array.isArray(data) ? (data as FraudAlert[]) : [];
      },
    }),
  transactionMonitoring: (timeWindow: TimeWindow = "24h", userId?: string) =>
    queryOptions({
      queryKey: [...keys.transactionMonitoring, timeWindow, userId ?? "all"],
      queryFn: async () => {
        const data = await apiGet<unknown>(`/api/admin/transaction-monitoring${qs({ timeWindow, userId })}`);
        return Array.isArray(data) ? (data as TransactionMonitoringRecord[]) : [];
      },
    }),
  bonusAbuseAlerts: () =>
    queryOptions({
      queryKey: [...keys.bonusAbuseAlerts],
      queryFn: async () => {
        const data = await apiGet<unknown>("/api/admin/bonus-abuse-alerts");
        return Array.isArray(data) ? (data as BonusAbuseAlert[]) : [];
      },
    }),
  fraudRulePrecision: () =>
    queryOptions({
      queryKey: [...keys.fraudRulePrecision],
      queryFn: async () => {
        const data = await apiGet<unknown>("/api/admin/fraud/rule-precision");
        return Array.isArray(data) ? (data as FraudRulePrecision[]) : [];
      },
    }),
  userRiskProfiles: () =>
    queryOptions({
      queryKey: [...keys.userRiskProfiles],
      queryFn: async () => {
        const data = await apiGet<unknown>("/api/admin/user-risk-profiles");
        return Array.isArray(data) ? (data as UserRiskProfile[]) : [];
      },
    }),
  tasks: () =>
    queryOptions({ queryKey: [...keys.tasks], queryFn: () => apiGet<Task[]>("/api/admin/tasks"), refetchInterval: 30_000 }),
  taskStats: () =>
    queryOptions({ queryKey: [...keys.taskStats], queryFn: () => apiGet<TaskStats>("/api/admin/task-stats"), refetchInterval: 30_000 }),
  staff: () => queryOptions({ queryKey: [...keys.staff], queryFn: () => apiGet<StaffMember[]>("/api/admin/staff") }),
  bulkOperations: () =>
    queryOptions({
      queryKey: [...keys.bulkOperations],
      queryFn: () => apiGet<BulkOperation[]>("/api/admin/bulk-operations"),
      // While one runs, poll every second so its progress bar moves; otherwise no polling.
      refetchInterval: (q) =>
        q.state.data?.some((o) => o.status === "pending" || o.status === "processing") ? 1_000 : false,
    }),
  /** Settlements a database guard refused (open ones, or all): refreshed with the settlement figures. */
  settlementExceptions: (status: "open" | "all" = "open") =>
    queryOptions({
      queryKey: [...keys.settlementExceptions, status],
      queryFn: () => apiGet<SettlementExceptionsResponse>(`/api/admin/settlement-exceptions?status=${status}`),
      refetchInterval: 30_000,
    }),
  crmSegments: () =>
    queryOptions({ queryKey: [...keys.crmSegments], queryFn: () => apiGet<CrmSegment[]>("/api/admin/crm/segments") }),
  crmCustomers: (search = "", segment?: SegmentId) =>
    queryOptions({
      queryKey: [...keys.crmCustomers, search, segment ?? "all"],
      queryFn: () => apiGet<CustomerProfile[]>(`/api/admin/crm/customers${qs({ search, segment })}`),
    }),
  paymentsSummary: () =>
    queryOptions({
      queryKey: [...keys.paymentsSummary],
      queryFn: () => apiGet<PaymentsSummary>("/api/admin/payments/summary"),
      refetchInterval: 30_000,
    }),
  paymentTransactions: (type: "all" | "deposit" | "withdrawal" | "deposit_bonus" | "adjustment" = "all") =>
    queryOptions({
      queryKey: [...keys.paymentTransactions, type],
      queryFn: () => apiGet<PaymentTransaction[]>(`/api/admin/payments/transactions${qs({ type, limit: 200 })}`),
      refetchInterval: 30_000,
    }),
  adminLive: () =>
    queryOptions({
      queryKey: [...keys.adminLive],
      queryFn: () => apiGet<AdminLiveMatch[]>("/api/admin/live"),
      refetchInterval: 3_000,
      staleTime: 1_000,
    }),
  /**
   * The server's same game multi price for these legs (POST /api/betting/same-game-multis/quote,
   * joint model); keyed by the legs and their prices, so a price change asks again.
   */
  sgmQuote: (legs: { eventId: string; marketId: string; outcomeId: string; oddsMilli: number }[]) =>
    queryOptions({
      queryKey: [...keys.sgmQuote, legs.map((l) => `${l.outcomeId}@${l.oddsMilli}`).join(",")],
      queryFn: () =>
        apiSend<{ odds: string }>("POST", "/api/betting/same-game-multis/quote", {
          selections: legs.map((l) => ({ eventId: l.eventId, marketId: l.marketId, outcomeId: l.outcomeId })),
        }),
      retry: false,
    }),
  /** The pending withdrawals awaiting an operator (GET /api/admin/payments/approvals). */
  paymentApprovals: () =>
    queryOptions({
      queryKey: [...keys.paymentApprovals],
      queryFn: () => apiGet<ApprovalQueueResponse>("/api/admin/payments/approvals"),
      refetchInterval: 15_000,
    }),
  /** The four-eyes thresholds and the event limit default (GET /api/admin/risk-settings). */
  riskSettings: () =>
    queryOptions({
      queryKey: [...keys.riskSettings],
      queryFn: () => apiGet<RiskSettingsResponse>("/api/admin/risk-settings"),
    }),
  /** Changes waiting for a second admin (four eyes), by state, with the thresholds (GET /api/admin/approvals). */
  approvals: (state: "pending" | "approved" | "rejected" | "stale" | "all" = "pending") =>
    queryOptions({
      queryKey: [...keys.approvals, state],
      queryFn: () => apiGet<ApprovalListResponse>(`/api/admin/approvals?state=${state}`),
      refetchInterval: 15_000,
    }),
  /** Markets unsettled and held from automatic settlement (GET /api/admin/market-reviews). */
  marketReviews: () =>
    queryOptions({
      queryKey: [...keys.marketReviews],
      queryFn: () => apiGet<MarketReviewsResponse>("/api/admin/market-reviews"),
      refetchInterval: 15_000,
    }),
  /** Responsible-gambling overview for the operator (admins only: callers pass `enabled`). */
  rgOverview: () =>
    queryOptions({
      queryKey: [...keys.rgOverview],
      queryFn: () => apiGet<RgOverview>("/api/admin/responsible"),
      refetchInterval: 60_000,
    }),
  rgInteractions: () =>
    queryOptions({
      queryKey: [...keys.rgInteractions],
      queryFn: () => apiGet<{ items: RgInteraction[] }>("/api/admin/responsible/interactions"),
    }),
  /** Customers matching a search, for the contact form's picker (kept apart from the users list). */
  rgCustomerSearch: (term: string) =>
    queryOptions({
      queryKey: [...keys.adminUsers, "rg-picker", term],
      queryFn: () => apiGet<AdminUser[]>(`/api/admin/users?role=customer&search=${encodeURIComponent(term)}`),
    }),
  /** Whether a customer is under investigation (withdrawals on hold). */
  userInvestigation: (userId: string) =>
    queryOptions({
      queryKey: [...keys.adminUsers, userId, "investigation"],
      queryFn: () => apiGet<InvestigationResponse>(`/api/admin/users/${encodeURIComponent(userId)}/investigation`),
    }),
  /** What a customer may withdraw, also while suspended (GET /api/wallet/withdraw-access). */
  withdrawAccess: () =>
    queryOptions({
      queryKey: [...keys.withdrawAccess],
      queryFn: () => apiGet<WithdrawAccessResponse>("/api/wallet/withdraw-access"),
    }),
  /** The customer's deposits and withdrawals; polled while one is still pending. */
  myPayments: () =>
    queryOptions({
      queryKey: [...keys.myPayments],
      queryFn: () => apiGet<CustomerPaymentsResponse>("/api/wallet/payments?limit=20"),
      refetchInterval: (q) => (q.state.data?.items.some((p) => p.state === "pending" || p.state === "awaiting_approval") ? 5_000 : false),
    }),
};
