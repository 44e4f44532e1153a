/**
 * The demo sandbox's object check on a route (domain/shared/reach.ts): declared beside the route's
 * roles, `middleware: [requireRole("admin"), withinReach("bet")]`, it refuses with 403
 * SANDBOX.OUT_OF_REACH an action on a person (their account, bet, payment or fraud alert, named by
 * the path parameter) outside the caller's reach, before the body is read. The owner is looked up
 * once per kind of object (adapters/libsql/reach.ts), never route by route.
 */
import type { MiddlewareHandler } from "hono";
import { ctxOf, type AppEnv } from "../env.ts";
import { sendError } from "../errors.ts";
import { requireWithinReach } from "../../domain/shared/reach.ts";
import type { ReachObject } from "../../domain/ports/account-kinds.ts";

export const withinReach =
  (object: ReachObject, param = "id"): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const id = c.req.param(param);
    if (id) {
      const checked = await requireWithinReach(ctxOf(c), object, id);
      if (!checked.ok) return sendError(c, checked.error);
    }
    await next();
  };
