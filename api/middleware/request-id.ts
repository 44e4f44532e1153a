import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { setResponseHeader } from "./response-headers.ts";
import type { AppEnv } from "../env.ts";
import { logRequest, logsRequests, msSince, requestIdFor } from "./request-trail.ts";

/**
 * Every request gets an id (echoed in X-Request-Id and in every error envelope) and, when request
 * logging is on, one JSON log line (to `deps.requestLog`, stdout by default). The id and the line
 * are made by request-trail.ts, as for the answers made ahead of this chain.
 */
export const requestId = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const id = requestIdFor(c.req.header("x-request-id"));
  c.set("requestId", id);
  const started = performance.now();
  await next();
  setResponseHeader(c, "X-Request-Id", id);
  const deps = c.get("deps");
  if (logsRequests(deps)) {
    const actor = c.get("actor");
    logRequest(deps, {
      t: new Date().toISOString(),
      requestId: id,
      method: c.req.method,
      path: c.req.path,
      // After next() the route index points at the handler that answered.
      route: matchedRoutes(c)[c.req.routeIndex]?.path ?? "*",
      status: c.res.status,
      ms: msSince(started),
      actor: actor?.kind === "user" ? `${actor.user.role}:${actor.user.id}` : "anonymous",
      ip: c.get("clientIp") ?? null,
    });
  }
};
