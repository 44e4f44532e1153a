/**
 * The answers the middleware in front of every route can give, written into each operation of the
 * OpenAPI document, so the document names every status an operation answers (the fuzz test,
 * tests/api/fuzz-routes.test.ts, fails on any status an operation answers without documenting it).
 * A route's own declaration wins where it already lists a status; these are only added.
 *   - 400: a Content-Length that is not a byte count (any request), a malformed body (writes);
 *   - 403 REQUEST.CROSS_ORIGIN: a write from another origin (api/middleware/security.ts); and on
 *     every operation that answers 401 to a visitor, 403 AUTH.ACCOUNT_SUSPENDED or AUTH.FORBIDDEN
 *     to a signed-in account it does not serve (api/middleware/session.ts);
 *   - 413 REQUEST.TOO_LARGE: a body over 64 KiB, on every write, since the cap reads any body
 *     before the route runs (api/middleware/body-limit.ts);
 *   - 421 REQUEST.MISDIRECTED: a request for a host that is not ours (api/middleware/public-origin.ts),
 *     on every operation but the health probe;
 *   - 429 RATE.LIMITED: on the operations a rate limit is mounted on (api/middleware/rate-limit.ts).
 */
const WRITES = new Set(["post", "put", "patch", "delete"]);
const METHODS = ["get", "post", "put", "patch", "delete", "head", "options"];

const DESCRIPTIONS: Record<number, string> = {
  400: "Invalid request: a malformed header or body (the failing fields, if any, are in error.details)",
  403: "A cross-site request (REQUEST.CROSS_ORIGIN), a role this route does not serve or a suspended account",
  413: "The request body is larger than 64 KiB (REQUEST.TOO_LARGE)",
  421: "A request for a host name this server does not answer for (REQUEST.MISDIRECTED)",
  429: "Too many requests (RATE.LIMITED); Retry-After says after how many seconds to try again",
};

type Operation = { responses?: Record<string, unknown> };
type Document = { paths?: object };

const errorResponse = (status: number) => ({
  description: DESCRIPTIONS[status],
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** The document with the edge answers added; `rateLimited` lists operations as "POST /api/bets". */
export function withEdgeAnswers<D extends Document>(doc: D, opts: { rateLimited: readonly string[] }): D {
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, Operation | undefined>>))
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const responses = (op.responses ??= {});
      const add = (status: number) => {
        if (!(String(status) in responses)) responses[String(status)] = errorResponse(status);
      };
      add(400);
      if (!(method === "get" && path === "/api/health")) add(421);
      if (WRITES.has(method) || "401" in responses) add(403);
      if (WRITES.has(method)) add(413);
      if (opts.rateLimited.includes(`${method.toUpperCase()} ${path}`)) add(429);
    }
  return doc;
}
