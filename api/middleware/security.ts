import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../env.ts";
import { sendError } from "../errors.ts";

/**
 * Security headers on every response. Scripts run only from our origin; an HTML page's own inline
 * scripts (Astro's island loader) are allowed by their SHA-256 hashes, computed from the page when it
 * is served (api/site.ts sets `scriptHashes`), never by 'unsafe-inline'. Styles allow inline style
 * attributes (React and Radix set them). Nothing loads from another origin; no page may be framed.
 */
/**
 * The same headers as a constant, for a route answered before the middleware chain (the live-odds
 * fast path in api/app.ts). tests/api/live-odds-fast-path.test.ts checks they match what
 * securityHeaders() sets on every other API response.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
    "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

const baseHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });

export const securityHeaders = (): MiddlewareHandler<AppEnv> => {
  const base = baseHeaders();
  return async (c, next) => {
    await base(c, next);
    const hashes = c.get("scriptHashes");
    const csp = c.res.headers.get("Content-Security-Policy");
    if (hashes?.length && csp)
      c.res.headers.set("Content-Security-Policy", csp.replace("script-src 'self'", `script-src 'self' ${hashes.map((h) => `'${h}'`).join(" ")}`));
  };
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
