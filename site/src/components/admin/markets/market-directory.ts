/**
 * Names, status, limits and outcomes of markets by id, for the heatmap panel and the risk screens:
 * from GET /api/admin/risk-metrics (markets with open bets: limit, status) and the events list
 * (every market of every event: outcomes and prices).
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Outcome } from "../../../../../api/schemas/events.ts";
import { customerQueries } from "../../../lib/queries-customer.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";

export type MarketInfo = {
  id: string;
  eventId: string;
  eventName: string;
  eventStatus: string | null;
  sport: string;
  marketName: string;
  marketType: string;
  status: "open" | "suspended" | "closed";
  limit: number | null;
  liability: number | null;
  outcomes: Outcome[];
};

export function useMarketDirectory(): { markets: Map<string, MarketInfo>; loading: boolean } {
  const risk = useQuery(adminQueries.riskMetrics());
  const events = useQuery(customerQueries.events({ status: "all", limit: 200 }));
  const markets = useMemo(() => {
    const map = new Map<string, MarketInfo>();
    for (const e of events.data ?? []) {
      for (const m of e.markets) {
        map.set(m.id, {
          id: m.id,
          eventId: e.id,
          eventName: e.name,
          eventStatus: e.status,
          sport: e.sportName,
          marketName: m.name,
          marketType: m.type,
          status: m.status,
          limit: null,
          liability: null,
          outcomes: m.outcomes,
        });
      }
    }
    for (const r of risk.data?.markets ?? []) {
      const known = map.get(r.marketId);
      map.set(r.marketId, {
        id: r.marketId,
        eventId: r.eventId,
        eventName: r.eventName,
        eventStatus: known?.eventStatus ?? null,
        sport: r.sport,
        marketName: r.marketName,
        marketType: r.marketType,
        status: r.status,
        limit: r.limit,
        liability: r.liability,
        outcomes: known?.outcomes ?? [],
      });
    }
    return map;
  }, [risk.data, events.data]);
  return { markets, loading: risk.isPending || events.isPending };
}

export function marketLabel(m: MarketInfo | undefined, id: string): string {
  return m ? `${m.eventName} · ${m.marketName}` : id;
}

/**
 * One market, fresh from GET /api/admin/markets/{id} (status, limit, outcomes), with its current
 * liability from the directory; before that answers, the directory's entry (or the bare id).
 */
export function useMarketInfo(marketId: string | null, fallbackName = ""): MarketInfo | null {
  const { markets } = useMarketDirectory();
  const market = useQuery({ ...adminQueries.adminMarket(marketId ?? "-"), enabled: !!marketId });
  return useMemo(() => {
    if (!marketId) return null;
    const known = markets.get(marketId);
    const m = market.data;
    if (m) {
      return {
        id: m.id,
        eventId: m.eventId,
        eventName: m.eventName,
        eventStatus: known?.eventStatus ?? null,
        sport: known?.sport ?? "",
        marketName: m.name,
        marketType: m.type,
        status: m.status,
        limit: m.liabilityLimit,
        liability: known?.liability ?? null,
        outcomes: m.outcomes.map((o) => ({ id: o.id, name: o.name, odds: o.odds })),
      };
    }
    return (
      known ?? {
        id: marketId, eventId: "", eventName: fallbackName, eventStatus: null, sport: "", marketName: marketId,
        marketType: "", status: "open", limit: null, liability: null, outcomes: [],
      }
    );
  }, [marketId, markets, market.data, fallbackName]);
}
