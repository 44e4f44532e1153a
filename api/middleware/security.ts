import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { sendError } from "../errors.ts";
import { setSecurityHeaders } from "./request-trail.ts";

/**
 * The security headers on every routed response (request-trail.ts holds them, for the answers made
 * ahead of the chain too), with an HTML page's inline-script hashes in its script-src.
 */
export const securityHeaders = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await next();
  setSecurityHeaders(c.res.headers, c.get("scriptHashes"));
};

/** The CSP source expressions ('sha256-...') of every inline script in an HTML document. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(m[1])));
    out.push(`sha256-${btoa(String.fromCharCode(...digest))}`);
  }
  return [...new Set(out)];
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin a browser sent, normalised (default ports dropped), or null when unparsable/opaque. */
function originOf(header: string): string | null {
  try {
    const o = new URL(header).origin;
    return o === "null" ? null : o;
  } catch {
    return null;
  }
}

/**
 * State-changing requests must come from our own origin: another site's form or fetch gets a 403.
 * The whole origin is compared, scheme, host and port: http://book.example is not
 * https://book.example, nor is https://book.example:8443. Our origin is the one publicOrigin()
 * (api/middleware/public-origin.ts) settled for the request: the configured PUBLIC_ORIGIN for its
 * host, or a loopback host's own; X-Forwarded-Proto and -Host count only from a trusted proxy.
 */
export const sameOrigin = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (SAFE.has(c.req.method)) return next();
  const site = c.req.header("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none")
    return sendError(c, { code: "REQUEST.CROSS_ORIGIN", message: "Cross-site requests are not allowed" });
  const origin = c.req.header("origin");
  if (origin !== undefined) {
    const theirs = originOf(origin);
    const ours = c.get("ownOrigin");
    if (theirs === null || ours === null || theirs !== ours)
      return sendError(c, { code: "REQUEST.CROSS_ORIGIN", message: "Cross-origin requests are not allowed" });
  }
  return next();
};
