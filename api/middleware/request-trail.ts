/**
 * What every API answer carries, in one place: the security headers, the request id and the one log
 * line. The middleware chain adds them to routed answers (securityHeaders() in security.ts,
 * requestId() in request-id.ts); the answers made ahead of the chain (the live-odds poll and stream,
 * the foreign-host refusal of those two) add the same here by hand, because the chain costs more than
 * the answer. Both use these functions and constants, so the two can never drift apart.
 *
 * No AppEnv here: env.ts and the live-odds snapshot import this module, and the middleware imports
 * env.ts, so anything of the chain imported here would close an import cycle.
 */
import { clientAddressOf, type ProxyTrust } from "./proxy-trust.ts";

/**
 * Scripts run only from our origin; an HTML page's own inline scripts (Astro's island loader) are
 * allowed by their SHA-256 hashes, computed from the page when it is served (api/site.ts sets
 * `scriptHashes`), never by 'unsafe-inline'. Styles allow inline style attributes (React and Radix
 * set them). Nothing loads from another origin; no page may be framed.
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** The security headers of every API answer (the same as Hono's secureHeaders() with our policy). */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
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
const SECURITY_HEADER_LIST = Object.entries(API_SECURITY_HEADERS);

/**
 * Sets the security headers on a routed answer's headers (replacing any a handler set), with the
 * page's inline-script hashes in its script-src when it has some, and drops X-Powered-By.
 */
export function setSecurityHeaders(headers: Headers, scriptHashes: readonly string[] | undefined): void {
  for (const [name, value] of SECURITY_HEADER_LIST) headers.set(name, value);
  if (scriptHashes?.length)
    headers.set("content-security-policy", CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${scriptHashes.map((h) => `'${h}'`).join(" ")}`));
  headers.delete("x-powered-by");
}

/** The caller's X-Request-Id when it is a sane token, otherwise a fresh UUID. */
export const requestIdFor = (incoming: string | undefined): string =>
  incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();

/**
 * The headers of an answer made ahead of the chain: the security headers and its request id, as a
 * fresh object the caller adds its own headers to (content type, caching).
 */
export const apiHeaders = (requestId: string): Record<string, string> => ({ ...API_SECURITY_HEADERS, "x-request-id": requestId });

/** One structured line per request: who asked for what, how it ended and how long it took. */
export interface RequestLogEntry {
  t: string;
  requestId: string;
  method: string;
  /** The path as requested. */
  path: string;
  /** The matched route pattern (e.g. /api/bets/:id), "*" when only a catch-all matched. */
  route: string;
  status: number;
  ms: number;
  /** "anonymous" or "role:userId". */
  actor: string;
  ip: string | null;
}

/** Where log lines go: deps.requestLog when given, else stdout when LOG_REQUESTS is on, else nowhere. */
export interface RequestLogSink {
  logRequests?: boolean;
  requestLog?: (e: RequestLogEntry) => void;
}

export const logsRequests = (sink: RequestLogSink): boolean => Boolean(sink.logRequests || sink.requestLog);

/** Milliseconds since `started` (performance.now()), to a tenth. */
export const msSince = (started: number): number => Math.round((performance.now() - started) * 10) / 10;

/** Write one log line. */
export function logRequest(sink: RequestLogSink, entry: RequestLogEntry): void {
  if (sink.requestLog) sink.requestLog(entry);
  else if (sink.logRequests) console.log(JSON.stringify(entry));
}

/**
 * The log line of a public answer made ahead of the chain: anonymous, the address as the chain's
 * clientAddress() would read it.
 */
export function logPublicRequest(
  sink: RequestLogSink & { trustProxy?: ProxyTrust | boolean },
  req: Request,
  env: unknown,
  entry: { requestId: string; route: string; status: number; started: number },
): void {
  if (!logsRequests(sink)) return;
  logRequest(sink, {
    t: new Date().toISOString(),
    requestId: entry.requestId,
    method: req.method,
    path: new URL(req.url).pathname,
    route: entry.route,
    status: entry.status,
    ms: msSince(entry.started),
    actor: "anonymous",
    ip: clientAddressOf(sink.trustProxy, req.headers.get("x-forwarded-for"), env),
  });
}

/**
 * An error answer made ahead of the chain: its envelope as JSON with the headers every API answer
 * carries (and `extra`, e.g. Retry-After), never cached, and its log line. The chain's own errors
 * get the same from sendError() and the middleware.
 */
export function publicErrorResponse(
  sink: RequestLogSink & { trustProxy?: ProxyTrust | boolean },
  req: Request,
  env: unknown,
  answer: { requestId: string; route: string; status: number; started: number; body: unknown; extra?: Record<string, string> },
): Response {
  const headers = Object.assign(apiHeaders(answer.requestId), { "cache-control": "no-store", "content-type": "application/json" }, answer.extra);
  logPublicRequest(sink, req, env, answer);
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
}
