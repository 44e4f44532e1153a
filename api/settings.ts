/**
 * The settings createApp is given in AppDeps (api/env.ts), as types: api/bootstrap.ts reads them
 * from the environment with the parsers beside each middleware, and the middleware reads them from
 * AppDeps. They live apart from the middleware because env.ts names them and every middleware
 * imports env.ts for AppEnv: declared in the middleware, they made an import cycle of each.
 */

/** Rate limits (api/middleware/rate-limit.ts): RATE_LIMITS, or the defaults there. */
export type RateLimitName = "demo-login" | "sign-in" | "register" | "bets";
interface RateRule {
  limit: number;
  windowMs: number;
  /** Count per client address, or per signed-in user (address when anonymous). */
  by: "ip" | "user";
}
export type RateLimitConfig = Record<RateLimitName, RateRule>;

/** Admission control of the queued writes (api/middleware/admission.ts). */
export interface AdmissionConfig {
  /** The longest wait a queued write may be given (ADMISSION_BUDGET_MS, default 150). */
  budgetMs: number;
  /** Fewer writes than this in flight are never refused (default 32). */
  minQueue?: number;
  /** The thread's busy share (0-1) above which arriving writes are refused (ADMISSION_MAX_BUSY_PERCENT / 100, default 0.9). */
  maxBusy?: number;
}

/** The origins the site is served at (PUBLIC_ORIGIN, api/middleware/public-origin.ts). */
export interface PublicOriginEntry {
  /** "https://book.example" (default port dropped). */
  origin: string;
  /** "https:" */
  protocol: string;
  /** "book.example", or "book.example:8443" with a port that is not the default. */
  host: string;
}

export interface PublicOrigins {
  entries: PublicOriginEntry[];
}
