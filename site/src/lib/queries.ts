/**
 * queryOptions factories: every island takes its query keys and fetchers from here, so the same
 * data has the same key everywhere. Intervals follow spec section 9.
 */
import { queryOptions } from "@tanstack/react-query";
import type { CurrentUser, BalanceResponse } from "../../../api/schemas/auth.ts";
import type { Event, LiveOddsItem } from "../../../api/schemas/events.ts";
import type { AdminBet, Bet } from "../../../api/schemas/bets.ts";
import type { DashboardStats, Health } from "../../../api/schemas/admin.ts";
import { apiGet, apiGetOrNull } from "./api.ts";

export type EventsFilter = { status?: "upcoming" | "live" | "finished" | "open" | "all"; limit?: number; sport?: string };

export const queries = {
  /** The signed-in user: the demo user if there is one, otherwise the regular auth user, else null. */
  currentUser: () =>
    queryOptions({
      queryKey: ["/api/current-user"],
      queryFn: async (): Promise<CurrentUser | null> =>
        (await apiGetOrNull<CurrentUser>("/api/demo/user")) ?? (await apiGetOrNull<CurrentUser>("/api/auth/user")),
      retry: false,
    }),
  balance: () =>
    queryOptions({
      queryKey: ["/api/customer/balance"],
      queryFn: () => apiGet<BalanceResponse>("/api/customer/balance"),
      retry: false,
      refetchInterval: 10_000,
    }),
  liveOdds: () =>
    queryOptions({
      queryKey: ["/api/live-odds"],
      queryFn: () => apiGet<LiveOddsItem[]>("/api/live-odds"),
      refetchInterval: 3_000,
      staleTime: 1_000,
    }),
  events: (filter: EventsFilter = {}) => {
    const params = new URLSearchParams();
    params.set("status", filter.status ?? "upcoming");
    params.set("limit", String(filter.limit ?? 50));
    if (filter.sport) params.set("sport", filter.sport);
    return queryOptions({
      queryKey: ["/api/events", filter.status ?? "upcoming", filter.limit ?? 50, filter.sport ?? "all"],
      queryFn: () => apiGet<Event[]>(`/api/events?${params}`),
      staleTime: 30_000,
    });
  },
  myBets: () =>
    queryOptions({ queryKey: ["/api/bets"], queryFn: () => apiGet<Bet[]>("/api/bets"), refetchInterval: 10_000 }),
  dashboardStats: () =>
    queryOptions({
      queryKey: ["/api/dashboard/stats"],
      queryFn: () => apiGet<DashboardStats>("/api/dashboard/stats"),
      refetchInterval: 30_000,
    }),
  health: () =>
    queryOptions({
      queryKey: ["/api/health"],
      queryFn: () => apiGet<Health>("/api/health"),
      refetchInterval: 30_000,
    }),
  allBets: (status: "all" | "pending" | "settled" = "all") =>
    queryOptions({
      queryKey: ["/api/admin/all-bets", status],
      queryFn: () => apiGet<AdminBet[]>(`/api/admin/all-bets?status=${status}`),
      refetchInterval: 10_000,
    }),
};
