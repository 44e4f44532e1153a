/**
 * What every island shell shares: the look (one Radix Themes setting for the whole site) and the
 * QueryClient with the spec defaults (never stale, no focus refetch, no retries). Used by
 * island-shell.tsx (Radix <Theme>) and lean-island-shell.tsx (the same root element without it).
 */
import { QueryClient } from "@tanstack/react-query";
import { useState } from "react";

/** The site's Radix Themes settings (props of <Theme>). */
export const ISLAND_THEME = {
  appearance: "dark",
  accentColor: "green",
  grayColor: "slate",
  radius: "medium",
  scaling: "100%",
} as const;

/** One QueryClient per island, created once per mount. */
export function useIslandQueryClient(): QueryClient {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
          mutations: { retry: false },
        },
      }),
  );
  return client;
}
