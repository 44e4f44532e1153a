/**
 * Live prices pushed by the server: GET /api/live-odds/stream (server-sent events). Each "odds"
 * event carries one live-odds item; it is written into the react-query cache (the live list and
 * every cached events list), so every price on the page follows it. While the stream is down (an
 * error, a server without the stream, a browser without EventSource) the live-odds query falls back
 * to its 3-second poll: `streaming` tells the caller which interval to use.
 */
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Event, LiveOddsItem } from "../../../api/schemas/events.ts";
import { keys } from "./query-keys.ts";

export const LIVE_STREAM_URL = "/api/live-odds/stream";

/** The event as the stream item says it is now: status, clock, score and the match-winner prices. */
function patchEvent(e: Event, item: LiveOddsItem): Event {
  const odds = new Map(item.outcomes.map((o) => [o.id, o.odds]));
  // A suspended event (a score change being priced) suspends every open market; lifting it reopens them.
  const eventStatus = (m: Event["markets"][number]) =>
    m.status === "closed" ? m.status : item.suspended ? "suspended" : e.suspended && m.status === "suspended" ? "open" : m.status;
  return {
    ...e,
    status: item.status,
    minute: item.minute,
    clock: item.clock,
    suspended: item.suspended,
    homeScore: item.homeScore,
    awayScore: item.awayScore,
    markets: e.markets.map((m) =>
      m.id !== item.marketId
        ? { ...m, status: eventStatus(m) }
        : {
            ...m,
            status: item.marketStatus,
            // Outcomes the match has decided are no longer in the item: they leave the market. A
            // withdrawn runner is not in it either, but stays on the race card, struck through.
            outcomes: m.outcomes.filter((o) => odds.has(o.id) || o.withdrawn === true).map((o) => (odds.has(o.id) ? { ...o, odds: odds.get(o.id)! } : o)),
          },
    ),
  };
}

export function applyLiveOdds(client: QueryClient, item: LiveOddsItem): void {
  let rescored = false;
  client.setQueryData<LiveOddsItem[]>(keys.liveOdds, (list) => {
    if (!list) return list;
    const at = list.findIndex((x) => x.id === item.id);
    if (item.status !== "live") return at < 0 ? list : list.filter((x) => x.id !== item.id);
    if (at < 0) return [...list, item];
    const next = list.slice();
    rescored = list[at].homeScore !== item.homeScore || list[at].awayScore !== item.awayScore || list[at].status !== item.status;
    next[at] = item;
    return next;
  });
  // A goal reprices every market of the event, not only the match winner the item carries.
  if (rescored) void client.invalidateQueries({ queryKey: keys.events });
  client.setQueriesData<Event[]>({ queryKey: keys.events }, (events) =>
    Array.isArray(events) && events.some((e) => e.id === item.id)
      ? events.map((e) => (e.id === item.id ? patchEvent(e, item) : e))
      : events,
  );
}

/** Opens the stream for the lifetime of the component; returns whether it is currently connected. */
export function useLiveOddsStream(): boolean {
  const client = useQueryClient();
  const [streaming, setStreaming] = useState(false);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(LIVE_STREAM_URL);
    source.onopen = () => {
      setStreaming(true);
      // (Re)connected: one fresh list so nothing missed while disconnected stays stale.
      void client.invalidateQueries({ queryKey: keys.liveOdds });
    };
    source.onerror = () => setStreaming(false);
    source.addEventListener("odds", (ev) => {
      try {
        applyLiveOdds(client, JSON.parse((ev as MessageEvent<string>).data) as LiveOddsItem);
      } catch {
        /* a malformed event is ignored; the resync poll corrects anything missed */
      }
    });
    return () => source.close();
  }, [client]);
  return streaming;
}
