import type { PasswordHasher, Ports } from "../domain/ports/index.ts";
import type { Clock, Ids } from "../domain/shared/clock.ts";
import type { Actor } from "../domain/shared/types.ts";
import type { Ctx } from "../domain/shared/context.ts";
import type { Client } from "@libsql/client";

export interface StaticAsset {
  body: Uint8Array;
  contentType: string;
}
/** Where the built site's files come from (dist/ on disk in production). */
export interface AssetSource {
  get(path: string): Promise<StaticAsset | null>;
}

export interface FeedStatusSource {
  status(): { running: boolean; lastTickAt: Date | null };
}

export interface AppDeps {
  ports: Ports;
  clock: Clock;
  ids: Ids;
  /** For the health check's round trip only. */
  database: { client: Client; kind: "file" | "memory" | "remote" };
  demoMode: boolean;
  feed?: FeedStatusSource;
  assets?: AssetSource;
  version?: string;
  startedAt?: Date;
  /** Log each request as one JSON line (off in tests). */
  logRequests?: boolean;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy?: boolean;
  /** Hashes passwords of accounts an admin adds (default: scrypt, adapters/system/password.ts). */
  passwordHasher?: PasswordHasher;
  /** Background jobs of this process (api/jobs): told when a bulk operation is queued. */
  jobs?: { bulkOperationQueued(): void };
}

export type AppEnv = {
  Variables: {
    requestId: string;
    /** The client's address (see api/middleware/client-address.ts). */
    clientIp: string | null;
    actor: Actor;
    deps: AppDeps;
  };
};

/** The use-case context for this request. */
export const ctxOf = (c: { get(k: "actor"): Actor; get(k: "deps"): AppDeps }): Ctx => {
  const deps = c.get("deps");
  return { actor: c.get("actor"), ports: deps.ports, clock: deps.clock, ids: deps.ids };
};
