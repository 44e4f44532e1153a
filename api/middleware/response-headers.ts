import type { Context, MiddlewareHandler } from "hono";

/**
 * Set a header on the response a handler already returned. `c.header()` after the handler rebuilds
 * the whole response (a native Response and a copy of its headers, ~2% of a bet placement's CPU);
 * setting it on the response's own headers does not. A response whose headers are immutable (one
 * made by Response.redirect() or fetch()) throws on set, and only that one goes through c.header().
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/**
 * No error answer is stored by a cache (Cache-Control: no-store): a refusal (401, 403, 413, 421,
 * 429...) is about one request, and a shared cache that kept one would repeat it to everyone. Set
 * on the finished response, so answers made before a route runs (the origin check, the body cap,
 * the host check) and the site's 404 page are covered with the rest.
 */
export const noStoreOnErrors = (): MiddlewareHandler => async (c, next) => {
  await next();
  if (c.res.status >= 400 && c.res.headers.get("Cache-Control") !== "no-store") setResponseHeader(c, "Cache-Control", "no-store");
};
