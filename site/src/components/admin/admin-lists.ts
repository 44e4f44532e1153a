/**
 * The paged admin lists (GET /api/admin/events, /api/admin/bets): query options and a cursor
 * pager. Keys start with the keys other screens already invalidate ("/api/events",
 * "/api/admin/all-bets"), so an event or bet changed anywhere refreshes these pages too.
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { AdminBetsPage, AdminEventsPage } from "../../../../api/schemas/admin-lists.ts";
import { apiGet } from "../../lib/api.ts";
import { keys } from "../../lib/query-keys.ts";
import { adminKeys } from "../../lib/queries-admin.ts";

type Params = Record<string, string | number | undefined>;

/** "a=1&b=2" from the defined, non-empty values, keys sorted (equal filters, equal keys). */
export function listQuery(params: Params): string {
  const q = new URLSearchParams();
  for (const k of Object.keys(params).sort()) if (params[k] !== undefined && params[k] !== "") q.set(k, String(params[k]));
  return q.toString();
}

export const adminEventsQuery = (params: Params) => {
  const qs = listQuery(params);
  return queryOptions({
    queryKey: [...keys.events, "admin-page", qs],
    queryFn: () => apiGet<AdminEventsPage>(`/api/admin/events?${qs}`),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
};

export const adminBetsQuery = (params: Params) => {
  const qs = listQuery(params);
  return queryOptions({
    queryKey: [...adminKeys.allBets, "page", qs],
    queryFn: () => apiGet<AdminBetsPage>(`/api/admin/bets?${qs}`),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
};

/** Pages by cursor: the cursors of the pages visited so far, back to the first (which has none). */
export function useCursorPager(filterKey: string) {
  const [stack, setStack] = useState<(string | undefined)[]>([undefined]);
  // A new filter starts again at page 1.
  useEffect(() => setStack([undefined]), [filterKey]);
  return {
    cursor: stack[stack.length - 1],
    page: stack.length,
    next: (cursor: string) => setStack((s) => [...s, cursor]),
    previous: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
  };
}

/** The value after it has stopped changing for `ms` (search boxes). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
