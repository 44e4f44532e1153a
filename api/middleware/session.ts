/**
 * Sessions: an opaque random token in an HttpOnly, SameSite=Lax cookie (Secure and __Host- prefixed
 * over HTTPS); the server stores only its hash. Each request turns the cookie into an actor.
 *
 * A suspended account's sessions stop working at once: the account is looked up on every request,
 * and a session of an inactive user makes the request anonymous (public routes and pages behave as
 * for a visitor) while every route that needs a signed-in user answers 403 AUTH.ACCOUNT_SUSPENDED
 * instead of 401, so the browser can say why rather than offer to sign in again.
 *
 * A suspension also ends the account's sessions (adapters/libsql/users-admin.ts), leaving a
 * tombstone per session: a request with such a cookie is anonymous (it never authenticates, not even
 * on the routes a suspended customer may use), and a route that needs a user answers 403
 * AUTH.ACCOUNT_SUSPENDED too.
 *
 * Either way the refusal says why and what to do next (domain/accounts/suspension.ts): its message
 * in words, and its details { category, isDemo, sessionEnded } for the pages' banners.
 */
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../env.ts";
import { fail, sendError } from "../errors.ts";
import { reachedOverHttps } from "./public-origin.ts";
import type { Role, User } from "../../domain/shared/types.ts";
import type { DomainError } from "../../domain/shared/result.ts";
import { suspensionWords, type SuspensionState } from "../../domain/accounts/suspension.ts";

const PLAIN = "sid";
const SECURE = "__Host-sid";

/**
 * Whether the browser reached us over HTTPS: our origin's scheme (PUBLIC_ORIGIN's, or a trusted
 * proxy's X-Forwarded-Proto; never the header from anyone else), or the request URL's.
 */
export const isHttps = (c: Context<AppEnv>) => reachedOverHttps(c.get("ownOrigin"), c.req.url);

export function readSessionToken(c: Context): string | null {
  return getCookie(c, SECURE) ?? getCookie(c, PLAIN) ?? null;
}

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date) {
  const secure = isHttps(c);
  setCookie(c, secure ? SECURE : PLAIN, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    expires: expiresAt,
  });
}

const DEVICE_PLAIN = "demo_device";
const DEVICE_SECURE = "__Host-demo_device";

/**
 * The demo device token: a long-lived random token that brings a returning browser back to its demo
 * users (domain/accounts/demo-session.ts). Like the session token it is opaque, HttpOnly and
 * SameSite=Lax, and the server keeps only a hash of it; it signs nobody in by itself.
 */
export function readDemoDevice(c: Context): string | null {
  const token = getCookie(c, DEVICE_SECURE) ?? getCookie(c, DEVICE_PLAIN) ?? null;
  return token && token.length <= 128 ? token : null;
}

export function setDemoDevice(c: Context, token: string, expiresAt: Date) {
  const secure = isHttps(c);
  setCookie(c, secure ? DEVICE_SECURE : DEVICE_PLAIN, token, { httpOnly: true, sameSite: "Lax", secure, path: "/", expires: expiresAt });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, PLAIN, { path: "/" });
  if (isHttps(c)) deleteCookie(c, SECURE, { path: "/", secure: true });
}

export const session = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  c.set("actor", { kind: "anonymous" });
  c.set("suspendedActor", null);
  c.set("suspension", null);
  const token = readSessionToken(c);
  if (token && token.length <= 128) {
    const deps = c.get("deps");
    const id = await deps.sessionTokens.idFor(token);
    const found = await deps.ports.sessions.findActive(id, deps.clock.now());
    if (found && found.user.isActive) c.set("actor", { kind: "user", user: found.user, sessionId: id });
    else if (found) {
      c.set("suspendedActor", { kind: "user", user: found.user, sessionId: id });
      const category = await deps.ports.sessions.suspensionOf(found.user.id);
      c.set("suspension", { category, isDemo: found.user.isDemo, sessionEnded: false });
    } else {
      const ended = await deps.ports.sessions.endedBecause(id, deps.clock.now());
      if (ended) c.set("suspension", { category: ended.category, isDemo: ended.isDemo, sessionEnded: true });
    }
  }
  await next();
};

/**
 * For the few routes a suspended customer may still use, because the money is theirs:
 * their payments and withdrawals. The suspended session becomes the actor on these routes
 * only; the use case decides (withdraw refuses an account under investigation).
 */
export const allowSuspendedCustomer = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const suspended = c.get("suspendedActor");
  if (c.get("actor").kind === "anonymous" && suspended?.kind === "user" && suspended.user.role === "customer") c.set("actor", suspended);
  await next();
};

const LOG_IN = { code: "AUTH.REQUIRED", message: "Please log in" } as const;

/** The refusal of a suspended account's cookie: why, and what to do next, in words and as details. */
function suspendedRefusal(s: SuspensionState): DomainError {
  return { code: "AUTH.ACCOUNT_SUSPENDED", message: suspensionWords(s).message, details: { ...s } };
}

/** Why a request without a usable session is refused: suspended (signed in, or the session ended by it), else log in. */
const refusalFor = (c: Context<AppEnv>): DomainError => {
  const suspension = c.get("suspension");
  return suspension ? suspendedRefusal(suspension) : LOG_IN;
};

/** The roles a route allows: 401 without a session, 403 for a suspended account or any other role. */
export const requireRole =
  (...roles: Role[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const actor = c.get("actor");
    if (actor.kind !== "user") return sendError(c, refusalFor(c));
    if (!roles.includes(actor.user.role))
      return sendError(c, { code: "AUTH.FORBIDDEN", message: "Your account does not have access to this" });
    await next();
  };

export const requireUser = (): MiddlewareHandler<AppEnv> => requireRole("admin", "customer", "trader");

/** The signed-in user of a request, or the 401 envelope. */
export function signedInUser(c: Context<AppEnv>): User {
  const actor = c.get("actor");
  if (actor.kind !== "user") fail(refusalFor(c));
  return actor.user;
}
