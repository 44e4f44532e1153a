/**
 * The authorization matrix: every route the app registers (asked from Hono itself with
 * inspectRoutes, not a hand-written list) is classified by an ordered list of access rules, and
 * every route is called as anonymous, customer, trader and admin with placeholder path parameters
 * and an empty body.
 *
 * - A registered route that no rule classifies fails the test (a new route must be given an
 *   access level here), and so does a rule that classifies no route (the list does not rot).
 * - Anonymous on a protected route: 401 AUTH.REQUIRED. A signed-in actor whose role the rule does
 *   not allow: 403 AUTH.FORBIDDEN. An allowed actor never gets AUTH.REQUIRED / AUTH.FORBIDDEN /
 *   AUTH.ACCOUNT_SUSPENDED (any other answer is fine: 400 for the empty body, 404 for the
 *   placeholder id...). Nobody ever gets a 5xx.
 * - A refused request (401/403) changes nothing: ledger postings, balances, transactions, bets,
 *   audit records, users, fantasy entries.
 * - Every state-changing route (POST, PUT, PATCH, DELETE) sent from another origin by an actor the
 *   route allows: 403 REQUEST.CROSS_ORIGIN, nothing changed, and the actor still signed in.
 * - Every response carries the security headers (CSP with frame-ancestors 'none' and no
 *   'unsafe-inline' scripts, nosniff, X-Frame-Options DENY, a referrer policy).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { expectLedgerBalanced } from "../fixtures/builders.ts";
import { ALLOWED, POLICY, registeredRoutes, ruleFor, type Access, type Actor, type RouteKey } from "../fixtures/access-policy.ts";
import type { AssetSource } from "../../api/env.ts";

// ---------------------------------------------------------------------------------------------
// The app: with a small built site, so the site's routes are registered too
// ---------------------------------------------------------------------------------------------

const files: Record<string, string> = {
  "index.html": "<html>landing</html>",
  "404.html": "<html>404 Page Not Found</html>",
  "admin/index.html": "<html>admin</html>",
  "account/index.html": "<html>account</html>",
  "public/index.html": "<html>public</html>",
};
const assets: AssetSource = {
  async get(path) {
    const body = files[path];
    return body === undefined ? null : { body: new TextEncoder().encode(body), contentType: "text/html; charset=utf-8" };
  },
};

let t: TestApp;
const cookies: Record<Actor, string> = { anonymous: "", customer: "", trader: "", admin: "" };

async function signIn(actor: Exclude<Actor, "anonymous">) {
  cookies[actor] = (await demoLogin(t, actor)).cookie;
}

beforeAll(async () => {
  t = await makeTestApp({ assets });
  for (const a of ["customer", "trader", "admin"] as const) await signIn(a);
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Requests and evidence
// ---------------------------------------------------------------------------------------------

/** A concrete request for a registered route: placeholder parameters and an empty JSON body. */
function requestFor(route: RouteKey): { method: string; url: string }[] {
  const url = route.path
    .replace(/\{[^}]+\}/g, "zz_not_an_id")
    .replace(/\/\*$/, route.path === "/*" ? "/" : "/zz-no-such-route");
  const methods = route.method === "ALL" ? ["GET", "POST"] : [route.method];
  return methods.map((method) => ({ method, url }));
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

async function send(actor: Actor, method: string, url: string, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extra };
  if (cookies[actor]) headers.cookie = cookies[actor];
  let body: string | undefined;
  if (!SAFE.has(method)) {
    headers["content-type"] = "application/json";
    body = "{}";
  }
  const ac = new AbortController();
  const res = await t.app.request(url, { method, headers, body, signal: ac.signal });
  let code: string | null = null;
  const ct = res.headers.get("content-type") ?? "";
  if (ct.includes("text/event-stream")) {
    ac.abort();
    await res.body?.cancel().catch(() => {});
  } else if (ct.includes("application/json") && method !== "HEAD") {
    const json = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
    code = json?.error?.code ?? null;
  } else await res.body?.cancel().catch(() => {});
  // A logout or sign-in route ends or replaces the session it was sent with: sign in afresh.
  if (actor !== "anonymous" && res.headers.getSetCookie().some((c) => /^(__Host-sid|sid)=/.test(c))) await signIn(actor);
  return { status: res.status, code, headers: res.headers };
}

/** Everything a refused request must leave alone. */
async function snapshot() {
  const rs = await t.database.client.execute(`
    SELECT (SELECT COUNT(*) FROM ledger_postings) AS postings,
           (SELECT COALESCE(SUM(amount), 0) FROM ledger_postings) AS postedSum,
           (SELECT COUNT(*) FROM ledger_transactions) AS transactions,
           (SELECT group_concat(id || '=' || balance, ';') FROM (SELECT id, balance FROM ledger_accounts ORDER BY id)) AS balances,
           (SELECT COUNT(*) FROM bets) AS bets,
           (SELECT group_concat(id || '=' || status, ';') FROM (SELECT id, status FROM bets ORDER BY id)) AS betStatuses,
           (SELECT COUNT(*) FROM audit_log) AS audit,
           (SELECT COUNT(*) FROM users) AS users,
           (SELECT COUNT(*) FROM fantasy_entries) AS entries`);
  return { ...rs.rows[0] };
}

const ROLE_CODES = new Set(["AUTH.REQUIRED", "AUTH.FORBIDDEN", "AUTH.ACCOUNT_SUSPENDED"]);

function expectSecurityHeaders(headers: Headers, what: string) {
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp, `${what}: CSP`).toContain("frame-ancestors 'none'");
  expect(/script-src ([^;]+)/.exec(csp)?.[1] ?? "", `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(headers.get("x-content-type-options"), `${what}: nosniff`).toBe("nosniff");
  expect(headers.get("x-frame-options"), `${what}: X-Frame-Options`).toBe("DENY");
  expect(headers.get("referrer-policy"), `${what}: Referrer-Policy`).toBe("strict-origin-when-cross-origin");
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe("the access policy covers exactly the registered routes", () => {
  it("every registered route matches a rule (a new route must be classified here)", () => {
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(100);
    const unclassified = routes.filter((rt) => !ruleFor(rt.method, rt.path)).map((rt) => `${rt.method} ${rt.path}`);
    expect(unclassified, "registered routes without an access rule").toEqual([]);
  });

  it("every rule classifies at least one registered route (no stale rules)", () => {
    const routes = registeredRoutes(t.app);
    const used = new Set(routes.map((rt) => ruleFor(rt.method, rt.path)));
    const stale = POLICY.filter((rule) => !used.has(rule)).map((rule) => `${rule.methods.join(",")} ${rule.path}`);
    expect(stale).toEqual([]);
  });

  it("the rules are not vacuous: each access level classifies routes, and /api/admin/* is never public", () => {
    const routes = registeredRoutes(t.app);
    const levels = new Map<Access, number>();
    for (const rt of routes) {
      const a = ruleFor(rt.method, rt.path)?.access;
      if (a) levels.set(a, (levels.get(a) ?? 0) + 1);
    }
    for (const a of ["public", "signed-in", "customer", "staff", "admin"] as const) expect(levels.get(a) ?? 0, a).toBeGreaterThan(0);
    for (const rt of routes.filter((x) => x.path.startsWith("/api/admin/")))
      expect(ruleFor(rt.method, rt.path)?.access, `${rt.method} ${rt.path}`).toMatch(/^(staff|admin)$/);
  });
});

const ACTORS: Actor[] = ["anonymous", "customer", "trader", "admin"];

describe("every route against every actor", () => {
  // Computed when the tests run (the app is made in beforeAll); one test per access level keeps the
  // failure messages readable while still covering every route.
  for (const level of ["public", "signed-in", "customer", "staff", "admin"] as const) {
    it(`${level} routes: 401/403 exactly for the actors the rule refuses, never a 5xx, refusals change nothing, security headers on every answer`, async () => {
      const routes = registeredRoutes(t.app).filter((rt) => ruleFor(rt.method, rt.path)?.access === level);
      expect(routes.length).toBeGreaterThan(0);
      const problems: string[] = [];
      let checked = 0;
      for (const route of routes) {
        for (const { method, url } of requestFor(route)) {
          for (const actor of ACTORS) {
            const allowed = ALLOWED[level].includes(actor);
            const before = allowed ? null : await snapshot();
            const res = await send(actor, method, url);
            checked++;
            const where = `${method} ${url} as ${actor} (${level}): ${res.status} ${res.code ?? ""}`;
            if (res.status >= 500) problems.push(`${where}: a 5xx`);
            if (allowed) {
              if (res.code && ROLE_CODES.has(res.code)) problems.push(`${where}: refused an allowed actor`);
            } else if (actor === "anonymous") {
              if (res.status !== 401 || res.code !== "AUTH.REQUIRED") problems.push(`${where}: expected 401 AUTH.REQUIRED`);
            } else if (res.status !== 403 || res.code !== "AUTH.FORBIDDEN") problems.push(`${where}: expected 403 AUTH.FORBIDDEN`);
            if (before) {
              const after = await snapshot();
              if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${where}: a refused request changed ${JSON.stringify({ before, after })}`);
            }
            try {
              expectSecurityHeaders(res.headers, where);
            } catch (e) {
              problems.push((e as Error).message.split("\n")[0]);
            }
          }
        }
      }
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThanOrEqual(routes.length * ACTORS.length);
    });
  }
});

describe("state-changing routes refuse another origin", () => {
  it("every POST, PUT, PATCH and DELETE route, sent by an actor it allows with Origin: https://evil.example: 403 REQUEST.CROSS_ORIGIN, nothing changed, still signed in", async () => {
    const routes = registeredRoutes(t.app).filter((rt) => !SAFE.has(rt.method));
    expect(routes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const route of routes) {
      const access = ruleFor(route.method, route.path)!.access;
      // Public routes as a signed-in customer (so "the session survives" means something), others as the first allowed role.
      const actor: Actor = access === "public" ? "customer" : ALLOWED[access][0];
      for (const { method, url } of requestFor(route).filter((x) => !SAFE.has(x.method))) {
        for (const origin of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
          const before = await snapshot();
          const res = await send(actor, method, url, origin);
          const where = `${method} ${url} as ${actor} with ${JSON.stringify(origin)}: ${res.status} ${res.code ?? ""}`;
          if (res.status !== 403 || res.code !== "REQUEST.CROSS_ORIGIN") problems.push(`${where}: expected 403 REQUEST.CROSS_ORIGIN`);
          if (JSON.stringify(await snapshot()) !== JSON.stringify(before)) problems.push(`${where}: changed something`);
          if (res.headers.getSetCookie().length > 0) problems.push(`${where}: set a cookie`);
          if (actor !== "anonymous") {
            const me = await t.app.request("/api/auth/user", { headers: { cookie: cookies[actor] } });
            await me.body?.cancel();
            if (me.status !== 200) problems.push(`${where}: the session ended`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
