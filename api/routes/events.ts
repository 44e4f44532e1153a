/** Events, live odds, and the operator's event status change. */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { Event, EventPatchBody, EventsQuery, LiveOddsItem } from "../schemas/events.ts";
import { IdParam } from "../schemas/common.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { presentEvent } from "../presenters.ts";
import { requireRole } from "../middleware/session.ts";
import { updateEvent } from "../../domain/markets/update-event.ts";
import { browseEvents, inPlayDelayOf } from "../../domain/betting/browse.ts";

export const eventRoutes = new OpenAPIHono<AppEnv>();

eventRoutes.openapi(
  createRoute({
    method: "get",
    path: "/events",
    tags: ["Events"],
    summary: "Events with their markets and current prices",
    description: "status: upcoming (default), live, finished, open (upcoming and live) or all; limit 1..200 (default 50); optional sport.",
    request: { query: EventsQuery },
    responses: { 200: json(z.array(Event), "Events, live first then by start time"), ...errorResponses(400) },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const ctx = ctxOf(c);
    const events = await browseEvents(ctx, { status: q.status, limit: q.limit, sport: q.sport });
    const now = ctx.clock.now();
    return c.json(events.map((e) => presentEvent(e, now, inPlayDelayOf(ctx, e.sport))), 200);
  },
);

// GET /live-odds is answered before the middleware chain (api/app.ts, serveLiveOdds in
// api/live-odds/); it is documented here with the other event routes.
eventRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: "get",
    path: "/live-odds",
    tags: ["Events"],
    summary: "Live events with their match-winner prices (poll every 3 s; supports ETag / 304)",
    responses: { 200: json(z.array(LiveOddsItem), "Live events"), 304: { description: "Unchanged since the given ETag" } },
  }),
);

eventRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/admin/events/{id}",
    tags: ["Admin"],
    summary: "Set an event live or finished, enter or correct its score, move its start (admin). Audited.",
    description:
      "Any of status (forward only), homeScore with awayScore (a live or finished event), startTime (an upcoming event). " +
      "The new score decides markets as the feed's would: a live score change suspends the markets for a few seconds; " +
      "finishing grades every market and settles the bets on them. Finishing, or a final score, before the start time needs " +
      "override.reason (409 SETTLE.EVENT_NOT_FINISHED without it), audited.",
    middleware: [requireRole("admin")] as const,
    request: {
      params: IdParam,
      body: { required: true, content: { "application/json": { schema: EventPatchBody } } },
    },
    responses: { 200: json(Event, "The updated event"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const ctx = ctxOf(c);
    const event = unwrap(
      await updateEvent(ctx, id, {
        status: body.status,
        homeScore: body.homeScore,
        awayScore: body.awayScore,
        startTime: body.startTime ? new Date(body.startTime) : undefined,
        override: body.override,
      }),
    );
    return c.json(presentEvent(event, ctx.clock.now(), inPlayDelayOf(ctx, event.sport)), 200);
  },
);
