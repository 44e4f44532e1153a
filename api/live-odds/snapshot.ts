/**
 * GET /api/live-odds is the hottest read (every open betting page polls it every 3 s), so the
 * serialised body and its ETag are built once and reused while they are younger than `maxAgeMs`
 * (LIVE_ODDS_CACHE_MS, 500 ms by default in production; 0 = rebuild on every request). Concurrent
 * requests share one rebuild. Every instance builds its own copy from the database, so several
 * instances agree within maxAgeMs and no state needs sharing.
 */
import type { Ports } from "../../domain/ports/index.ts";
import type { Clock } from "../../domain/shared/clock.ts";
import { presentLiveOdds } from "../presenters.ts";
import type { LiveOddsItem } from "../schemas/events.ts";
import { apiHeaders, logPublicRequest, publicErrorResponse, requestIdFor } from "../middleware/request-trail.ts";
import { internalErrorBody } from "../errors.ts";

export interface LiveOddsBody {
  body: string;
  /** The body as UTF-8, encoded once per build. */
  bytes: Uint8Array<ArrayBuffer>;
  /** The same, gzip-compressed once per build (about a fifth of the size), for clients that accept it. */
  gzipped: Uint8Array<ArrayBuffer>;
  etag: string;
  builtAt: number;
}

async function etagOf(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", bytes));
  return `W/"${Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("")}"`;
}

/** gzip with the web-standard CompressionStream (Node and Deno alike). */
async function gzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Whether an Accept-Encoding header accepts gzip (listed, or `*`, and not with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let star = false;
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [coding, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)).find(Boolean);
    const allowed = !q || Number(q[1]) > 0;
    if (coding.trim() === "gzip" || coding.trim() === "x-gzip") return allowed;
    if (coding.trim() === "*") star = allowed;
  }
  return star;
}

export class LiveOddsSnapshot {
  private current: LiveOddsBody | null = null;
  private building: Promise<LiveOddsBody> | null = null;
  private readonly ports: Ports;
  private readonly clock: Clock;
  private readonly maxAgeMs: number;

  constructor(ports: Ports, clock: Clock, maxAgeMs: number) {
    this.ports = ports;
    this.clock = clock;
    this.maxAgeMs = maxAgeMs;
  }

  /** The snapshot if it is young enough to serve as it is, without waiting; otherwise null. */
  fresh(): LiveOddsBody | null {
    const c = this.current;
    return c && this.maxAgeMs > 0 && this.clock.now().getTime() - c.builtAt < this.maxAgeMs ? c : null;
  }

  async get(): Promise<LiveOddsBody> {
    const young = this.fresh();
    if (young) return young;
    const now = this.clock.now().getTime();
    if (!this.building) {
      this.building = this.build(now).finally(() => {
        this.building = null;
      });
    }
    return await this.building;
  }

  private async build(now: number): Promise<LiveOddsBody> {
    const live = await this.ports.events.list({ status: "live", limit: 100 });
    const volumes = await this.ports.events.volumes(live.map((e) => e.id));
    const at = new Date(now);
    const items = live.map((e) => presentLiveOdds(e, volumes.get(e.id) ?? 0, at)).filter((x): x is LiveOddsItem => x !== null);
    const body = JSON.stringify(items);
    const bytes = new TextEncoder().encode(body);
    this.current = { body, bytes, gzipped: await gzip(bytes), etag: await etagOf(bytes), builtAt: now };
    return this.current;
  }
}

/** Whether an If-None-Match header matches the ETag (weak comparison, lists and `*` allowed). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const strip = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => strip(t) === strip(etag));
}

const POLL_PATH = "/api/live-odds";

/**
 * Whether a request is the live-odds poll: GET or HEAD of exactly /api/live-odds, any query. Read
 * from the URL string without parsing it, since every request to the app asks this first.
 */
export function isLiveOddsPoll(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url;
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start < 0 || !url.startsWith(POLL_PATH, start)) return false;
  const end = start + POLL_PATH.length;
  return end === url.length || url[end] === "?";
}

/**
 * GET /api/live-odds, answered before Hono's router and the middleware chain (api/app.ts puts it
 * in front of app.fetch, and also registers it as the route, for a path that only the router
 * recognises): the data is public and the same for everyone, so no session is looked up, and
 * everything the chain would add is added here at constant cost, by the chain's own helpers
 * (api/middleware/request-trail.ts): the security headers, the request id, the log line. Conditional requests get 304 with no body; a
 * client that accepts gzip gets the copy compressed once per snapshot. While the snapshot is fresh
 * the answer is synchronous (@hono/node-server then writes it without awaiting a promise).
 */
export function liveOddsPoll(snapshot: LiveOddsSnapshot, deps: Parameters<typeof logPublicRequest>[0]) {
  const respond = (req: Request, env: unknown, s: LiveOddsBody, started: number): Response => {
    const asked = req.headers;
    const id = requestIdFor(asked.get("x-request-id") ?? undefined);
    const headers = apiHeaders(id);
    headers["cache-control"] = "no-cache";
    headers.etag = s.etag;
    headers.vary = "accept-encoding";
    let res: Response;
    if (etagMatches(asked.get("if-none-match") ?? undefined, s.etag)) res = new Response(null, { status: 304, headers });
    else {
      headers["content-type"] = "application/json";
      // Browsers accept gzip: the compressed copy made with the snapshot costs nothing per request.
      let body = s.bytes;
      if (acceptsGzip(asked.get("accept-encoding") ?? undefined)) {
        headers["content-encoding"] = "gzip";
        body = s.gzipped;
      }
      res = new Response(req.method === "HEAD" ? null : body, { status: 200, headers });
    }
    logPublicRequest(deps, req, env, { requestId: id, route: POLL_PATH, status: res.status, started });
    return res;
  };
  // The snapshot could not be built (the database failed): the error envelope and headers any other
  // API route's failure gets from the app's error handler, which this route does not pass through.
  const failed = (req: Request, env: unknown, error: unknown, started: number): Response => {
    const requestId = requestIdFor(req.headers.get("x-request-id") ?? undefined);
    return publicErrorResponse(deps, req, env, { requestId, route: POLL_PATH, status: 500, started, body: internalErrorBody(requestId, POLL_PATH, error) });
  };
  return (req: Request, env: unknown): Response | Promise<Response> => {
    const started = performance.now();
    const s = snapshot.fresh();
    if (s) return respond(req, env, s, started);
    return snapshot.get().then(
      (built) => respond(req, env, built, started),
      (error: unknown) => failed(req, env, error, started),
    );
  };
}
