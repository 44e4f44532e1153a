/**
 * Live prices: /api/live-odds kept current by the server-sent stream (GET /api/live-odds/stream),
 * or by the 3-second poll while the stream is unavailable, indexed by event and by outcome so every
 * price on the page shows the current live price and the slip can follow price moves.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import type { LiveOddsItem } from "../../../../api/schemas/events.ts";
import { useLiveOddsStream } from "../../lib/live-stream.ts";
import { customerQueries } from "../../lib/queries-customer.ts";
import { oddsToMilli } from "../../lib/format.ts";
import { useSlip } from "./slip-state.tsx";

export interface LiveIndex {
  items: LiveOddsItem[];
  byEvent: ReadonlyMap<string, LiveOddsItem>;
  /** outcomeId -> live odds string */
  byOutcome: ReadonlyMap<string, string>;
  loaded: boolean;
  failed: boolean;
  /** True while prices arrive over the stream; false while polling. */
  streaming: boolean;
}

export function useLiveIndex(): LiveIndex {
  const streaming = useLiveOddsStream();
  const { data, isSuccess, isError } = useQuery(customerQueries.liveOdds({ streaming }));
  return useMemo(() => {
    const items = data ?? [];
    const byEvent = new Map<string, LiveOddsItem>();
    const byOutcome = new Map<string, string>();
    for (const item of items) {
      byEvent.set(item.id, item);
      for (const o of item.outcomes) byOutcome.set(o.id, o.odds);
    }
    return { items, byEvent, byOutcome, loaded: isSuccess, failed: isError, streaming };
  }, [data, isSuccess, isError, streaming]);
}

/** Keeps the slip at the live price: when a selection's live price moves, the slip follows and marks it. */
export function LiveSlipSync({ live }: { live: LiveIndex }) {
  const { reprice } = useSlip();
  useEffect(() => {
    if (live.byOutcome.size === 0) return;
    const prices = new Map<string, number | null>();
    for (const [id, odds] of live.byOutcome) prices.set(id, oddsToMilli(odds));
    reprice(prices);
    // reprice is a new function each render of the provider; the price map is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live.byOutcome]);
  return null;
}
