/**
 * Notes activity on the signed-in session (at most one write a minute per session), so the
 * reality check's session statistics come from real sessions. Runs after the session middleware.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import type { WalletPorts } from "../../domain/ports/wallet.ts";

export const sessionActivity = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const actor = c.get("actor");
  const deps = c.get("deps");
  const activity = (deps.ports as Partial<WalletPorts>).sessionActivity;
  if (actor.kind === "user" && activity) await activity.touch(actor.sessionId, deps.clock.now());
  await next();
};
