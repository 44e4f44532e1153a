/**
 * Sessions and browsers, the parts not already covered elsewhere (demo-login cookie attributes:
 * tests/api/session.test.ts; CSP script hashes: tests/api/site.test.ts; cross-origin refusal of
 * every state-changing route: tests/api/authorization-matrix.test.ts):
 *
 * - every way a session cookie is issued (demo login, registration, email sign-in) sets it
 *   HttpOnly, SameSite=Lax, Path=/; over HTTPS (an https URL, X-Forwarded-Proto: https from a
 *   proxy TRUST_PROXY vouches for, or a host whose PUBLIC_ORIGIN is https) it is `__Host-sid` and
 *   Secure, with no Domain; over plain HTTP it is `sid` without Secure, and so it stays when anyone
 *   else sends X-Forwarded-Proto: https;
 * - the `__Host-` cookie is what the server reads back, and logging out over HTTPS expires it;
 * - security headers on an API answer, an API error, a redirect, a page and the 404 page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import type { AssetSource } from "../../api/env.ts";

const files: Record<string, string> = {
  "index.html": "<html>landing</html>",
  "404.html": "<html>404 Page Not Found</html>",
  "betting/index.html": "<html>betting<script>window.island=1</script></html>",
};
const assets: AssetSource = {
  async get(path) {
    const body = files[path];
    return body === undefined ? null : { body: new TextEncoder().encode(body), contentType: "text/html; charset=utf-8" };
  },
};

let t: TestApp;
/** Behind one trusted proxy (TRUST_PROXY=1). */
let proxied: TestApp;
/** Served at https://book.example (PUBLIC_ORIGIN), the TLS ended before us. */
let published: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ assets });
  proxied = await makeTestApp({ seed: false, trustProxy: true });
  published = await makeTestApp({ seed: false, publicOrigin: "https://book.example" });
});
afterAll(() => {
  t.close();
  proxied.close();
  published.close();
});

let n = 0;
const email = () => `session.security.${Date.now()}.${n++}@example.com`;
const PASSWORD = "correct horse battery staple";
const registration = (e: string) => ({ firstName: "Sam", lastName: "Secure", email: e, password: PASSWORD, dateOfBirth: "1990-05-01" });

type Transport = "http" | "https-url" | "forwarded-proto" | "public-origin";
const TRANSPORTS: Transport[] = ["http", "https-url", "forwarded-proto", "public-origin"];
const urlOf = (tr: Transport, path: string) =>
  tr === "https-url" ? `https://localhost${path}` : tr === "public-origin" ? `http://book.example${path}` : `http://localhost${path}`;
const headersOf = (tr: Transport, extra: Record<string, string> = {}): Record<string, string> => ({
  "content-type": "application/json",
  ...(tr === "forwarded-proto" ? { "x-forwarded-proto": "https" } : {}),
  ...(tr === "public-origin" ? { host: "book.example" } : {}),
  ...extra,
});
const appFor = (tr: Transport) => (tr === "forwarded-proto" ? proxied : tr === "public-origin" ? published : t);

async function post(tr: Transport, path: string, body: unknown, extra: Record<string, string> = {}) {
  return appFor(tr).app.request(urlOf(tr, path), { method: "POST", headers: headersOf(tr, extra), body: JSON.stringify(body) });
}

/** The session cookie a response sets, split into its name, value and lower-cased attributes. */
function sessionCookie(res: Response) {
  const raw = res.headers.getSetCookie().find((c) => /^(__Host-sid|sid)=/.test(c));
  expect(raw, res.headers.getSetCookie().join(" | ")).toBeDefined();
  const [pair, ...attrs] = raw!.split(";").map((p) => p.trim());
  const eq = pair.indexOf("=");
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attrs: attrs.map((a) => a.toLowerCase()) };
}

function expectCookieFor(tr: Transport, c: ReturnType<typeof sessionCookie>) {
  expect(c.value.length).toBeGreaterThanOrEqual(32);
  expect(c.attrs).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
  expect(c.attrs.some((a) => a.startsWith("domain="))).toBe(false);
  if (tr === "http") {
    expect(c.name).toBe("sid");
    expect(c.attrs).not.toContain("secure");
  } else {
    // __Host- requires Secure, Path=/ and no Domain, or browsers ignore the cookie.
    expect(c.name).toBe("__Host-sid");
    expect(c.attrs).toContain("secure");
  }
}

describe("the session cookie, however it is issued", () => {
  it.each(TRANSPORTS)("over %s: demo login, registration and email sign-in all set it with the right attributes", async (tr) => {
    const demo = await post(tr, "/api/demo/login", { role: "customer" });
    expect(demo.status).toBe(200);
    expectCookieFor(tr, sessionCookie(demo));

    const e = email();
    const registered = await post(tr, "/api/auth/register", registration(e));
    expect(registered.status, await registered.clone().text()).toBe(201);
    expectCookieFor(tr, sessionCookie(registered));

    const signedIn = await post(tr, "/api/auth/login", { email: e, password: PASSWORD });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    expectCookieFor(tr, sessionCookie(signedIn));
  });

  it("X-Forwarded-Proto: https from a client with no trusted proxy in between is ignored: a plain sid, cleared over the same HTTP", async () => {
    const forged = { "content-type": "application/json", "x-forwarded-proto": "https" };
    const login = await t.app.request("http://localhost/api/demo/login", { method: "POST", headers: forged, body: JSON.stringify({ role: "customer" }) });
    expect(login.status).toBe(200);
    const c = sessionCookie(login);
    expect(c.name).toBe("sid");
    expect(c.attrs).not.toContain("secure");
    const out = await t.app.request("http://localhost/api/auth/logout", { method: "POST", headers: { ...forged, cookie: `sid=${c.value}` }, body: "{}" });
    expect(out.status).toBe(200);
    const cleared = out.headers.getSetCookie();
    expect(cleared.some((s) => s.startsWith("sid=") && /max-age=0|expires=thu, 01 jan 1970/i.test(s))).toBe(true);
    expect(cleared.some((s) => s.startsWith("__Host-sid="))).toBe(false);
    expect((await t.app.request("http://localhost/api/auth/user", { headers: { cookie: `sid=${c.value}` } })).status).toBe(401);
  });

  it("the value is an opaque token, not the user id, and differs per sign-in", async () => {
    const a = sessionCookie(await post("https-url", "/api/demo/login", { role: "customer" }));
    const b = sessionCookie(await post("https-url", "/api/demo/login", { role: "customer" }));
    expect(a.value).not.toBe(b.value);
    const stored = await t.database.client.execute("SELECT id, user_id FROM sessions");
    const ids = stored.rows.flatMap((r) => [String(r.id), String(r.user_id)]);
    // The server keeps only a hash of the token: the cookie value is not a stored id or a user id.
    expect(ids).not.toContain(a.value);
    expect(ids).not.toContain(b.value);
  });
});

describe("the __Host- cookie over HTTPS", () => {
  it("is read back by the server, and logging out over HTTPS expires it and ends the session", async () => {
    const login = await post("https-url", "/api/demo/login", { role: "customer" });
    const c = sessionCookie(login);
    const cookie = `${c.name}=${c.value}`;
    const me = await t.app.request("https://localhost/api/auth/user", { headers: { cookie } });
    expect(me.status).toBe(200);

    const out = await t.app.request("https://localhost/api/auth/logout", { method: "POST", headers: { cookie, "content-type": "application/json" }, body: "{}" });
    expect(out.status).toBe(200);
    const cleared = out.headers.getSetCookie().find((s) => s.startsWith("__Host-sid="));
    expect(cleared, out.headers.getSetCookie().join(" | ")).toBeDefined();
    expect(cleared!.toLowerCase()).toMatch(/max-age=0|expires=thu, 01 jan 1970/);
    expect(cleared!.toLowerCase()).toContain("secure");
    // The token no longer works, even if a client kept it.
    const after = await t.app.request("https://localhost/api/auth/user", { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it("a cookie longer than any token is ignored (anonymous), not looked up", async () => {
    const res = await t.app.request("https://localhost/api/auth/user", { headers: { cookie: `__Host-sid=${"a".repeat(5000)}` } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("AUTH.REQUIRED");
  });
});

describe("security headers on every kind of response", () => {
  const cases: [string, () => Response | Promise<Response>][] = [
    ["an API answer", () => t.app.request("/api/events?limit=1")],
    ["an API error (401)", () => t.app.request("/api/auth/user")],
    ["an unknown API path (404 JSON)", () => t.app.request("/api/no/such/route")],
    ["a validation error (400)", () => new Session(t).post("/api/demo/login", { role: "root" })],
    ["a cross-origin refusal (403)", () => new Session(t).post("/api/demo/login", { role: "customer" }, { origin: "https://evil.example" })],
    ["a redirect (302)", () => t.app.request("/api/login?next=/account")],
    ["a page", () => t.app.request("/")],
    ["a page with an inline script", () => t.app.request("/betting")],
    ["the 404 page", () => t.app.request("/no/such/page")],
  ];

  it.each(cases)("%s: CSP (frame-ancestors 'none', no inline scripts but by hash), nosniff, X-Frame-Options, Referrer-Policy", async (_name, run) => {
    const res = await run();
    await res.body?.cancel();
    expect(res.status).toBeLessThan(500);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    const scriptSrc = (/script-src ([^;]+)/.exec(csp)?.[1] ?? "").trim().split(/\s+/);
    expect(scriptSrc[0]).toBe("'self'");
    expect(scriptSrc.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(s)), scriptSrc.join(" ")).toBe(true);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("the 404 page answers with status 404", async () => {
    expect((await t.app.request("/no/such/page")).status).toBe(404);
  });
});
