/**
 * queryOptions factories of the /betting page's own panels: racing next-to-go, boosts, recent
 * activity and the popular same game multis. The page takes the shared customer ones (session,
 * balance, events, bets ...) from queries-customer.ts; each area has a module of its own so that no
 * island loads another area's factories.
 */
import { queryOptions } from "@tanstack/react-query";
import type { ActivityResponse, BoostsResponse, NextToGoResponse } from "../../../api/schemas/account.ts";
import type { SameGameMultisResponse } from "../../../api/schemas/bets.ts";
import { apiGet } from "./api.ts";
import { keys } from "./query-keys.ts";

export const bettingQueries = {
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
};
