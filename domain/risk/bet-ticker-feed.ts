/**
 * The live bet ticker as one watcher's filter sees it: each batch of new bets cut to the large
 * stakes, the sharp customers and the reach asked for; a batch left empty is not passed on.
 */
import type { Ctx } from "../shared/context.ts";
import { passesTickerFilter, type TickerFilter } from "./ticker.ts";
import type { TickerItem } from "../ports/bet-ticker.ts";

export interface TickerFeed {
  /** Resolves with the unsubscribe. */
  subscribe(listener: (items: TickerItem[]) => void): Promise<() => void>;
}

export function betTickerFeed(ctx: Pick<Ctx, "ports">, filter: TickerFilter): TickerFeed {
  const ticker = ctx.ports.betTicker;
  return {
    subscribe: (listener) =>
      ticker.subscribe((items) => {
        const shown = items.filter((i) => passesTickerFilter(i, filter));
        if (shown.length > 0) listener(shown);
      }),
  };
}
