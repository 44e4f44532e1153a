/**
 * Rate limits on the endpoints worth abusing: sign-in, demo login, registration and bet placement.
 * Fixed windows counted in the shared database (so two instances count together); over the limit
 * the answer is 429 RATE.LIMITED with Retry-After (seconds until the window ends) and nothing else
 * runs. The limits are listed in docs/security.md; RATE_LIMITS overrides them
 * ("name=limit/seconds,..." or "off").
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { sendError } from "../errors.ts";
import { addressKey } from "./client-address.ts";
import type { RateLimitConfig, RateLimitName } from "../settings.ts";

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  "demo-login": { limit: 20, windowMs: 10 * 60_000, by: "ip" },
  "sign-in": { limit: 30, windowMs: 60_000, by: "ip" },
  register: { limit: 10, windowMs: 60 * 60_000, by: "ip" },
  bets: { limit: 30, windowMs: 10_000, by: "user" },
};

/** Parse RATE_LIMITS: "off", or overrides like "demo-login=500/600,bets=100/10". */
export function rateLimitsFromEnv(value: string | undefined): RateLimitConfig | false {
  if (!value) return DEFAULT_RATE_LIMITS;
  if (/^(off|0|false|no)$/i.test(value.trim())) return false;
  const out: RateLimitConfig = { ...DEFAULT_RATE_LIMITS };
  for (const part of value.split(",")) {
    const m = /^\s*([a-z-]+)\s*=\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(part);
    if (!m || !(m[1] in out)) throw new Error(`RATE_LIMITS: cannot read "${part}" (use name=limit/seconds)`);
    const name = m[1] as RateLimitName;
    out[name] = { ...out[name], limit: Number(m[2]), windowMs: Number(m[3]) * 1000 };
  }
  return out;
}

/**
 * `forgive`: response statuses the limit does not charge for (e.g. 400 for a registration the
 * server refused as invalid input: a customer correcting a form must not use up the hour's budget).
 * The request is still counted before it runs, so a burst cannot slip past the limit.
 */
export function rateLimit(
  name: RateLimitName,
  methods: readonly string[] = ["POST"],
  forgive: readonly number[] = [],
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get("deps");
    const rule = deps.rateLimits ? deps.rateLimits[name] : null;
    if (!rule || !methods.includes(c.req.method)) return next();
    const actor = c.get("actor");
    const who = rule.by === "user" && actor.kind === "user" ? `u:${actor.user.id}` : `ip:${addressKey(c.get("clientIp")) ?? "unknown"}`;
    const now = deps.clock.now().getTime();
    const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
    const bucket = `${name}:${who}`;
    const count = await deps.rateCounter.hit(bucket, windowStart);
    if (count > rule.limit) {
      const retryAfter = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
      c.header("Retry-After", String(retryAfter));
      return sendError(c, {
        code: "RATE.LIMITED",
        message: `Too many requests; try again in ${retryAfter} s`,
        details: { limit: rule.limit, windowSeconds: rule.windowMs / 1000, retryAfterSeconds: retryAfter },
      });
    }
    await next();
    if (forgive.includes(c.res.status)) await deps.rateCounter.forgive(bucket, windowStart);
  };
}
