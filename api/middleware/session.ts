/**
 * Sessions: an opaque random token in an HttpOnly, SameSite=Lax cookie (Secure and __Host- prefixed
 * over HTTPS); the server stores only its hash. Each request turns the cookie into an actor. A
 * suspended account's sessions stop working at once.
 */
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../env.ts";
import { fail, sendError } from "../errors.ts";
import { sessionIdFor } from "../../adapters/system/session-token.ts";
import type { Role, User } from "../../domain/shared/types.ts";

const PLAIN = "sid";
const SECURE = "__Host-sid";

export const isHttps = (c: Context) =>
  c.req.header("x-forwarded-proto") === "https" || new URL(c.req.url).protocol === "https:";

export function readSessionToken(c: Context): string | null {
  return getCookie(c, SECURE) ?? getCookie(c, PLAIN) ?? null;
}

export function setSessionCookie(c: Context, token: string, expiresAt: Date) {
  const secure = isHttps(c);
  setCookie(c, secure ? SECURE : PLAIN, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, PLAIN, { path: "/" });
  if (isHttps(c)) deleteCookie(c, SECURE, { path: "/", secure: true });
}

export const session = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  c.set("actor", { kind: "anonymous" });
  const token = readSessionToken(c);
  if (token && token.length <= 128) {
    const deps = c.get("deps");
    const id = await sessionIdFor(token);
    const found = await deps.ports.sessions.findActive(id, deps.clock.now());
    if (found && found.user.isActive) c.set("actor", { kind: "user", user: found.user, sessionId: id });
  }
  await next();
};

/** The roles a route allows: 401 without a session, 403 for any other role. */
export const requireRole =
  (...roles: Role[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const actor = c.get("actor");
    if (actor.kind !== "user") return sendError(c, { code: "AUTH.REQUIRED", message: "Please log in" });
    if (!roles.includes(actor.user.role))
      return sendError(c, { code: "AUTH.FORBIDDEN", message: "Your account does not have access to this" });
    await next();
  };

export const requireUser = (): MiddlewareHandler<AppEnv> => requireRole("admin", "customer", "trader");

/** The signed-in user of a request, or the 401 envelope. */
export function signedInUser(c: Context<AppEnv>): User {
  const actor = c.get("actor");
  if (actor.kind !== "user") fail({ code: "AUTH.REQUIRED", message: "Please log in" });
  return actor.user;
}
