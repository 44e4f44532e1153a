import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";

/** Every request gets an id (echoed in X-Request-Id and in every error envelope) and, optionally, one log line. */
export const requestId = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const incoming = c.req.header("x-request-id");
  const id = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
  c.set("requestId", id);
  const started = performance.now();
  await next();
  c.header("X-Request-Id", id);
  if (c.get("deps").logRequests) {
    const actor = c.get("actor");
    console.log(
      JSON.stringify({
        t: new Date().toISOString(),
        requestId: id,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        actor: actor?.kind === "user" ? `${actor.user.role}:${actor.user.id}` : "anonymous",
      }),
    );
  }
};
