/**
 * What every island shell shares: the look (one Radix Themes setting for the whole site) and the
 * QueryClient with the spec defaults (never stale, no focus refetch, no retries). Used by
 * island-shell.tsx (Radix <Theme>) and lean-island-shell.tsx (the same root element without it).
 */
import { QueryClient } from "@tanstack/react-query";
import { useState } from "react";

/**
 * The site's Radix Themes settings (props of <Theme>).
 *
 * Panels are solid. Radix's default ("translucent") gives every Card, dialog and popover
 * `backdrop-filter: blur(64px)`: the page behind each card is blurred again on every frame it
 * repaints. Over our flat dark background the result looks the same as the solid panel colour, and
 * it was most of the cost of drawing a page: on the betting page, with its dozens of event cards,
 * Chromium's software compositor spent about 110 ms per frame on those blurs (measured with a
 * trace, 2026-11-26, docs/benchmarks.md "The test suite's own time"). A phone's GPU pays it too.
 */
export const ISLAND_THEME = {
  appearance: "dark",
  accentColor: "green",
  grayColor: "slate",
  panelBackground: "solid",
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
