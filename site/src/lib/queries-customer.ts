/**
 * queryOptions factories every customer-facing island shares: the session, the balance and bonus,
 * live odds and events, the customer's bets, responsible-gambling state, follows, and the same game
 * multi quote (the bet slip's and the admin bet builder's).
 * Intervals follow the product spec's polling table.
 */
import { queryOptions } from "@tanstack/react-query";
import type { CurrentUser, BalanceResponse } from "../../../api/schemas/auth.ts";
import type { DebtResponse } from "../../../api/schemas/corrections.ts";
import type { Event, LiveOddsItem } from "../../../api/schemas/events.ts";
import type { Bet } from "../../../api/schemas/bets.ts";
import type { FollowsResponse } from "../../../api/schemas/account.ts";
import type { ResponsibleState } from "../../../api/schemas/responsible.ts";
import type { BonusView } from "../../../domain/wallet/bonus-account.ts";
import type { WithdrawAccessResponse } from "../../../api/schemas/withdraw-access.ts";
import { apiGet, apiSend, queryString } from "./api.ts";
import { keys } from "./query-keys.ts";

export type EventsFilter = { status?: "upcoming" | "live" | "finished" | "open" | "all"; limit?: number; sport?: string };

export const customerQueries = {
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
    const params = queryString({ status: filter.status ?? "upcoming", limit: filter.limit ?? 50, sport: filter.sport });
    return queryOptions({
      queryKey: [...keys.events, filter.status ?? "upcoming", filter.limit ?? 50, filter.sport ?? "all"],
      queryFn: () => apiGet<Event[]>(`/api/events${params}`),
      staleTime: 30_000,
    });
  },
  myBets: () =>
    queryOptions({ queryKey: [...keys.myBets], queryFn: () => apiGet<Bet[]>("/api/bets"), refetchInterval: 10_000 }),
  responsible: () =>
    queryOptions({
      queryKey: [...keys.responsible],
      queryFn: () => apiGet<ResponsibleState>("/api/responsible"),
      refetchInterval: 60_000,
    }),
  /** What a customer may withdraw, also while suspended (GET /api/wallet/withdraw-access). */
  withdrawAccess: () =>
    queryOptions({
      queryKey: [...keys.withdrawAccess],
      queryFn: () => apiGet<WithdrawAccessResponse>("/api/wallet/withdraw-access"),
    }),
  follows: () =>
    queryOptions({ queryKey: [...keys.follows], queryFn: () => apiGet<FollowsResponse>("/api/account/follows") }),
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
};
