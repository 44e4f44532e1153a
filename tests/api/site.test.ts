/**
 * Serving the site from the API process: pages, the session-dependent routes, the 404 page with
 * its status, cache headers, and paths that try to leave the site folder.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import type { AssetSource } from "../../api/env.ts";

/** The built site as a map of files, standing in for dist/ on disk. */
const files: Record<string, string> = {
  "index.html": "<html>landing</html>",
  "404.html": "<html>404 Page Not Found</html>",
  "betting/index.html": '<html>betting<script>window.island=1</script><script type="module" src="/_astro/app.abc123.js"></script><script type="module">import("/x")</script></html>',
  "admin/index.html": "<html>admin console</html>",
  "account/index.html": "<html>account</html>",
  "public/index.html": "<html>public view</html>",
  "_astro/app.abc123.js": "console.log(1)",
  "favicon.svg": "<svg/>",
};
const assets: AssetSource = {
  async get(path) {
    const body = files[path];
    if (body === undefined) return null;
    const type = path.endsWith(".html") ? "text/html; charset=utf-8" : path.endsWith(".js") ? "text/javascript" : "image/svg+xml";
    return { body: new TextEncoder().encode(body), contentType: type };
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ seed: false, assets });
});
afterAll(() => t.close());

describe("the site", () => {
  it("serves pages with and without a trailing slash, HTML uncached, hashed assets immutable", async () => {
    for (const path of ["/", "/betting", "/betting/", "/admin"]) expect((await t.app.request(path)).status).toBe(200);
    expect(await (await t.app.request("/betting")).text()).toContain("betting");
    expect((await t.app.request("/")).headers.get("cache-control")).toBe("no-cache");
    const js = await t.app.request("/_astro/app.abc123.js");
    expect(js.headers.get("cache-control")).toContain("immutable");
    expect(js.headers.get("content-type")).toContain("javascript");
  });

  it("answers unknown paths with the 404 page and status 404", async () => {
    const res = await t.app.request("/no/such/page");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("404 Page Not Found");
  });

  it("refuses paths that leave the site folder or are not valid URLs, with a 404, never a 500", async () => {
    for (const path of ["/..%2f..%2fpackage.json", "/%2e%2e/%2e%2e/etc/passwd", "/%E0%A4%A", "/%00", "/_astro/%2e%2e/%2e%2e/package.json"]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
    }
  });

  it("shows /dashboard, /profile and /sportsbook only to a signed-in user, the landing page otherwise", async () => {
    const anon = new Session(t);
    for (const path of ["/dashboard", "/profile", "/sportsbook"]) {
      const res = await anon.get(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("<html>landing</html>");
      expect(res.headers.get("vary")).toContain("Cookie");
    }
    const s = await demoLogin(t, "admin");
    expect(await (await s.get("/dashboard")).text()).toContain("admin console");
    expect(await (await s.get("/profile")).text()).toContain("account");
    expect(await (await s.get("/sportsbook/")).text()).toContain("public view");
  });

  it("sends the security headers on pages too", async () => {
    const res = await t.app.request("/");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("content security policy", () => {
  const sha256 = async (text: string) =>
    `'sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))))}'`;

  it("allows a page's own inline scripts by hash, never 'unsafe-inline'", async () => {
    const csp = (await t.app.request("/betting")).headers.get("content-security-policy")!;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1].split(" ");
    expect(scriptSrc).toEqual(["'self'", await sha256("window.island=1"), await sha256('import("/x")')]);
    expect(csp).not.toContain("'unsafe-inline' 'sha");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it("API responses and pages without inline scripts allow scripts from our origin only", async () => {
    for (const path of ["/api/health", "/", "/no-such-page"]) {
      const csp = (await t.app.request(path)).headers.get("content-security-policy")!;
      expect(/script-src ([^;]+)/.exec(csp)![1]).toBe("'self'");
      expect(csp).toContain("object-src 'none'");
    }
  });
});
