/**
 * GET /api/live-odds/stream: live prices pushed as server-sent events.
 *
 *   event: odds   data: one live-odds item (the GET /api/live-odds item shape) whenever an event's
 *                 prices, market status, score, minute or status change
 *   event: ping   data: {"at": ISO time}, once when the stream opens (with `retry: 3000`) and every
 *                 15 s after
 *
 * Each process runs one poller per database (api/live-odds/polling-hub.ts) that asks the database every
 * 100 ms what changed since its cursor, and one broadcast (api/live-odds/broadcast.ts) that
 * serialises each changed item once and hands the same bytes to every subscriber of that process.
 * Nothing is shared between processes except the database, so two instances behind a load
 * balancer send the same changes. A subscriber that stops reading is dropped once MAX_QUEUE_BYTES
 * wait for it; a disconnect unsubscribes at once, and the poller and the ping timer stop with the
 * last subscriber.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiHeaders, logPublicRequest, requestIdFor } from "../middleware/request-trail.ts";
import type { AppDeps, AppEnv } from "../env.ts";
import type { LiveOddsItem } from "../schemas/events.ts";
import { presentLiveOdds } from "../presenters.ts";
import { PollingHub } from "./polling-hub.ts";
import { SseBroadcast } from "./broadcast.ts";
import type { OddsCursor } from "../../domain/ports/index.ts";
import type { EventView } from "../../domain/shared/types.ts";

export const DEFAULT_POLL_MS = 100;
export const DEFAULT_PING_MS = 15_000;
/** Bytes of events a subscriber may leave unread (beyond its socket's buffers) before it is dropped. */
export const MAX_QUEUE_BYTES = 256 * 1024;
export const RETRY_MS = 3000;
/** How many sent items a poller remembers (to send only real changes); beyond it, it forgets all. */
const MAX_REMEMBERED = 5_000;

/** What an item looks like for "did it change": everything but the volume and the update stamp. */
const fingerprint = (item: LiveOddsItem) => JSON.stringify({ ...item, volume: 0, lastUpdate: "" });

/** The poll step on its own: changed events since the cursor, as items not sent before. */
export function liveOddsSource(ports: AppDeps["ports"], clock: AppDeps["clock"]) {
  let cursor: OddsCursor = { at: 0, priceChangeId: 0 };
  const sent = new Map<string, string>();

  async function items(eventIds: string[]): Promise<LiveOddsItem[]> {
    if (eventIds.length === 0) return [];
    const events = (await Promise.all(eventIds.map((id) => ports.events.findById(id)))).filter((e): e is EventView => e !== null);
    const volumes = await ports.events.volumes(events.map((e) => e.id));
    const now = clock.now();
    return events.map((e) => presentLiveOdds(e, volumes.get(e.id) ?? 0, now)).filter((x): x is LiveOddsItem => x !== null);
  }

  function unsent(list: LiveOddsItem[]): LiveOddsItem[] {
    if (sent.size > MAX_REMEMBERED) sent.clear();
    return list.filter((item) => {
      const fp = fingerprint(item);
      if (sent.get(item.id) === fp) return false;
      sent.set(item.id, fp);
      return true;
    });
  }

  return {
    /** Begin at the newest change; what the overlap window would repeat counts as already sent. */
    async start() {
      sent.clear();
      cursor = await ports.oddsChanges.head();
      const recent = await ports.oddsChanges.since(cursor);
      cursor = recent.cursor;
      unsent(await items(recent.eventIds));
    },
    async poll(): Promise<LiveOddsItem[]> {
      const changes = await ports.oddsChanges.since(cursor);
      cursor = changes.cursor;
      return unsent(await items(changes.eventIds));
    },
  };
}

const hubs = new WeakMap<object, PollingHub<LiveOddsItem>>();
const broadcasts = new WeakMap<object, SseBroadcast<LiveOddsItem>>();

/**
 * The poller running for a database connection, if one was created.
 * @internal Exported for its tests (no production caller imports it).
 */
export const liveOddsHubOf = (client: object): PollingHub<LiveOddsItem> | undefined => hubs.get(client);

/**
 * The broadcast of this process for a database connection, if one was created.
 * @internal Exported for its tests (no production caller imports it).
 */
export const liveOddsBroadcastOf = (client: object): SseBroadcast<LiveOddsItem> | undefined => broadcasts.get(client);

/** The poller of this process for the app's database (created on first use). */
export function liveOddsHub(deps: AppDeps): PollingHub<LiveOddsItem> {
  const key = deps.database.client;
  let hub = hubs.get(key);
  if (!hub) {
    const source = liveOddsSource(deps.ports, deps.clock);
    hub = new PollingHub<LiveOddsItem>({
      intervalMs: deps.liveStream?.pollMs ?? DEFAULT_POLL_MS,
      start: source.start,
      poll: source.poll,
      onError: (e) => console.error(JSON.stringify({ level: "error", where: "live-odds-stream", error: String(e) })),
    });
    hubs.set(key, hub);
  }
  return hub;
}

/** The fan-out of this process for the app's database: every subscriber of the stream (created on first use). */
export function liveOddsBroadcast(deps: AppDeps): SseBroadcast<LiveOddsItem> {
  const key = deps.database.client;
  let broadcast = broadcasts.get(key);
  if (!broadcast) {
    broadcast = new SseBroadcast<LiveOddsItem>({
      source: liveOddsHub(deps),
      event: "odds",
      serialize: (item) => JSON.stringify(item),
      pingMs: deps.liveStream?.pingMs ?? DEFAULT_PING_MS,
      pingData: () => JSON.stringify({ at: deps.clock.now().toISOString() }),
      retryMs: RETRY_MS,
      maxQueueBytes: MAX_QUEUE_BYTES,
    });
    broadcasts.set(key, broadcast);
  }
  return broadcast;
}

const SSE_HEADERS = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache",
  // Proxies (nginx) must pass each event on at once rather than buffer the response.
  "X-Accel-Buffering": "no",
};

export const streamRoutes = new OpenAPIHono<AppEnv>();

// GET /live-odds/stream is answered ahead of the middleware chain (api/app.ts registers
// serveLiveOddsStream first): public, the same for everyone, and open for minutes, so each of
// thousands of subscribers holds only its stream and one plain header object. Documented here.
streamRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: "get",
    path: "/live-odds/stream",
    tags: ["Events"],
    summary: "Live prices pushed as server-sent events (odds changes, and a ping every 15 s)",
    description:
      "event 'odds': data is one LiveOddsItem (as in GET /api/live-odds) whenever that event's prices, market status, " +
      "score, minute or status change. event 'ping': data {at}, when the stream opens and every 15 s. " +
      "Clients fall back to polling GET /api/live-odds when the stream is unavailable.",
    responses: {
      200: {
        description: "An endless text/event-stream",
        content: { "text/event-stream": { schema: z.string().openapi({ example: 'event: odds\ndata: {"id":"evt_001",...}\n\n' }) } },
      },
    },
  }),
);

/**
 * The stream's handler, registered ahead of the middleware chain: the security headers every API
 * response carries, a request id and the log line (api/middleware/request-trail.ts), at constant cost.
 */
export function serveLiveOddsStream(deps: AppDeps) {
  return async (c: Context): Promise<Response> => {
    const started = performance.now();
    const id = requestIdFor(c.req.header("x-request-id"));
    const headers = Object.assign(apiHeaders(id), SSE_HEADERS);
    const broadcast = liveOddsBroadcast(deps);
    let res: Response;
    // Straight to the connection where the server allows it: a subscriber then costs its connection alone.
    let leave: (() => void) | null = null;
    let closed = false;
    const direct = deps.eventStreams.open(c.env, headers, () => {
      closed = true;
      leave?.();
    });
    if (direct) {
      leave = await broadcast.attach(direct.connection);
      // Gone while the broadcast was joining its source: it leaves at once.
      if (closed) leave();
      res = direct.answered;
    } else {
      // The server cancels the body when the client goes away; that unsubscribes it.
      res = new Response(await broadcast.open(), { headers });
    }
    logPublicRequest(deps, c.req.raw, c.env, { requestId: id, route: "/api/live-odds/stream", status: 200, started });
    return res;
  };
}
