/**
 * The edges of the API (body cap, malformed input, headers), through app.request() against a real database:
 *   - the 64 KiB body cap: 413 REQUEST.TOO_LARGE with the envelope, a declared Content-Length
 *     refused without reading, a chunked body counted while it streams and never read past the cap;
 *   - logout by POST only (GET shows a page with a button; a cross-site POST is refused);
 *   - the whole origin compared, X-Forwarded-Host / -Proto only with TRUST_PROXY (the rest of
 *     proxy trust and PUBLIC_ORIGIN: tests/api/proxy-trust.test.ts);
 *   - names and free text refusing control and bidirectional formatting characters.
 * Password checks under the throttle and per-address limits: tests/api/password-checks.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, expectError, expectInvalidFields } from "../fixtures/builders.ts";
import { PASSWORD, registerCustomer } from "../fixtures/accounts.ts";
import { MAX_BODY_BYTES } from "../../api/middleware/body-limit.ts";
import { useEdgeApp } from "../fixtures/edges.ts";

const t = useEdgeApp();


// ---------------------------------------------------------------- body cap

/** A body stream of `chunk`-byte pieces, endless unless `total` is given; counts what was pulled and whether it was cancelled. */
function countingStream(chunk: number, total = Infinity) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= total) return controller.close();
        const n = Math.min(chunk, total - state.pulled);
        state.pulled += n;
        controller.enqueue(new Uint8Array(n).fill(0x20));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

describe("the request body cap", () => {
  it("refuses a declared Content-Length over 64 KiB with 413 REQUEST.TOO_LARGE and the envelope, without reading the body", async () => {
    const users = await countRows(t.database, "SELECT COUNT(*) AS n FROM users");
    // Endless: had the server waited for the body, this request would never be answered.
    const { stream, state } = countingStream(16 * 1024);
    const res = await t.app.request("/api/demo/login", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(300 * 1024 * 1024) },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const body = await expectError(res, 413, "REQUEST.TOO_LARGE");
    expect(body.error.details).toEqual({ maxBytes: MAX_BODY_BYTES });
    expect(res.headers.get("connection")).toBe("close");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(state.pulled).toBe(0);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users")).toBe(users);
  });

  it("counts a chunked body (no Content-Length) while it streams: stops at the cap, cancels the stream, answers 413", async () => {
    const users = await countRows(t.database, "SELECT COUNT(*) AS n FROM users");
    const chunk = 8 * 1024;
    const { stream, state } = countingStream(chunk);
    const res = await t.app.request("/api/demo/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    await expectError(res, 413, "REQUEST.TOO_LARGE");
    // Endless stream, yet only about the cap was ever pulled: the body is not buffered.
    expect(state.pulled).toBeGreaterThan(MAX_BODY_BYTES);
    expect(state.pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * chunk);
    await expect.poll(() => state.cancelled).toBe(true);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users")).toBe(users);
  });

  it("lets a chunked body within the cap through to the handler, whole", async () => {
    const json = new TextEncoder().encode(JSON.stringify({ role: "customer" }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(json.slice(0, 5));
        controller.enqueue(json.slice(5));
        controller.close();
      },
    });
    const res = await t.app.request("/api/demo/login", { method: "POST", headers: { "content-type": "application/json" }, body: stream, duplex: "half" } as RequestInit);
    expect(res.status).toBe(200);
  });

  it("accepts a body of exactly the cap and refuses one byte more (the handler then judges the content)", async () => {
    const s = await demoLogin(t, "customer");
    const pad = (n: number) => JSON.stringify({ role: "customer", pad: "x".repeat(n) });
    const base = pad(0).length;
    const exact = pad(MAX_BODY_BYTES - base);
    expect(new TextEncoder().encode(exact).length).toBe(MAX_BODY_BYTES);
    // Within the cap: read and validated (an unknown key is a 400, not a 413).
    expect((await s.post("/api/demo/login", exact)).status).toBe(400);
    await expectError(await s.post("/api/demo/login", pad(MAX_BODY_BYTES - base + 1)), 413, "REQUEST.TOO_LARGE");
  });

  it("refuses a Content-Length that is not a byte count with 400", async () => {
    const res = await t.app.request("/api/demo/login", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": "12abc" },
      body: JSON.stringify({ role: "customer" }),
    });
    await expectError(res, 400, "REQUEST.INVALID");
  });
});

// ---------------------------------------------------------------- password checks

// ---------------------------------------------------------------- logout

describe("logout by POST only", () => {
  it("GET /api/logout signs nobody out: it answers a page whose button POSTs to /api/logout", async () => {
    const r = await registerCustomer(t);
    const res = await r.session.get("/api/logout");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<form method="post" action="/api/logout">');
    expect((await r.session.get("/api/auth/user")).status).toBe(200);
  });

  it("the page's form POST signs out and sends the browser home (303 to /)", async () => {
    const r = await registerCustomer(t);
    const cookie = r.session.cookie;
    const res = await r.session.request("POST", "/api/logout", "", {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    const replay = new Session(t);
    replay.cookie = cookie;
    await expectError(await replay.get("/api/auth/user"), 401, "AUTH.REQUIRED");
  });

  it("a POST from another site is refused (403 REQUEST.CROSS_ORIGIN) and the session survives", async () => {
    const r = await registerCustomer(t);
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { origin: "null" }] as Record<string, string>[])
      await expectError(await r.session.request("POST", "/api/logout", "", { "content-type": "application/x-www-form-urlencoded", ...headers }), 403, "REQUEST.CROSS_ORIGIN");
    expect((await r.session.get("/api/auth/user")).status).toBe(200);
  });
});

// ---------------------------------------------------------------- origin

describe("the same-origin check compares the whole origin", () => {
  let direct: TestApp;
  /** Served at https://book.example through one trusted proxy. */
  let behindProxy: TestApp;
  /** Served at https://book.example with nobody's X-Forwarded-* believed. */
  let published: TestApp;
  beforeAll(async () => {
    direct = await makeTestApp({ trustProxy: false, seed: false });
    behindProxy = await makeTestApp({ trustProxy: true, seed: false, publicOrigin: "https://book.example" });
    published = await makeTestApp({ seed: false, publicOrigin: "https://book.example" });
  });
  afterAll(() => {
    direct.close();
    behindProxy.close();
    published.close();
  });

  const demo = (app: TestApp, url: string, headers: Record<string, string>) =>
    app.app.request(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ role: "customer" }) });

  it("allows our own origin, with or without the default port", async () => {
    expect((await demo(direct, "http://localhost/api/demo/login", { origin: "http://localhost" })).status).toBe(200);
    expect((await demo(direct, "http://localhost/api/demo/login", { origin: "http://localhost:80" })).status).toBe(200);
    expect((await demo(direct, "https://127.0.0.1/api/demo/login", { origin: "https://127.0.0.1", host: "127.0.0.1" })).status).toBe(200);
    expect((await demo(published, "https://book.example/api/demo/login", { origin: "https://book.example", host: "book.example" })).status).toBe(200);
    expect((await demo(published, "https://book.example:443/api/demo/login", { origin: "https://book.example", host: "book.example:443" })).status).toBe(200);
    expect((await demo(direct, "http://localhost:4321/api/demo/login", { origin: "http://localhost:4321", host: "localhost:4321" })).status).toBe(200);
  });

  it("refuses the same host on another scheme or port", async () => {
    const users = await countRows(direct.database, "SELECT COUNT(*) AS n FROM users");
    await expectError(await demo(direct, "http://localhost/api/demo/login", { origin: "https://localhost" }), 403, "REQUEST.CROSS_ORIGIN");
    await expectError(await demo(direct, "https://localhost/api/demo/login", { origin: "http://localhost" }), 403, "REQUEST.CROSS_ORIGIN");
    await expectError(await demo(direct, "http://localhost/api/demo/login", { origin: "http://localhost:8080" }), 403, "REQUEST.CROSS_ORIGIN");
    await expectError(
      await demo(direct, "http://localhost:3000/api/demo/login", { origin: "http://localhost:3001", host: "localhost:3000" }),
      403,
      "REQUEST.CROSS_ORIGIN",
    );
    expect(await countRows(direct.database, "SELECT COUNT(*) AS n FROM users")).toBe(users);
  });

  it("without TRUST_PROXY ignores X-Forwarded-Host and X-Forwarded-Proto", async () => {
    await expectError(
      await demo(direct, "http://localhost/api/demo/login", { origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }),
      403,
      "REQUEST.CROSS_ORIGIN",
    );
    await expectError(await demo(direct, "http://localhost/api/demo/login", { origin: "https://localhost", "x-forwarded-proto": "https" }), 403, "REQUEST.CROSS_ORIGIN");
    // The real host still works whatever the forwarded headers say.
    expect((await demo(direct, "http://localhost/api/demo/login", { origin: "http://localhost", "x-forwarded-host": "evil.example" })).status).toBe(200);
  });

  it("with TRUST_PROXY takes the browser-facing origin from the proxy's X-Forwarded-Proto and -Host", async () => {
    const behind = { "x-forwarded-host": "book.example", "x-forwarded-proto": "https" };
    expect((await demo(behindProxy, "http://10.0.0.5:3000/api/demo/login", { origin: "https://book.example", ...behind })).status).toBe(200);
    await expectError(await demo(behindProxy, "http://10.0.0.5:3000/api/demo/login", { origin: "http://book.example", ...behind }), 403, "REQUEST.CROSS_ORIGIN");
    await expectError(await demo(behindProxy, "http://10.0.0.5:3000/api/demo/login", { origin: "https://evil.example", ...behind }), 403, "REQUEST.CROSS_ORIGIN");
    // A forwarded host that is not ours (or not a host at all) is a request for someone else: 421.
    await expectError(await demo(behindProxy, "http://10.0.0.5:3000/api/demo/login", { origin: "https://book.example", "x-forwarded-host": "book.example/evil" }), 421, "REQUEST.MISDIRECTED");
    // On loopback with no PUBLIC_ORIGIN the proxy's scheme decides the origin.
    expect((await demo(t, "http://localhost:3000/api/demo/login", { origin: "https://localhost:3000", "x-forwarded-proto": "https" })).status).toBe(200);
    await expectError(await demo(t, "http://localhost:3000/api/demo/login", { origin: "http://localhost:3000", "x-forwarded-proto": "https" }), 403, "REQUEST.CROSS_ORIGIN");
  });

  it("with PUBLIC_ORIGIN compares with the configured origin, whatever scheme reached us", async () => {
    // The TLS ended at a proxy we do not trust for headers: the configured https origin still holds.
    expect((await demo(published, "http://book.example/api/demo/login", { origin: "https://book.example", host: "book.example" })).status).toBe(200);
    await expectError(await demo(published, "http://book.example/api/demo/login", { origin: "http://book.example", host: "book.example" }), 403, "REQUEST.CROSS_ORIGIN");
    await expectError(
      await demo(published, "http://book.example/api/demo/login", { origin: "https://evil.example", host: "book.example", "x-forwarded-host": "evil.example" }),
      403,
      "REQUEST.CROSS_ORIGIN",
    );
  });
});

// ---------------------------------------------------------------- names and free text

describe("names and free text refuse control and bidirectional formatting characters", () => {
  const RLO = "\u202e";

  it("registration: 400 naming the field, and no account is created", async () => {
    const users = await countRows(t.database, "SELECT COUNT(*) AS n FROM users");
    const reg = (over: Record<string, string>) =>
      new Session(t).post("/api/auth/register", { firstName: "Jane", lastName: "Citizen", email: `bidi.${Math.random()}@example.org`, password: PASSWORD, dateOfBirth: "1990-04-21", ...over });
    const body = await expectInvalidFields(await reg({ firstName: `Jo${RLO}nhoj` }), "firstName");
    expect(JSON.stringify(body.error.details)).toContain("U+202E");
    await expectInvalidFields(await reg({ lastName: "Cit\u0000izen" }), "lastName");
    await expectInvalidFields(await reg({ lastName: "Citi\u2066zen" }), "lastName");
    await expectInvalidFields(await reg({ firstName: "Ja\nne" }), "firstName");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users")).toBe(users);
    // Names in other scripts are fine.
    expect((await reg({ firstName: "Zoë", lastName: "محمد" })).status).toBe(201);
  });

  it("profile details and the verification form: 400 naming the field, nothing changed", async () => {
    const r = await registerCustomer(t);
    await expectInvalidFields(await r.session.request("PATCH", "/api/account/details", { lastName: `Smith${RLO}` }), "lastName");
    const me = (await (await r.session.get("/api/auth/user")).json()) as { lastName: string };
    expect(me.lastName).toBe("Citizen");
    await expectInvalidFields(
      await r.session.post("/api/account/verification/basic", {
        firstName: "Jane",
        lastName: "Citizen",
        dateOfBirth: "1990-04-21",
        addressLine1: `1 Collins${RLO} Street`,
        city: "Melbourne",
        postcode: "3000",
        country: "Australia",
      }),
      "addressLine1",
    );
  });

  it("back-office free text (task title and description, fraud notes, account flags): 400 naming the field; line breaks in notes are fine", async () => {
    const admin = await demoLogin(t, "admin");
    const tasks = await countRows(t.database, "SELECT COUNT(*) AS n FROM tasks");
    const task = (over: Record<string, unknown>) => admin.post("/api/admin/tasks", { title: "Review", category: "risk_review", ...over });
    await expectInvalidFields(await task({ title: `Pay ${RLO}enoemos` }), "title");
    await expectInvalidFields(await task({ description: `see ${RLO}here` }), "description");
    await expectInvalidFields(await task({ description: "bell \u0007" }), "description");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM tasks")).toBe(tasks);
    const ok = await task({ description: "First line\nsecond line\twith a tab" });
    expect(ok.status).toBe(201);

    const customer = await demoLogin(t, "customer");
    const customerId = ((await (await customer.get("/api/auth/user")).json()) as { id: string }).id;
    await expectInvalidFields(await admin.post(`/api/admin/crm/customers/${customerId}/flag`, { reason: `odd ${RLO}` }), "reason");
    await expectInvalidFields(await admin.post("/api/admin/fraud-alert/fa_any/resolve", { resolution: "resolved", notes: `x${RLO}` }), "notes");
  });
});
