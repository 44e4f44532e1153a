/**
 * The hosts this server answers for, and its own origin as the browser sees it (PUBLIC_ORIGIN).
 *
 * A request names its host (the Host header, or X-Forwarded-Host from a proxy TRUST_PROXY vouches
 * for). A host that is not ours is refused with 421 REQUEST.MISDIRECTED before anything else runs:
 * a page that rebinds its own name to our address (DNS rebinding) sends its own name as the Host,
 * and would otherwise be answered as if it were us and pass a same-origin check it wrote itself.
 *
 * Ours are:
 *   - the hosts of PUBLIC_ORIGIN ("https://book.example", or several, comma-separated), whose
 *     scheme is then the one configured: the same-origin check compares a browser's Origin with
 *     that origin, and the session cookie is Secure when it is https, whatever the hop from the
 *     proxy to us speaks;
 *   - loopback names (localhost, *.localhost, 127.0.0.0/8, [::1]), on any port, with or without
 *     the setting: only a browser on this machine sends them, so `npm start` works unconfigured.
 *     Their scheme is the request's (or X-Forwarded-Proto from a trusted proxy).
 * Unset, only loopback is ours: a deployment reached under any other name must set PUBLIC_ORIGIN.
 * GET /api/health answers whatever the host, for load balancers that probe by address.
 */
import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../env.ts";
import { errorBody, sendError } from "../errors.ts";
import { publicErrorResponse, requestIdFor } from "./request-trail.ts";
import { forwardedValue, peerAddress, trustOf, type ProxyTrust } from "./proxy-trust.ts";
import type { PublicOriginEntry, PublicOrigins } from "../settings.ts";

/** PUBLIC_ORIGIN: unset or empty -> null (loopback only); otherwise http(s) origins, comma-separated. A bad one fails the start. */
export function parsePublicOrigin(text: string | undefined): PublicOrigins | null {
  const items = (text ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) return null;
  const entries = items.map((item) => {
    let u: URL | null = null;
    try {
      u = new URL(item);
    } catch {
      u = null;
    }
    if (!u || !/^https?:$/.test(u.protocol) || u.username || u.password || u.search || u.hash || (u.pathname !== "/" && u.pathname !== ""))
      throw new Error(`PUBLIC_ORIGIN must be origins such as "https://book.example" (scheme, host and port only), comma-separated (got "${item}")`);
    return { origin: u.origin, protocol: u.protocol, host: u.host };
  });
  return { entries };
}

const NOT_A_HOST = /[/?#@\\\s]/;
const LOOPBACK_FAST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/;

/** Whether a Host value names this machine's loopback interface. */
export function isLoopbackHost(host: string): boolean {
  if (LOOPBACK_FAST.test(host)) return true;
  if (NOT_A_HOST.test(host)) return false;
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return name === "localhost" || name.endsWith(".localhost") || name === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(name);
}

function sameHost(entry: PublicOriginEntry, host: string): boolean {
  if (host === entry.host) return true;
  try {
    return new URL(`${entry.protocol}//${host}`).host === entry.host;
  } catch {
    return false;
  }
}

interface RequestFacts {
  url: string;
  headers: { get(name: string): string | null };
  peer: string | null;
}

/** The host the request was made to: X-Forwarded-Host from a trusted proxy, else Host, else the URL's. Lower case. */
function requestHost(trust: ProxyTrust, r: RequestFacts): string | null {
  const host = forwardedValue(trust, r.headers.get("x-forwarded-host"), r.peer) ?? r.headers.get("host") ?? new URL(r.url).host;
  return host ? host.toLowerCase() : null;
}

/**
 * This server's origin for the request (scheme, host and port as the browser sees them), or null
 * when the request is for a host that is not ours.
 */
export function originOfRequest(publicOrigins: PublicOrigins | null, trust: ProxyTrust, r: RequestFacts): string | null {
  const host = requestHost(trust, r);
  if (!host || NOT_A_HOST.test(host)) return null;
  for (const e of publicOrigins?.entries ?? []) if (sameHost(e, host)) return e.origin;
  if (!isLoopbackHost(host)) return null;
  const forwarded = forwardedValue(trust, r.headers.get("x-forwarded-proto"), r.peer);
  const proto = forwarded && /^https?$/i.test(forwarded) ? forwarded.toLowerCase() : r.url.startsWith("https:") ? "https" : "http";
  // The usual spellings are built by hand (this runs on every request); the rest through URL.
  if (LOOPBACK_FAST.test(host)) return `${proto}://${host.replace(proto === "https" ? /:443$/ : /:80$/, "")}`;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

/** Whether a request ahead of the middleware chain (the live-odds poll and stream) is for one of our hosts. */
export function isForOurHost(deps: Pick<AppDeps, "publicOrigin" | "trustProxy">, req: Request, env: unknown): boolean {
  return originOfRequest(deps.publicOrigin ?? null, trustOf(deps.trustProxy), { url: req.url, headers: req.headers, peer: peerAddress(env) }) !== null;
}

const MISDIRECTED = { code: "REQUEST.MISDIRECTED", message: "This server does not answer for that host name" } as const;

/**
 * The host check for routes that answer ahead of the middleware chain (the live-odds poll and
 * stream): the same 421 envelope and headers the chain's publicOrigin() gives.
 */
export const refuseForeignHost = (deps: AppDeps): MiddlewareHandler => async (c, next) => {
  if (isForOurHost(deps, c.req.raw, c.env)) return next();
  const started = performance.now();
  const requestId = requestIdFor(c.req.header("x-request-id"));
  return publicErrorResponse(deps, c.req.raw, c.env, { requestId, route: c.req.path, status: 421, started, body: errorBody(requestId, MISDIRECTED) });
};

const isHealthProbe = (method: string, path: string) => (method === "GET" || method === "HEAD") && path === "/api/health";

/** Refuses a request for a host that is not ours (421), and keeps our origin for the same-origin check and the cookie. */
export const publicOrigin = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const deps = c.get("deps");
  const origin = originOfRequest(deps.publicOrigin ?? null, trustOf(deps.trustProxy), { url: c.req.url, headers: c.req.raw.headers, peer: peerAddress(c.env) });
  if (origin === null && !isHealthProbe(c.req.method, c.req.path)) return sendError(c, MISDIRECTED);
  c.set("ownOrigin", origin);
  await next();
};

/** Whether the browser reached us over HTTPS (our origin's scheme; the request URL's when the origin is unknown). */
export function reachedOverHttps(ownOrigin: string | null | undefined, url: string): boolean {
  return ownOrigin ? ownOrigin.startsWith("https:") : url.startsWith("https:");
}
