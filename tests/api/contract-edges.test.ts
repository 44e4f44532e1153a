/**
 * The API's contract at its edges, through app.request() against a real database (the fuzz test,
 * tests/api/fuzz-routes.test.ts, checks on top that no operation answers a status it does not
 * document):
 *   - a visitor is 401 AUTH.REQUIRED on every protected route before any role check, path or body
 *     validation: an over-long or malformed path id and a broken body change nothing;
 *   - GET /api/me/debt: 401 for a visitor, 403 for staff, both documented;
 *   - the OpenAPI document: 413 wherever a body is read (every write), 421 on every operation but
 *     the health probe, 429 where a rate limit is mounted, 403 wherever 401 is, and the session's
 *     user nullable (a visitor's { user: null } fits it);
 *   - Cache-Control: no-store on every kind of error answer, including those made before a route
 *     runs (cross-origin 403, 413, 421, a bad Content-Length) and the site's 404 page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { expectError } from "../fixtures/builders.ts";
import { registeredRoutes, ruleFor } from "../fixtures/access-policy.ts";
import { DEFAULT_RATE_LIMITS } from "../../api/middleware/rate-limit.ts";
import type { AssetSource } from "../../api/env.ts";

const files: Record<string, string> = { "index.html": "<html>landing</html>", "404.html": "<html>404 Page Not Found</html>" };
const assets: AssetSource = {
  async get(path) {
    const body = files[path];
    return body === undefined ? null : { body: new TextEncoder().encode(body), contentType: "text/html; charset=utf-8" };
  },
};

let t: TestApp;
type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: { schemas: Record<string, any> } };
let doc: Doc;
beforeAll(async () => {
  t = await makeTestApp({ assets });
  doc = (await (await t.app.request("/api/openapi.json")).json()) as Doc;
});
afterAll(() => t.close());

const counts = async () =>
  String((await t.database.client.execute("SELECT (SELECT COUNT(*) FROM users) || ':' || (SELECT COUNT(*) FROM bets) || ':' || (SELECT COUNT(*) FROM ledger_postings) AS n")).rows[0].n);

describe("a visitor on a protected route", () => {
  it("is 401 AUTH.REQUIRED before role checks and path or body validation, on every route, and nothing changes", async () => {
    const protectedRoutes = registeredRoutes(t.app).filter((r) => r.path.startsWith("/api/") && r.method !== "ALL" && ruleFor(r.method, r.path)?.access !== "public");
    expect(protectedRoutes.length).toBeGreaterThan(100);
    const before = await counts();
    const problems: string[] = [];
    for (const route of protectedRoutes)
      for (const id of ["x".repeat(300), "%00", "zz_not_an_id"]) {
        const url = route.path.replace(/\{[^}]+\}/g, id);
        const write = !["GET", "HEAD"].includes(route.method);
        const res = await t.app.request(`${url}?limit=-1&from=yesterday`, {
          method: route.method,
          headers: write ? { "content-type": "application/json" } : {},
          body: write ? '{"stake": "1e309", "broken":' : undefined,
        });
        const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
        if (res.status !== 401 || body?.error?.code !== "AUTH.REQUIRED") problems.push(`${route.method} ${url.slice(0, 80)}: ${res.status} ${body?.error?.code}`);
        if (!route.path.includes("{")) break;
      }
    expect(problems).toEqual([]);
    expect(await counts()).toBe(before);
  });

  it("GET /api/me/debt: 401 for a visitor, 403 AUTH.FORBIDDEN for staff, 200 for a customer, each documented", async () => {
    await expectError(await t.app.request("/api/me/debt"), 401, "AUTH.REQUIRED");
    const trader = await demoLogin(t, "trader");
    await expectError(await trader.get("/api/me/debt"), 403, "AUTH.FORBIDDEN");
    const customer = await demoLogin(t, "customer");
    expect((await customer.get("/api/me/debt")).status).toBe(200);
    expect(Object.keys(doc.paths["/api/me/debt"].get.responses)).toEqual(expect.arrayContaining(["200", "401", "403"]));
  });
});

describe("the OpenAPI document names the answers given before a route runs", () => {
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, statuses: Object.keys(op.responses) })));

  it("413 on every operation that reads a body (every write), 421 on every operation but the health probe", () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    const writes = ops.filter((o) => ["post", "put", "patch", "delete"].includes(o.method));
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.filter((o) => !o.statuses.includes("413")).map((o) => o.key)).toEqual([]);
    expect(writes.filter((o) => !o.statuses.includes("403")).map((o) => o.key)).toEqual([]);
    expect(ops.filter((o) => !o.statuses.includes("421")).map((o) => o.key)).toEqual(["GET /api/health"]);
  });

  it("429 where a rate limit is mounted, and 403 wherever 401 is", () => {
    for (const key of ["POST /api/demo/login", "POST /api/auth/login", "POST /api/auth/register", "POST /api/bets"])
      expect(operations().find((o) => o.key === key)?.statuses, key).toContain("429");
    expect(operations().filter((o) => o.statuses.includes("401") && !o.statuses.includes("403")).map((o) => o.key)).toEqual([]);
  });

  it("GET /api/auth/session: the user may be null, as a visitor's answer is", async () => {
    const res = await t.app.request("/api/auth/session");
    expect(await res.json()).toEqual({ user: null });
    const ref = (doc.paths["/api/auth/session"].get.responses["200"] as any).content["application/json"].schema.$ref as string;
    const user = doc.components.schemas[ref.split("/").pop()!].properties.user;
    // The generator's allOf [CurrentUser, object|null] would refuse null: the schema must offer null as an alternative.
    expect(user.allOf).toBeUndefined();
    expect((user.anyOf ?? user.oneOf) as unknown[]).toEqual(expect.arrayContaining([{ type: "null" }, { $ref: "#/components/schemas/CurrentUser" }]));
  });
});

describe("Cache-Control: no-store on every error answer", () => {
  const json = (headers: Record<string, string> = {}, body = "{}") => ({ method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  const cases: [string, number, () => Response | Promise<Response>][] = [
    ["a cross-origin write (403)", 403, () => t.app.request("/api/demo/login", json({ origin: "https://evil.example" }))],
    ["a cross-site write by Sec-Fetch-Site (403)", 403, () => t.app.request("/api/demo/login", json({ "sec-fetch-site": "cross-site" }))],
    ["a body over 64 KiB (413)", 413, () => t.app.request("/api/demo/login", json({ "content-length": String(1024 * 1024) }, "x".repeat(70_000)))],
    ["a Content-Length that is not a byte count (400)", 400, () => t.app.request("/api/events", { headers: { "content-length": "lots" } })],
    ["a foreign host (421)", 421, () => t.app.request("http://evil.example/api/events", { headers: { host: "evil.example" } })],
    ["a visitor on a protected route (401)", 401, () => t.app.request("/api/bets")],
    ["an invalid body (400)", 400, () => t.app.request("/api/auth/login", json({}, "{"))],
    ["an unknown API path (404)", 404, () => t.app.request("/api/no-such-thing")],
    ["the site's 404 page", 404, () => t.app.request("/no-such-page")],
  ];
  for (const [what, status, send] of cases)
    it(what, async () => {
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.headers.get("cache-control")).toBe("no-store");
    });

  it("a rate-limited request (429)", async () => {
    const limited = await makeTestApp({ seed: false, rateLimits: { ...DEFAULT_RATE_LIMITS, "demo-login": { limit: 1, windowMs: 600_000, by: "ip" } } });
    try {
      const demo = () => limited.app.request("/api/demo/login", json({}, JSON.stringify({ role: "customer" })));
      expect((await demo()).status).toBe(200);
      const res = await demo();
      await expectError(res.clone(), 429, "RATE.LIMITED");
      expect(res.headers.get("cache-control")).toBe("no-store");
    } finally {
      limited.close();
    }
  });
});
