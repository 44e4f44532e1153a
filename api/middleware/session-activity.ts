/**
 * Notes activity on the signed-in session (at most one write a minute per session), so the
 * reality check's session statistics come from real sessions. Runs after the session middleware.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";

export const sessionActivity = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const actor = c.get("actor");
  const deps = c.get("deps");
  if (actor.kind === "user") await deps.ports.sessionActivity.touch(actor.sessionId, deps.clock.now());
  await next();
};
