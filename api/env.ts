import type { Ports } from "../domain/ports/index.ts";
import type { Clock, Ids } from "../domain/shared/clock.ts";
import type { Actor } from "../domain/shared/types.ts";
import type { SuspensionState } from "../domain/accounts/suspension.ts";
import type { Ctx } from "../domain/shared/context.ts";
import type { Client } from "@libsql/client";
import type { LiveOddsSnapshot } from "./live-odds/snapshot.ts";
import type { RequestLogEntry } from "./middleware/request-trail.ts";
import type { AdmissionConfig, PublicOrigins, RateLimitConfig } from "./settings.ts";
import type { RateCounter } from "../domain/ports/rate-counter.ts";
import type { FraudScanSummary } from "../domain/fraud/scan.ts";
import type { SessionTokens } from "../domain/ports/session-tokens.ts";
import type { ProxyTrust } from "./middleware/proxy-trust.ts";

import type { AssetSource } from "../domain/ports/static-assets.ts";
import type { EventStreams } from "../domain/ports/event-streams.ts";
export type { AssetSource } from "../domain/ports/static-assets.ts";

export interface FeedStatusSource {
  status(): { running: boolean; lastTickAt: Date | null; leader?: boolean };
}

/** The fantasy contest runner of this process (api/jobs/fantasy-runner.ts), for the health check. */
export interface FantasyRunnerStatusSource {
  status(): { running: boolean; lastPassAt: Date | null; leader: boolean };
}

export interface AppDeps {
  ports: Ports;
  clock: Clock;
  ids: Ids;
  /**
   * The database connection, as an identity only: the live-odds stream keeps one poller per
   * connection (api/live-odds/stream.ts). Nothing reads through it; the health checks ask the Health port.
   */
  database: { client: Client; kind: "file" | "memory" | "remote" };
  demoMode: boolean;
  feed?: FeedStatusSource;
  fantasyRunner?: FantasyRunnerStatusSource;
  /** The built site served beside the API (a directory with no files serves none). */
  assets: AssetSource;
  version?: string;
  startedAt?: Date;
  /** Log each request as one JSON line to stdout (off in tests). */
  logRequests?: boolean;
  /** Rate limits (api/middleware/rate-limit.ts); false or absent = none. */
  rateLimits?: RateLimitConfig | false;
  /** The shared counters the limits use (read only when rateLimits names a limit). */
  rateCounter: RateCounter;
  /** Where request log entries go instead of stdout (tests capture them here). */
  requestLog?: (entry: RequestLogEntry) => void;
  /** How long a built /api/live-odds body is reused (ms); 0 or absent = rebuilt on every request. */
  liveOddsCacheMs?: number;
  /**
   * The proxies in front of us (TRUST_PROXY, api/middleware/proxy-trust.ts): whose X-Forwarded-*
   * headers are believed. true = one hop; absent or false = none.
   */
  trustProxy?: ProxyTrust | boolean;
  /** The origins the site is served at (PUBLIC_ORIGIN, api/middleware/public-origin.ts); null or absent = loopback only. */
  publicOrigin?: PublicOrigins | null;
  /** GET /api/live-odds/stream: how often this process polls the database (default 100 ms) and pings (default 15 s). */
  liveStream?: { pollMs?: number; pingMs?: number };
  /**
   * The HTTP server's way to write the live-odds stream straight to each connection
   * (adapters/system/node-event-streams.ts); for a request without a connection, a web stream.
   */
  eventStreams: EventStreams;
  /** Issues session tokens and the ids stored for them (adapters/system/session-token.ts). */
  sessionTokens: SessionTokens;
  /** Admission control of the queued writes (api/middleware/admission.ts); false or absent = none. */
  admission?: AdmissionConfig | false;
  /** Background jobs of this process (api/jobs): told when a bulk operation is queued, asked for a fraud scan. */
  jobs: { bulkOperationQueued(): void; scanNow(): Promise<FraudScanSummary> };
}

export type AppEnv = {
  Variables: {
    requestId: string;
    /** The client's address (see api/middleware/client-address.ts). */
    clientIp: string | null;
    /** This server's origin as the browser sees it (api/middleware/public-origin.ts); null only on the health probe. */
    ownOrigin: string | null;
    actor: Actor;
    /** The suspended account's session as an actor, for allowSuspendedCustomer routes only. */
    suspendedActor: Actor | null;
    /**
     * The cookie belongs to a suspended account: its live session, or one the suspension ended. What
     * a refusal tells the browser (AUTH.ACCOUNT_SUSPENDED with these details).
     */
    suspension: SuspensionState | null;
    deps: AppDeps;
    liveOdds: LiveOddsSnapshot;
    /** CSP hashes of the inline scripts of the HTML page being served (set by api/site.ts). */
    scriptHashes: string[] | undefined;
  };
};

/** The use-case context for this request. */
export const ctxOf = (c: { get(k: "actor"): Actor; get(k: "deps"): AppDeps }): Ctx => {
  const deps = c.get("deps");
  return { actor: c.get("actor"), ports: deps.ports, clock: deps.clock, ids: deps.ids };
};
