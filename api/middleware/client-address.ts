/**
 * The client's address for abuse limits, sessions and fraud rules: the socket's peer address, which
 * each runtime hands to app.fetch as its env (Node: { incoming }, Deno: { remoteAddr }), or behind
 * proxies TRUST_PROXY vouches for, the right-most X-Forwarded-For entry they do not account for
 * (api/middleware/proxy-trust.ts). null in app.request() without a forwarded address.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { clientAddressOf } from "./proxy-trust.ts";

export { addressKey } from "../../domain/shared/address.ts";

export function clientAddress(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("clientIp", clientAddressOf(c.get("deps").trustProxy, c.req.header("x-forwarded-for"), c.env));
    await next();
  };
}
