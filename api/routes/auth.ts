/**
 * Signing in and out: registration, email + password sign-in (throttled), logout (POST only; GET
 * shows a page with a button), the current user, the browser-navigation login endpoint, and the
 * demo sign-in.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { CurrentUser, DemoLoginBody, DemoLoginResponse, OkResponse, SessionResponse } from "../schemas/auth.ts";
import { LoginQuery, RegisterBody, SignInBody, SignInResponse } from "../schemas/account.ts";
import { ErrorEnvelope } from "../schemas/common.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { fail, unwrap } from "../errors.ts";
import { presentUser } from "../presenters.ts";
import { clearSessionCookie, readDemoDevice, readSessionToken, setDemoDevice, setSessionCookie, signedInUser } from "../middleware/session.ts";
import { landingFor, startDemoSession } from "../../domain/accounts/demo-session.ts";
import { registerCustomer } from "../../domain/accounts/register.ts";
import { signIn } from "../../domain/accounts/sign-in.ts";
import { currentUserOf, forgetSession } from "../../domain/accounts/current-session.ts";
import type { User } from "../../domain/shared/types.ts";

async function currentUserJson(c: Context<AppEnv>) {
  const { user, balance, settings } = await currentUserOf(ctxOf(c), signedInUser(c));
  return presentUser(user, balance ?? 0, settings);
}

/** Forget the session server side; clear the cookie unless a new one is about to replace it. */
async function endSession(c: Context<AppEnv>, opts: { clearCookie: boolean } = { clearCookie: true }) {
  const token = readSessionToken(c);
  if (token && token.length <= 128) await forgetSession(ctxOf(c), await c.get("deps").sessionTokens.idFor(token));
  if (opts.clearCookie) clearSessionCookie(c);
}

/** A `next` that stays on this site: a path starting with one slash, no scheme, host or control characters. */
function safeNext(next: string | undefined): string | null {
  if (!next) return null;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  return next;
}

const signInUser = (u: User) => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  verificationLevel: u.verificationLevel,
});

const throttledResponse = {
  429: {
    description: "Too many failed sign-ins (AUTH.THROTTLED); the Retry-After header says after how many seconds to try again",
    headers: { "Retry-After": { description: "Seconds until a sign-in is allowed again", schema: { type: "integer" as const } } },
    content: { "application/json": { schema: ErrorEnvelope } },
  },
};

export const authRoutes = new OpenAPIHono<AppEnv>();

authRoutes.openapi(
  createRoute({
    method: "get",
    path: "/auth/user",
    tags: ["Session"],
    summary: "The signed-in user (any role) with balance and settings; 401 when nobody is signed in",
    responses: { 200: json(CurrentUser, "The current user"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await currentUserJson(c), 200),
);

authRoutes.openapi(
  createRoute({
    method: "get",
    path: "/auth/session",
    tags: ["Session"],
    summary: "Who is signed in, for pages that work signed out too: 200 with user null when nobody is (no 401 in the browser's console); 403 AUTH.ACCOUNT_SUSPENDED for a suspended account",
    description:
      "A cookie of a suspended account (its session, or one the suspension ended) answers 403 AUTH.ACCOUNT_SUSPENDED whose " +
      "message says why and what to do next, and whose details are { category, isDemo, sessionEnded }: every page can show " +
      "the suspension as it loads instead of a sign-in prompt.",
    responses: { 200: json(SessionResponse, "The signed-in user, or null"), ...errorResponses(403) },
  }),
  async (c) => {
    if (c.get("actor").kind !== "user" && !c.get("suspension")) return c.json({ user: null }, 200);
    return c.json({ user: await currentUserJson(c) }, 200);
  },
);

authRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/register",
    tags: ["Session"],
    summary: "Open a customer account (18+) and sign in",
    description:
      "New accounts are customers at verification level none with an empty wallet. Under 18 -> 422 AUTH.UNDERAGE; " +
      "an email already in use -> 409 AUTH.EMAIL_TAKEN.",
    request: { body: { required: true, content: { "application/json": { schema: RegisterBody } } } },
    responses: {
      201: json(SignInResponse, "Registered and signed in; a session cookie is set"),
      ...errorResponses(400, 409, 422),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const token = c.get("deps").sessionTokens.newToken();
    const started = unwrap(await registerCustomer(ctxOf(c), body, { id: await c.get("deps").sessionTokens.idFor(token), ip: c.get("clientIp") }));
    await endSession(c, { clearCookie: false });
    setSessionCookie(c, token, started.expiresAt);
    return c.json({ user: signInUser(started.user), redirectTo: started.redirectTo }, 201);
  },
);

authRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/login",
    tags: ["Session"],
    summary: "Sign in with email and password",
    description:
      "Wrong email or password -> 401 AUTH.INVALID_CREDENTIALS; suspended account -> 403 AUTH.ACCOUNT_SUSPENDED; " +
      "5 failures for the account or from the address within 15 minutes -> 429 AUTH.THROTTLED with Retry-After.",
    request: { body: { required: true, content: { "application/json": { schema: SignInBody } } } },
    responses: {
      200: json(SignInResponse, "Signed in; a session cookie is set"),
      ...errorResponses(400, 401, 403),
      ...throttledResponse,
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const token = c.get("deps").sessionTokens.newToken();
    const result = await signIn(ctxOf(c), body, { id: await c.get("deps").sessionTokens.idFor(token), ip: c.get("clientIp") });
    if (!result.ok && result.error.code === "AUTH.THROTTLED") {
      const { retryAfterSeconds } = result.error.details as { retryAfterSeconds: number };
      c.header("Retry-After", String(retryAfterSeconds));
    }
    const started = unwrap(result);
    await endSession(c, { clearCookie: false });
    setSessionCookie(c, token, started.expiresAt);
    return c.json({ user: signInUser(started.user), redirectTo: started.redirectTo }, 200);
  },
);

for (const path of ["/logout", "/auth/logout"] as const) {
  authRoutes.openapi(
    createRoute({
      method: "post",
      path,
      tags: ["Session"],
      summary: "End the current session (answers 200 when there is none; a form post is sent to / with 303)",
      responses: {
        200: json(OkResponse, "Signed out; the cookie is cleared"),
        303: { description: "Signed out from the log-out page's form; back to the landing page" },
        ...errorResponses(403),
      },
    }),
    async (c) => {
      await endSession(c);
      // The log-out page's form (GET /api/logout) posts here: send the browser home, not JSON.
      if (isFormPost(c)) return c.redirect("/", 303) as never; // typed routes only type their 2xx bodies
      return c.json({ ok: true as const }, 200);
    },
  );
}

function isFormPost(c: Context<AppEnv>): boolean {
  const type = c.req.header("content-type") ?? "";
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type);
}

authRoutes.openapi(
  createRoute({
    method: "get",
    path: "/login",
    tags: ["Session"],
    summary: "Browser navigation to the sign-in / registration page, keeping where to go next",
    request: { query: LoginQuery },
    responses: { 302: { description: "Redirect to /sign-in (with ?next= when a local path was given)" } },
  }),
  (c) => {
    const next = safeNext(c.req.valid("query").next);
    return c.redirect(next ? `/sign-in?next=${encodeURIComponent(next)}` : "/sign-in", 302);
  },
);

/**
 * GET /api/logout changes nothing: a link or an image on another site could otherwise sign the
 * customer out. It shows a page whose button POSTs to /api/logout (same origin), which signs out
 * and comes back to the landing page.
 */
const LOGOUT_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log out - BetPro</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0}main{text-align:center}button{font:inherit;padding:.6em 1.4em;cursor:pointer}</style>
</head>
<body>
<main>
<h1>Log out?</h1>
<form method="post" action="/api/logout">
<button type="submit" data-testid="logout-confirm">Log out</button>
</form>
<p><a href="/">Stay signed in</a></p>
</main>
</body>
</html>
`;

authRoutes.openapi(
  createRoute({
    method: "get",
    path: "/logout",
    tags: ["Session"],
    summary: "A page with a button that signs out (by POST /api/logout); the GET itself signs nobody out",
    responses: { 200: { description: "An HTML page with a log-out button", content: { "text/html": { schema: { type: "string" } } } } },
  }),
  (c) => c.html(LOGOUT_PAGE, 200),
);

/** Demo routes exist only in demo mode; otherwise they answer 404 like any unknown path. */
export const demoRoutes = new OpenAPIHono<AppEnv>();
demoRoutes.use("/demo/*", async (c, next) => {
  if (!c.get("deps").demoMode) fail({ code: "ROUTE.NOT_FOUND", message: "Not found" });
  await next();
});

demoRoutes.openapi(
  createRoute({
    method: "get",
    path: "/demo/user",
    tags: ["Demo"],
    summary: "The signed-in demo user; 401 when nobody, 404 when the session is not a demo user",
    responses: { 200: json(CurrentUser, "The demo user"), ...errorResponses(401, 404) },
  }),
  async (c) => {
    const user = await currentUserJson(c);
    if (!user.isDemoUser) fail({ code: "DEMO.NOT_DEMO_USER", message: "The signed-in user is not a demo user" });
    return c.json(user, 200);
  },
);

demoRoutes.openapi(
  createRoute({
    method: "post",
    path: "/demo/login",
    tags: ["Demo"],
    summary:
      "Sign in as a demo user of the given role (customers get 1,000.00 demo credits); a returning browser gets its demo user of that role back " +
      "(a long-lived device cookie, until the demo account closes after a day idle), unless startOver",
    request: { body: { required: true, content: { "application/json": { schema: DemoLoginBody } } } },
    responses: { 200: json(DemoLoginResponse, "Signed in; a session cookie is set"), ...errorResponses(400, 403) },
  }),
  async (c) => {
    const { role, startOver } = c.req.valid("json");
    // A second demo login in the same signed-in browser returns the same demo user (so a demo
    // self-exclusion is not ended by clicking again); only "Start over" makes a new one.
    const actor = c.get("actor");
    if (!startOver && actor.kind === "user" && actor.user.isDemo && actor.user.role === role) {
      const u = actor.user;
      return c.json({ user: { id: u.id, firstName: u.firstName, lastName: u.lastName, role: u.role }, redirectTo: landingFor(role) }, 200);
    }
    await endSession(c, { clearCookie: false });
    const tokens = c.get("deps").sessionTokens;
    const token = tokens.newToken();
    // The browser's device token brings it back to its demo user of this role (one user per browser
    // and role, not one per click); a browser without one gets one.
    const deviceToken = readDemoDevice(c) ?? tokens.newToken();
    const device = { key: await tokens.idFor(`${deviceToken}:${role}`), startOver: startOver === true };
    const started = unwrap(await startDemoSession(ctxOf(c), role, await tokens.idFor(token), c.get("clientIp"), device));
    setSessionCookie(c, token, started.expiresAt);
    setDemoDevice(c, deviceToken, started.deviceUntil);
    const u = started.user;
    return c.json({ user: { id: u.id, firstName: u.firstName, lastName: u.lastName, role: u.role }, redirectTo: started.redirectTo }, 200);
  },
);

demoRoutes.openapi(
  createRoute({
    method: "post",
    path: "/demo/logout",
    tags: ["Demo"],
    summary: "End the current session",
    responses: { 200: json(OkResponse, "Signed out"), ...errorResponses(403) },
  }),
  async (c) => {
    await endSession(c);
    return c.json({ ok: true as const }, 200);
  },
);
