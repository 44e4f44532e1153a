/**
 * The client's address for abuse limits and fraud rules. Behind a trusted proxy (TRUST_PROXY=1)
 * it is the first X-Forwarded-For entry; otherwise the socket's peer address, which each runtime
 * hands to app.fetch as its env (Node: { incoming }, Deno: { remoteAddr }). null in app.request().
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";

export { addressKey } from "../../domain/shared/address.ts";

type RuntimeEnv = {
  incoming?: { socket?: { remoteAddress?: string } };
  remoteAddr?: { hostname?: string };
} | undefined;

export function peerAddress(env: unknown): string | null {
  const e = env as RuntimeEnv;
  return e?.incoming?.socket?.remoteAddress ?? e?.remoteAddr?.hostname ?? null;
}

/** The first X-Forwarded-For entry behind a trusted proxy, otherwise (or without one) the peer. */
export function clientAddressOf(trustProxy: boolean | undefined, forwardedFor: string | null | undefined, env: unknown): string | null {
  return (trustProxy ? forwardedFor?.split(",")[0]?.trim() : null) || peerAddress(env);
}

export function clientAddress(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("clientIp", clientAddressOf(c.get("deps").trustProxy, c.req.header("x-forwarded-for"), c.env));
    await next();
  };
}

