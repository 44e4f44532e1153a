/** Demo login/logout, the current user, and the browser-navigation login/logout endpoints. */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { CurrentUser, DemoLoginBody, DemoLoginResponse, OkResponse } from "../schemas/auth.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { fail, unwrap } from "../errors.ts";
import { presentUser } from "../presenters.ts";
import { clearSessionCookie, readSessionToken, setSessionCookie, signedInUser } from "../middleware/session.ts";
import { newSessionToken, sessionIdFor } from "../../adapters/system/session-token.ts";
import { startDemoSession } from "../../domain/accounts/demo-session.ts";
import type { Context } from "hono";

async function currentUserJson(c: Context<AppEnv>) {
  const user = signedInUser(c);
  const balance = (await c.get("deps").ports.wallets.balanceOf(user.id)) ?? 0;
  return presentUser(user, balance);
}

/** Forget the session server side; clear the cookie unless a new one is about to replace it. */
async function endSession(c: Context<AppEnv>, opts: { clearCookie: boolean } = { clearCookie: true }) {
  const token = readSessionToken(c);
  if (token) await c.get("deps").ports.sessions.delete(await sessionIdFor(token));
  if (opts.clearCookie) clearSessionCookie(c);
}

export const authRoutes = new OpenAPIHono<AppEnv>();

authRoutes.openapi(
  createRoute({
    method: "get",
    path: "/auth/user",
    tags: ["Session"],
    summary: "The signed-in user (any role); 401 when nobody is signed in",
    responses: { 200: json(CurrentUser, "The current user"), ...errorResponses(401) },
  }),
  async (c) => c.json(await currentUserJson(c), 200),
);

authRoutes.openapi(
  createRoute({
    method: "get",
    path: "/login",
    tags: ["Session"],
    summary: "Browser navigation to sign in (demo sign-in section until accounts land)",
    responses: { 302: { description: "Redirect to the sign-in page" } },
  }),
  (c) => c.redirect("/#demo", 302),
);

authRoutes.openapi(
  createRoute({
    method: "get",
    path: "/logout",
    tags: ["Session"],
    summary: "Browser navigation that ends the session and returns to /",
    responses: { 302: { description: "Redirect to the landing page" } },
  }),
  async (c) => {
    await endSession(c);
    return c.redirect("/", 302);
  },
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
    summary: "Sign in as a fresh demo user of the given role (customers get 1,000.00 demo credits)",
    request: { body: { required: true, content: { "application/json": { schema: DemoLoginBody } } } },
    responses: { 200: json(DemoLoginResponse, "Signed in; a session cookie is set"), ...errorResponses(400, 403) },
  }),
  async (c) => {
    const { role } = c.req.valid("json");
    await endSession(c, { clearCookie: false });
    const token = newSessionToken();
    const started = unwrap(await startDemoSession(ctxOf(c), role, await sessionIdFor(token), c.get("clientIp")));
    setSessionCookie(c, token, started.expiresAt);
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

