/**
 * The operator's reach: every event and every bet a page at a time, searchable,
 * and the live bet ticker pushed as server-sent events.
 *
 *   GET /api/admin/events             events by start time (admin, trader)
 *   GET /api/admin/bets               bets newest first (admin, trader: read only)
 *   GET /api/admin/bet-ticker/stream  new bets as they are placed (admin, trader)
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../env.ts";
import { ApiFailure, unwrap } from "../errors.ts";
import { ctxOf } from "../env.ts";
import { operatorBets } from "../../domain/betting/operator-bets.ts";
import { reachOf } from "../../domain/shared/reach.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { requireRole } from "../middleware/session.ts";
import { presentAdminBet } from "../presenters.ts";
import { AdminBetsPage, AdminBetsQuery, AdminEventsPage, AdminEventsQuery, BetTickerQuery } from "../schemas/admin-lists.ts";
import { SseBroadcast } from "../live-odds/broadcast.ts";
import { DEFAULT_PING_MS, MAX_QUEUE_BYTES, RETRY_MS } from "../live-odds/stream.ts";
import { API_SECURITY_HEADERS } from "../middleware/request-trail.ts";
import type { TickerFilter } from "../../domain/risk/ticker.ts";
import type { TickerItem } from "../../domain/ports/bet-ticker.ts";
import { betTickerFeed } from "../../domain/risk/bet-ticker-feed.ts";
import { operatorEvents } from "../../domain/markets/operator-events.ts";
import type { Ctx } from "../../domain/shared/context.ts";

export const adminListRoutes = new OpenAPIHono<AppEnv>();

const badCursor = () =>
  new ApiFailure({
    code: "REQUEST.INVALID",
    message: "The request is invalid",
    details: { fields: [{ path: "cursor", message: "Not a cursor from a previous page", code: "custom" }] },
  });

adminListRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/events",
    tags: ["Admin"],
    summary: "Every event a page at a time, by start time, searchable (admin, trader)",
    description:
      "Filters: q (name, teams, league), sport, status (upcoming, live, finished, open, all: default), from/to (start time). " +
      "limit 1..100 (default 25); pass nextCursor as cursor for the next page (stable while events are added). total counts every match.",
    middleware: [requireRole("admin", "trader")] as const,
    request: { query: AdminEventsQuery },
    responses: { 200: json(AdminEventsPage, "A page of events"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const f = c.req.valid("query");
    const page = unwrap(await operatorEvents(ctxOf(c), {
      ...f,
      from: f.from ? new Date(f.from) : undefined,
      to: f.to ? new Date(f.to) : undefined,
    }));
    if (page === "bad_cursor") throw badCursor();
    return c.json({ ...page, items: page.items.map((e) => ({ ...e, startTime: e.startTime.toISOString() })) }, 200);
  },
);

adminListRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/bets",
    tags: ["Admin"],
    summary: "Every customer's bets a page at a time, newest first, searchable (admin, trader: read only)",
    description:
      "Filters: betId (or its beginning), customer (name or email), event (id or name of any leg's event), status " +
      "(all, pending, settled, won, lost, void, cashed_out), sport, betType, minStake/maxStake (cents). " +
      "limit 1..100 (default 25); pass nextCursor as cursor for the next page (stable while bets are placed). " +
      "GET /api/admin/all-bets still answers the plain array. Demo staff see their demo customers' bets (demo: true) and the sample " +
      "customers'; real staff never see demo bets.",
    middleware: [requireRole("admin", "trader")] as const,
    request: { query: AdminBetsQuery },
    responses: { 200: json(AdminBetsPage, "A page of bets"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const page = unwrap(await operatorBets(ctxOf(c), c.req.valid("query")));
    if (page === "bad_cursor") throw badCursor();
    return c.json({ ...page, items: page.items.map(presentAdminBet) }, 200);
  },
);

// ---- The live bet ticker ----

/** One broadcast per filter and reach per app: each item is serialised once for every watcher with that filter. */
const tickerBroadcasts = new WeakMap<object, Map<string, SseBroadcast<TickerItem>>>();

/** The ticker's broadcast for a filter (created on first use). */
function betTickerBroadcast(ctx: Ctx, deps: AppDeps, filter: TickerFilter): SseBroadcast<TickerItem> {
  let byFilter = tickerBroadcasts.get(deps);
  if (!byFilter) tickerBroadcasts.set(deps, (byFilter = new Map()));
  const key = `${filter.largeOnly ? 1 : 0}${filter.sharpOnly ? 1 : 0}${filter.reach}`;
  let broadcast = byFilter.get(key);
  if (!broadcast) {
    broadcast = new SseBroadcast<TickerItem>({
      source: betTickerFeed(ctx, filter),
      event: "bet",
      serialize: (item) => JSON.stringify(item),
      pingMs: deps.liveStream?.pingMs ?? DEFAULT_PING_MS,
      pingData: () => JSON.stringify({ at: deps.clock.now().toISOString() }),
      retryMs: RETRY_MS,
      maxQueueBytes: MAX_QUEUE_BYTES,
    });
    byFilter.set(key, broadcast);
  }
  return broadcast;
}

adminListRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/bet-ticker/stream",
    tags: ["Admin"],
    summary: "Live bet ticker: each new bet pushed as a server-sent event (admin, trader)",
    description:
      "event 'bet': data is one TickerItem (time, customer, selections, stake, price, potential return, flags largeStake and sharp) " +
      "as soon as the bet is placed on this instance. event 'ping': data {at}, when the stream opens and every 15 s. " +
      "large=1: large stakes only; sharp=1: sharp customers only (both: both). Each watcher gets the bets of the customers " +
      "within their reach: demo staff their demo customers' (demo: true) and the sample customers', real staff never a demo bet.",
    middleware: [requireRole("admin", "trader")] as const,
    request: { query: BetTickerQuery },
    responses: {
      200: {
        description: "An endless text/event-stream",
        content: { "text/event-stream": { schema: z.string().openapi({ example: 'event: bet\ndata: {"betId":"bet_01",...}\n\n' }) } },
      },
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const f = c.req.valid("query");
    const reach = reachOf(c.get("actor"));
    const body = await betTickerBroadcast(ctxOf(c), c.get("deps"), { largeOnly: f.large === "1", sharpOnly: f.sharp === "1", reach }).open();
    return new Response(body, {
      headers: {
        ...API_SECURITY_HEADERS,
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-cache",
        "X-Accel-Buffering": "no",
        "x-request-id": c.get("requestId") ?? "-",
      },
    }) as never;
  },
);
