import type { MiddlewareHandler } from "hono";
import { clientAddressOf } from "./client-address.ts";
import { matchedRoutes } from "hono/route";
import { setResponseHeader } from "./response-headers.ts";
import type { AppDeps, AppEnv } from "../env.ts";

/** One structured line per request: who asked for what, how it ended and how long it took. */
export interface RequestLogEntry {
  t: string;
  requestId: string;
  method: string;
  /** The path as requested. */
  path: string;
  /** The matched route pattern (e.g. /api/bets/:id), "*" when only a catch-all matched. */
  route: string;
  status: number;
  ms: number;
  /** "anonymous" or "role:userId". */
  actor: string;
  ip: string | null;
}

/** The caller's X-Request-Id when it is a sane token, otherwise a fresh UUID. */
export const requestIdFor = (incoming: string | undefined): string =>
  incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();

/** Write one log line (to deps.requestLog, or stdout when LOG_REQUESTS is on). */
export function logRequest(deps: { logRequests?: boolean; requestLog?: (e: RequestLogEntry) => void }, entry: RequestLogEntry) {
  if (deps.requestLog) deps.requestLog(entry);
  else if (deps.logRequests) console.log(JSON.stringify(entry));
}

/**
 * Every request gets an id (echoed in X-Request-Id and in every error envelope) and, when request
 * logging is on, one JSON log line (to `deps.requestLog`, stdout by default).
 */
/**
 * The log line of a public route answered ahead of the middleware chain (the live-odds poll and
 * stream): anonymous, the address as clientAddress() would read it.
 */
export function logPublicRequest(
  deps: Parameters<typeof logRequest>[0] & { trustProxy?: AppDeps["trustProxy"] },
  req: Request,
  env: unknown,
  entry: { requestId: string; route: string; status: number; started: number },
) {
  if (!deps.logRequests && !deps.requestLog) return;
  logRequest(deps, {
    t: new Date().toISOString(),
    requestId: entry.requestId,
    method: req.method,
    path: new URL(req.url).pathname,
    route: entry.route,
    status: entry.status,
    ms: Math.round((performance.now() - entry.started) * 10) / 10,
    actor: "anonymous",
    ip: clientAddressOf(deps.trustProxy, req.headers.get("x-forwarded-for"), env),
  });
}

export const requestId = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const id = requestIdFor(c.req.header("x-request-id"));
  c.set("requestId", id);
  const started = performance.now();
  await next();
  setResponseHeader(c, "X-Request-Id", id);
  const deps = c.get("deps");
  if (deps.logRequests || deps.requestLog) {
    const actor = c.get("actor");
    const entry: RequestLogEntry = {
      t: new Date().toISOString(),
      requestId: id,
      method: c.req.method,
      path: c.req.path,
      // After next() the route index points at the handler that answered.
      route: matchedRoutes(c)[c.req.routeIndex]?.path ?? "*",
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      actor: actor?.kind === "user" ? `${actor.user.role}:${actor.user.id}` : "anonymous",
      ip: c.get("clientIp") ?? null,
    };
    logRequest(deps, entry);
  }
};
